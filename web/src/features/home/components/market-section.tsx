import { useState } from 'react';
import type { MarketSnapshot } from '@probedge/proto';
import { toStock, useSymbolDetails } from '../../../lib/symbol-details';
import { MarketBlock } from './market-strip.styles';
import { MarketStrip } from './market-strip';
import { StockDetailsPanel } from './stock-details-panel';

/**
 * The market strip and, for the ticker a visitor selects, the Stock Details panel. The home page
 * loads this code only once a snapshot has arrived, so the landing route carries none of it.
 */
export function MarketSection({ snapshot }: { snapshot: MarketSnapshot }) {
  const [selected, setSelected] = useState<string | null>(null);
  const details = useSymbolDetails(selected);
  const stock = selected && details.data?.quote.symbol === selected ? details.data : null;
  return (
    <>
      <MarketBlock>
        <MarketStrip snapshot={snapshot} selected={selected} onSelect={setSelected} />
      </MarketBlock>
      {stock && (
        <MarketBlock>
          <StockDetailsPanel
            stock={toStock(stock)}
            sampleData={stock.sampleData}
            onClose={() => setSelected(null)}
          />
        </MarketBlock>
      )}
    </>
  );
}
