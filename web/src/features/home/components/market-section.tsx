import type { MarketSnapshot } from '@probedge/proto';
import { Button } from '../../../components/ui/button-link.styles';
import { HttpError } from '../../../lib/api-client';
import { toStock, useSymbolDetails } from '../../../lib/symbol-details';
import { MarketBlock } from './market-strip.styles';
import { MarketStrip } from './market-strip';
import { StockDetailsPanel } from './stock-details-panel';

interface MarketSectionProps {
  /** null while the watch list cannot be read: a ticker chosen elsewhere still opens its panel. */
  snapshot: MarketSnapshot | null;
  selected: string | null;
  onSelect: (symbol: string | null) => void;
}

/**
 * The market strip and, for the ticker a visitor selects (there or in Top Stories), the Stock
 * Details panel. The home page loads this code only once a snapshot arrives or a ticker is chosen,
 * so the landing route carries none of it.
 */
export function MarketSection({ snapshot, selected, onSelect }: MarketSectionProps) {
  const details = useSymbolDetails(selected);
  const stock = selected && details.data?.quote.symbol === selected ? details.data : null;
  return (
    <>
      {snapshot && (
        <MarketBlock>
          <MarketStrip snapshot={snapshot} selected={selected} onSelect={onSelect} />
        </MarketBlock>
      )}
      {selected && !stock && details.error && (
        <MarketBlock role="status">
          {details.error instanceof HttpError && details.error.status === 404
            ? `No instrument has the symbol ${selected}.`
            : `Details for ${selected} are unavailable right now.`}{' '}
          <Button type="button" $variant="secondary" onClick={() => onSelect(null)}>
            Close Details
          </Button>
        </MarketBlock>
      )}
      {stock && (
        <MarketBlock>
          <StockDetailsPanel
            stock={toStock(stock)}
            sampleData={stock.sampleData}
            currency={stock.quote.currency}
            onClose={() => onSelect(null)}
          />
        </MarketBlock>
      )}
    </>
  );
}
