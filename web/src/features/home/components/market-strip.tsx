import { SAMPLE_DATA_LABEL, type MarketSnapshot } from '@probedge/proto';
import { changeDirection } from './stock-details-panel';
import {
  Move,
  QuoteButton,
  QuoteList,
  SampleBadge,
  Strip,
  StripHeader,
} from './market-strip.styles';

const price = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const time = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

interface MarketStripProps {
  snapshot: MarketSnapshot;
  selected: string | null;
  onSelect: (symbol: string) => void;
}

/**
 * The watch list's quotes with where and when they come from; selecting one opens the Stock Details
 * panel. Sample figures say so in the heading, and stale ones are marked.
 */
export function MarketStrip({ snapshot, selected, onSelect }: MarketStripProps) {
  if (snapshot.quotes.length === 0) return null;
  const asOf = new Date(snapshot.asOf);
  return (
    <Strip aria-labelledby="market-strip-title">
      <StripHeader>
        <h2 id="market-strip-title">
          Markets
          {snapshot.sampleData && <SampleBadge>{SAMPLE_DATA_LABEL}</SampleBadge>}
        </h2>
        <p>
          {snapshot.sampleData
            ? 'Sample figures, not market prices'
            : `Source: ${snapshot.sources.join(', ')}`}
          {Number.isNaN(asOf.getTime()) ? '' : ` · as of ${time.format(asOf)}`}
        </p>
      </StripHeader>
      <QuoteList>
        {snapshot.quotes.map((quote) => {
          const direction = changeDirection(quote.change);
          const sign = quote.percentChange > 0 ? '+' : '';
          return (
            <li key={quote.symbol}>
              <QuoteButton
                type="button"
                aria-pressed={selected === quote.symbol}
                aria-label={`${quote.symbol}, ${quote.name}: show details`}
                onClick={() => onSelect(quote.symbol)}
              >
                <span>{quote.symbol}</span>
                <span>
                  {price.format(quote.price)} {quote.currency}
                  {quote.stale ? ' (delayed)' : ''}
                </span>
                <Move data-direction={direction} $direction={direction}>
                  {sign}
                  {price.format(quote.percentChange)}%
                </Move>
              </QuoteButton>
            </li>
          );
        })}
      </QuoteList>
    </Strip>
  );
}
