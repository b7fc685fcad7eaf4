import { useState } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion';
import { Headlines, PauseButton, TickerBar, Track, Viewport } from './top-stories-ticker.styles';

export interface TickerHeadline {
  title: string;
  url?: string;
}

function HeadlineList({
  headlines,
  copy,
}: {
  headlines: readonly TickerHeadline[];
  copy: boolean;
}) {
  return (
    // The second copy only makes the loop seamless; assistive tech and Tab skip it.
    <Headlines aria-hidden={copy || undefined}>
      {headlines.map((headline, index) => (
        <li key={`${index}-${headline.title}`}>
          {headline.url ? (
            <a
              href={headline.url}
              target="_blank"
              rel="noopener noreferrer"
              tabIndex={copy ? -1 : undefined}
            >
              {headline.title}
            </a>
          ) : (
            headline.title
          )}
        </li>
      ))}
    </Headlines>
  );
}

/** Scrolls unless the reader asked for reduced motion; hover, focus or the button pause it. */
export function TopStoriesTicker({ headlines }: { headlines: readonly TickerHeadline[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const animated = !reducedMotion;

  return (
    <TickerBar aria-labelledby="top-stories-title">
      <h2 id="top-stories-title">Top Stories</h2>
      <Viewport data-testid="ticker" data-animated={animated} data-paused={animated && paused}>
        <Track $animated={animated} $paused={paused}>
          <HeadlineList headlines={headlines} copy={false} />
          {animated && <HeadlineList headlines={headlines} copy />}
        </Track>
      </Viewport>
      {animated && (
        <PauseButton type="button" onClick={() => setPaused(!paused)}>
          {paused ? 'Resume scrolling' : 'Pause scrolling'}
        </PauseButton>
      )}
    </TickerBar>
  );
}
