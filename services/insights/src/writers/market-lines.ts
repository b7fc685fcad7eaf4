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

type Text = (text: string) => string;

const asGiven: Text = (text) => text;

function move(item: MarketMove, text: Text): string {
  return `${text(item.symbol)} ${percent(item.percentChange)} at ${item.price.toFixed(2)} ${text(item.currency)}${item.stale ? ' (last known)' : ''}`;
}

/** "as of Nov 27, 4:00 PM EST; source: finnhub" for the figures given. */
function provenance(items: readonly MarketMove[], sampleData: boolean, text: Text): string {
  const latest = items.reduce((a, b) => (a.asOf > b.asOf ? a : b)).asOf;
  const when = Number.isNaN(Date.parse(latest)) ? latest : NEW_YORK.format(new Date(latest));
  const sources = [...new Set(items.map((item) => text(item.source)))].join(', ');
  return sampleData
    ? `sample data, not market prices; as of ${text(when)}`
    : `as of ${text(when)}; source: ${sources}`;
}

/**
 * The day's market figures as text lines, each with its source and time; when none could be read,
 * one line that says so. No figure is ever written that the markets service did not give.
 * `text` turns the provider's words (symbols, currencies, sources) into the output's format.
 */
export function marketLines(markets: DayMarkets | null, text: Text = asGiven): string[] {
  if (!markets) {
    return [
      'Markets: market data was unavailable when this was written, so no market figures are given.',
    ];
  }
  const lines: string[] = [];
  if (markets.watchlist.length > 0) {
    lines.push(
      `Markets (${provenance(markets.watchlist, markets.sampleData, text)}): ${markets.watchlist.map((item) => move(item, text)).join(', ')}.`,
    );
  }
  if (markets.movers.length > 0) {
    lines.push(
      `Largest moves among the day's most-mentioned tickers (${provenance(markets.movers, markets.sampleData, text)}): ${markets.movers.map((item) => move(item, text)).join(', ')}.`,
    );
  }
  return lines;
}
