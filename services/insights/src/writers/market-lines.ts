import type { DayMarkets, MarketMove } from '../market/markets-client';

const NEW_YORK = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

const percent = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}%`;

function move(item: MarketMove): string {
  return `${item.symbol} ${percent(item.percentChange)} at ${item.price.toFixed(2)} ${item.currency}${item.stale ? ' (last known)' : ''}`;
}

/** "as of Nov 27, 4:00 PM EST; source: finnhub" for the figures given. */
function provenance(items: readonly MarketMove[], sampleData: boolean): string {
  const latest = items.reduce((a, b) => (a.asOf > b.asOf ? a : b)).asOf;
  const when = Number.isNaN(Date.parse(latest)) ? latest : NEW_YORK.format(new Date(latest));
  const sources = [...new Set(items.map((item) => item.source))].join(', ');
  return sampleData
    ? `sample data, not market prices; as of ${when}`
    : `as of ${when}; source: ${sources}`;
}

/**
 * The day's market figures as text lines, each with its source and time; when none could be read,
 * one line that says so. No figure is ever written that the markets service did not give.
 */
export function marketLines(markets: DayMarkets | null): string[] {
  if (!markets) {
    return [
      'Markets: market data was unavailable when this was written, so no market figures are given.',
    ];
  }
  const lines: string[] = [];
  if (markets.watchlist.length > 0) {
    lines.push(
      `Markets (${provenance(markets.watchlist, markets.sampleData)}): ${markets.watchlist.map(move).join(', ')}.`,
    );
  }
  if (markets.movers.length > 0) {
    lines.push(
      `Largest moves among the day's most-mentioned tickers (${provenance(markets.movers, markets.sampleData)}): ${markets.movers.map(move).join(', ')}.`,
    );
  }
  return lines;
}
