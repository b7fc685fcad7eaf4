import type { MarketSnapshot } from '@probedge/proto';
import { SampleBadge } from '../../../components/ui/sample-badge';
import { changeDirection, formatDecimal, formatQuoteTime } from '../../../lib/market-format';
import { Move, QuoteButton, QuoteList, Strip, StripHeader } from './market-strip.styles';

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
  const asOf = formatQuoteTime(snapshot.asOf);
  return (
    <Strip aria-labelledby="market-strip-title">
      <StripHeader>
        <h2 id="market-strip-title">
          Markets
          {snapshot.sampleData && <SampleBadge />}
        </h2>
        <p>
          {snapshot.sampleData
            ? 'Sample figures, not market prices'
            : `Source: ${snapshot.sources.join(', ')}`}
          {asOf && ` · as of ${asOf}`}
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
                  {formatDecimal(quote.price)} {quote.currency}
                  {quote.stale ? ' (delayed)' : ''}
                </span>
                <Move data-direction={direction} $direction={direction}>
                  {sign}
                  {formatDecimal(quote.percentChange)}%
                </Move>
              </QuoteButton>
            </li>
          );
        })}
      </QuoteList>
    </Strip>
  );
}
