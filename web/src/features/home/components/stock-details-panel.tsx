import { SAMPLE_DATA_LABEL, type Stock } from '@probedge/proto';
import { Button } from '../../../components/ui/button-link.styles';
import { SampleBadge } from './market-strip.styles';
import { Change, DetailsGrid, PanelBox, PanelHeader } from './stock-details-panel.styles';

export type ChangeDirection = 'up' | 'down' | 'flat';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const ratio = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatMarketCap(dollars: number | null): string {
  return dollars === null ? 'N/A' : `${usd.format(dollars / 1e9)}B`;
}

const formatRatio = (value: number | null) => (value === null ? 'N/A' : ratio.format(value));

function signed(value: number, text: string): string {
  return value > 0 ? `+${text}` : text;
}

export function changeDirection(change: number): ChangeDirection {
  if (change > 0) return 'up';
  if (change < 0) return 'down';
  return 'flat';
}

interface StockDetailsPanelProps {
  stock: Stock | null;
  /** The figures come from the sample provider: the panel says so. */
  sampleData?: boolean;
  onClose: () => void;
}

/** Shown for the stock a visitor selected (from the market strip); hidden without one. */
export function StockDetailsPanel({ stock, sampleData = false, onClose }: StockDetailsPanelProps) {
  if (!stock) return null;
  const { fundamentals } = stock;
  const direction = changeDirection(stock.change);

  return (
    <PanelBox aria-labelledby="stock-details-title">
      <PanelHeader>
        <div>
          <h2 id="stock-details-title">{stock.name}</h2>
          <span>{stock.symbol}</span>
          {sampleData && <SampleBadge>{SAMPLE_DATA_LABEL}</SampleBadge>}
        </div>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Close Details
        </Button>
      </PanelHeader>
      <DetailsGrid>
        <div>
          <dt>Price</dt>
          <dd>{usd.format(stock.price)}</dd>
        </div>
        <div>
          <dt>Daily change</dt>
          <dd>
            <Change data-direction={direction} $direction={direction}>
              {signed(stock.change, usd.format(stock.change))} (
              {signed(stock.percentChange, `${ratio.format(stock.percentChange)}%`)})
            </Change>
          </dd>
        </div>
        <div>
          <dt>Sector</dt>
          <dd>{fundamentals.sector}</dd>
        </div>
        <div>
          <dt>Industry</dt>
          <dd>{fundamentals.industry}</dd>
        </div>
        <div>
          <dt>Market cap</dt>
          <dd>{formatMarketCap(fundamentals.marketCap)}</dd>
        </div>
        <div>
          <dt>P/E</dt>
          <dd>{formatRatio(fundamentals.peRatio)}</dd>
        </div>
        <div>
          <dt>P/B</dt>
          <dd>{formatRatio(fundamentals.pbRatio)}</dd>
        </div>
      </DetailsGrid>
    </PanelBox>
  );
}
