import { useState } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion';
import {
  Headlines,
  PauseButton,
  SymbolButton,
  TickerBar,
  Track,
  Viewport,
} from './top-stories-ticker.styles';

export interface TickerHeadline {
  title: string;
  url?: string;
  /** The instruments the story names: each becomes a button that opens its Stock Details. */
  tickers?: readonly string[];
}

/** How many of a headline's tickers the bar shows. */
const MAX_HEADLINE_TICKERS = 3;

type SelectSymbol = (symbol: string) => void;

function HeadlineList({
  headlines,
  copy,
  onSelectSymbol,
}: {
  headlines: readonly TickerHeadline[];
  copy: boolean;
  onSelectSymbol?: SelectSymbol;
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
          {onSelectSymbol &&
            headline.tickers?.slice(0, MAX_HEADLINE_TICKERS).map((symbol) => (
              <SymbolButton
                key={symbol}
                type="button"
                tabIndex={copy ? -1 : undefined}
                onClick={() => onSelectSymbol(symbol)}
              >
                <span className="visually-hidden">Stock details for </span>
                {symbol}
              </SymbolButton>
            ))}
        </li>
      ))}
    </Headlines>
  );
}

/**
 * Scrolls unless the reader asked for reduced motion; hover, focus or the button pause it. A
 * headline's tickers open their Stock Details through `onSelectSymbol`.
 */
export function TopStoriesTicker({
  headlines,
  onSelectSymbol,
}: {
  headlines: readonly TickerHeadline[];
  onSelectSymbol?: SelectSymbol;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const animated = !reducedMotion;

  return (
    <TickerBar aria-labelledby="top-stories-title">
      <h2 id="top-stories-title">Top Stories</h2>
      <Viewport data-testid="ticker" data-animated={animated} data-paused={animated && paused}>
        <Track $animated={animated} $paused={paused}>
          <HeadlineList headlines={headlines} copy={false} onSelectSymbol={onSelectSymbol} />
          {animated && <HeadlineList headlines={headlines} copy onSelectSymbol={onSelectSymbol} />}
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
