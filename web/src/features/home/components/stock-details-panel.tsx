import type { Stock } from '@probedge/proto';
import { Button, ButtonLink } from '../../../components/ui/button-link.styles';
import { SampleBadge } from '../../../components/ui/sample-badge';
import {
  changeDirection,
  formatDecimal,
  formatMarketCap,
  formatRatio,
  formatPrice,
  formatPriceChange,
  signed,
} from '../../../lib/market-format';
import { ChangeText, FigureList } from '../../../components/ui/market-figures.styles';
import { PanelBox, PanelHeader } from './stock-details-panel.styles';

interface StockDetailsPanelProps {
  stock: Stock | null;
  /** The figures come from the sample provider: the panel says so. */
  sampleData?: boolean;
  /** The quote's currency; "%" for a yield. */
  currency?: string;
  onClose: () => void;
}

/** Shown for the stock a visitor selected (market strip or Top Stories); hidden without one. */
export function StockDetailsPanel({
  stock,
  sampleData = false,
  currency,
  onClose,
}: StockDetailsPanelProps) {
  if (!stock) return null;
  const { fundamentals } = stock;
  const direction = changeDirection(stock.change);

  return (
    <PanelBox aria-labelledby="stock-details-title">
      <PanelHeader>
        <div>
          <h2 id="stock-details-title">{stock.name}</h2>
          <span>{stock.symbol}</span>
          {sampleData && <SampleBadge />}
        </div>
        <div>
          <ButtonLink to={`/stocks/${stock.symbol}`} $variant="secondary">
            Chart and history
          </ButtonLink>{' '}
          <Button type="button" $variant="secondary" onClick={onClose}>
            Close Details
          </Button>
        </div>
      </PanelHeader>
      <FigureList>
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(stock.price, currency)}</dd>
        </div>
        <div>
          <dt>Daily change</dt>
          <dd>
            <ChangeText data-direction={direction} $direction={direction}>
              {signed(stock.change, formatPriceChange(stock.change, currency))} (
              {signed(stock.percentChange, `${formatDecimal(stock.percentChange)}%`)})
            </ChangeText>
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
      </FigureList>
    </PanelBox>
  );
}
