import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  DEFAULT_PRICE_HISTORY_RANGE,
  PRICE_HISTORY_RANGES,
  SAMPLE_DATA_LABEL,
  SYMBOL_PATTERN,
  type Bar,
  type PriceHistoryRange,
  type SymbolDetails,
} from '@probedge/proto';
import { PageShell } from '../../../components/ui/page-shell';
import { LoadError } from '../../../components/ui/load-error';
import { FigureList } from '../../../components/ui/market-figures.styles';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { Panel } from '../../../components/ui/section.styles';
import { PageTitle, ScreenPlaceholder } from '../../../components/ui/page.styles';
import { SampleBadge } from '../../../components/ui/sample-badge';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/api-client';
import {
  changeDirection,
  formatDecimal,
  formatMarketCap,
  formatQuoteTime,
  formatRatio,
  formatDelay,
  formatPrice,
  formatPriceChange,
  signed,
} from '../../../lib/market-format';
import { useSymbolDetails } from '../../../lib/symbol-details';
import { usePriceHistory } from '../api/get-price-history';
import { AnalysisMentions } from './analysis-mentions';
import { PriceChart } from './price-chart';
import { TickerNews } from './ticker-news';
import {
  Change,
  ChartPlaceholder,
  Freshness,
  PriceLine,
  QuoteHeader,
  RangeButtons,
  SymbolLine,
  TableScroll,
} from './stock-page.styles';

const RANGE_LABELS: Record<PriceHistoryRange, string> = {
  '1m': '1 month',
  '6m': '6 months',
  '1y': '1 year',
  '5y': '5 years',
};

function freshnessOf({ quote }: SymbolDetails): string {
  const parts = [
    quote.source === 'sandbox' ? 'Sample figures, not market prices' : `Source: ${quote.source}`,
  ];
  const asOf = formatQuoteTime(quote.asOf);
  if (asOf) parts.push(`as of ${asOf}`);
  const delay = formatDelay(quote.delayMinutes);
  if (delay) parts.push(delay);
  if (quote.stale) parts.push('last known price: no provider answered just now');
  return parts.join(' · ');
}

function Quote({ details }: { details: SymbolDetails }) {
  const { quote } = details;
  const direction = changeDirection(quote.change);
  return (
    <QuoteHeader>
      <PageTitle>
        {quote.name}
        {details.sampleData && <SampleBadge />}
      </PageTitle>
      <SymbolLine>{quote.symbol}</SymbolLine>
      <PriceLine>
        {formatPrice(quote.price, quote.currency)}
        <Change data-direction={direction} $direction={direction}>
          {signed(quote.change, formatPriceChange(quote.change, quote.currency))} (
          {signed(quote.percentChange, `${formatDecimal(quote.percentChange)}%`)})
        </Change>
      </PriceLine>
      <Freshness>{freshnessOf(details)}</Freshness>
    </QuoteHeader>
  );
}

function Company({ details }: { details: SymbolDetails }) {
  const { profile } = details;
  if (!profile) return null;
  const rows: [string, string][] = [
    ['Sector', profile.sector ?? 'N/A'],
    ['Industry', profile.industry ?? 'N/A'],
    ['Market cap', formatMarketCap(profile.marketCap)],
    ['P/E', formatRatio(profile.peRatio)],
    ['P/B', formatRatio(profile.pbRatio)],
    ['Exchange', profile.exchange ?? 'N/A'],
  ];
  return (
    <Panel aria-labelledby="company-title">
      <h2 id="company-title">Company</h2>
      <FigureList>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </FigureList>
    </Panel>
  );
}

/**
 * The closes as a table for screen readers and keyboard users. Its rows (a year holds about 250) are
 * built only while it is open, so the page's first render stays light; it stays open across ranges.
 */
function PriceTable({
  symbol,
  range,
  source,
  bars,
  open,
  onToggle,
}: {
  symbol: string;
  range: PriceHistoryRange;
  source: string;
  bars: readonly Bar[];
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  return (
    <details open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>Daily prices as a table</summary>
      {open && (
        <TableScroll>
          <table>
            <caption>
              {symbol} daily prices, {RANGE_LABELS[range]}, newest first (source: {source})
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Open</th>
                <th scope="col">High</th>
                <th scope="col">Low</th>
                <th scope="col">Close</th>
              </tr>
            </thead>
            <tbody>
              {[...bars].reverse().map((bar) => (
                <tr key={bar.date}>
                  <th scope="row">{bar.date}</th>
                  <td>{formatDecimal(bar.open)}</td>
                  <td>{formatDecimal(bar.high)}</td>
                  <td>{formatDecimal(bar.low)}</td>
                  <td>{formatDecimal(bar.close)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </details>
  );
}

function History({ symbol, name }: { symbol: string; name: string }) {
  const [range, setRange] = useState<PriceHistoryRange>(DEFAULT_PRICE_HISTORY_RANGE);
  const [tableOpen, setTableOpen] = useState(false);
  const history = usePriceHistory(symbol, range);
  const bars = history.data?.bars ?? [];
  // While another range loads, the previous range's bars stay on screen: they are labelled with
  // the range they are, never with the one asked for.
  const shownRange = history.data?.range ?? range;
  return (
    <Panel aria-labelledby="history-title">
      <h2 id="history-title">
        Price history
        {history.data?.sampleData && <SampleBadge />}
      </h2>
      <RangeButtons role="group" aria-label="Range">
        {PRICE_HISTORY_RANGES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === range}
            onClick={() => setRange(option)}
          >
            {option.toUpperCase()}
          </button>
        ))}
      </RangeButtons>
      {history.error ? (
        <LoadError message="The price history could not be loaded." />
      ) : !history.data ? (
        <ChartPlaceholder>
          <Spinner label="Loading prices..." />
        </ChartPlaceholder>
      ) : bars.length === 0 ? (
        <p>No trading days in this range yet.</p>
      ) : (
        <>
          <PriceChart
            bars={bars}
            label={`${name} daily closing prices over ${RANGE_LABELS[shownRange]}, from ${bars[0].date} to ${bars[bars.length - 1].date}`}
          />
          <PriceTable
            symbol={symbol}
            range={shownRange}
            source={history.data.source}
            bars={bars}
            open={tableOpen}
            onToggle={setTableOpen}
          />
        </>
      )}
    </Panel>
  );
}

function Missing({ symbol, text }: { symbol: string; text: string }) {
  return (
    <PageShell
      head={{
        title: `${symbol}: not found`,
        description: text,
        keywords: ['stock quote'],
        kind: 'unlisted',
      }}
    >
      <PageTitle>Symbol not found</PageTitle>
      <p>{text}</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </PageShell>
  );
}

/** One instrument: its quote with where and when it comes from, company figures and a price chart. */
export function StockPage() {
  const raw = useParams().symbol ?? '';
  const symbol = raw.toUpperCase();
  const valid = SYMBOL_PATTERN.test(symbol);
  const details = useSymbolDetails(valid ? symbol : null);

  if (!valid) return <Missing symbol={raw} text={`"${raw}" is not a ticker symbol.`} />;
  if (details.error instanceof HttpError && details.error.status === 404) {
    return <Missing symbol={symbol} text={`No instrument has the symbol ${symbol}.`} />;
  }
  const data = details.data;
  const name = data?.quote.name ?? symbol;
  const description = `${name} (${symbol}): latest price, daily change, company figures and price history. ${SAMPLE_DATA_LABEL} is labelled as such. Information only, not investment advice.`;
  const path = `/stocks/${symbol}`;
  return (
    <PageShell
      head={{
        title: `${name} (${symbol}) price and chart`,
        name: `${name} (${symbol})`,
        description,
        keywords: [symbol, name, 'stock price', 'price chart'],
        path,
        kind: 'page',
      }}
    >
      {details.error ? (
        <>
          <PageTitle>{symbol}</PageTitle>
          <LoadError message="Market data is unavailable right now. Try again shortly." />
        </>
      ) : !data ? (
        <ScreenPlaceholder>
          <Spinner label="Loading quote..." />
        </ScreenPlaceholder>
      ) : (
        <>
          <Quote details={data} />
          <History symbol={symbol} name={name} />
          <Company details={data} />
          <TickerNews symbol={symbol} />
          {/* Last: it shows only when today's analysis names the ticker, so nothing moves below it. */}
          <AnalysisMentions symbol={symbol} />
        </>
      )}
      <NotAdviceNote>Figures are information, not a recommendation to trade.</NotAdviceNote>
    </PageShell>
  );
}
