import type { Bar } from '@probedge/proto';

/**
 * The small fixed data set both provider stand-ins answer from, in the standard units (US dollars,
 * seconds, YYYY-MM-DD), so a test can compare what an adapter maps against one source of truth.
 */
export interface Listing {
  symbol: string;
  name: string;
  /** Twelve Data's exchange name; Finnhub's profile names the exchange in its own words. */
  exchange: string;
  finnhubExchange: string;
  micCode: string;
  type: 'Common Stock' | 'ETF';
  sector: string | null;
  industry: string | null;
  currency: 'USD';
  /** In US dollars; Finnhub answers it in millions. */
  marketCap: number | null;
  peRatio: number | null;
  pbRatio: number | null;
  /** Daily bars of January 2024, oldest first. */
  bars: readonly Bar[];
}

/** The first and last trading days of the bars (January 2024: New Year's Day and MLK Day closed). */
export const FIRST_BAR_DAY = '2024-01-02';
export const LAST_BAR_DAY = '2024-01-31';

/** When every quote was taken: the close of the last bar day, in seconds. */
export const QUOTE_TIME = Date.UTC(2024, 0, 31, 21) / 1000;

const HOLIDAYS = new Set(['2024-01-01', '2024-01-15']);

function tradingDays(): string[] {
  const days: string[] = [];
  for (let day = 1; day <= 31; day += 1) {
    const date = new Date(Date.UTC(2024, 0, day));
    const iso = date.toISOString().slice(0, 10);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(iso)) days.push(iso);
  }
  return days;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** A made-up but deterministic series: a slow drift with a small saw-tooth, never below zero. */
function bars(base: number, volume: number): Bar[] {
  return tradingDays().map((date, index) => {
    const close = cents(base + index * 0.75 + ((index * 7) % 5) - 2);
    return {
      date,
      open: cents(close - 0.5),
      high: cents(close + 1.25),
      low: cents(close - 1.75),
      close,
      volume: volume + index * 1_000,
    };
  });
}

export const LISTINGS: readonly Listing[] = [
  {
    symbol: 'AAPL',
    name: 'Apple Inc',
    exchange: 'NASDAQ',
    finnhubExchange: 'NASDAQ NMS - GLOBAL MARKET',
    micCode: 'XNGS',
    type: 'Common Stock',
    sector: 'Technology',
    industry: 'Consumer Electronics',
    currency: 'USD',
    marketCap: 2_903_521_500_000,
    peRatio: 29.85,
    pbRatio: 47.12,
    bars: bars(185, 52_000_000),
  },
  {
    symbol: 'MSFT',
    name: 'Microsoft Corporation',
    exchange: 'NASDAQ',
    finnhubExchange: 'NASDAQ NMS - GLOBAL MARKET',
    micCode: 'XNGS',
    type: 'Common Stock',
    sector: 'Technology',
    industry: 'Software - Infrastructure',
    currency: 'USD',
    marketCap: 2_794_000_250_000,
    peRatio: 36.4,
    pbRatio: 12.9,
    bars: bars(370, 24_000_000),
  },
  {
    symbol: 'SPY',
    name: 'SPDR S&P 500 ETF Trust',
    exchange: 'NYSE',
    finnhubExchange: 'NYSE ARCA',
    micCode: 'ARCX',
    type: 'ETF',
    sector: null,
    industry: null,
    currency: 'USD',
    marketCap: null,
    peRatio: null,
    pbRatio: null,
    bars: bars(470, 80_000_000),
  },
];

export function listing(symbol: string): Listing | undefined {
  return LISTINGS.find((candidate) => candidate.symbol === symbol);
}

/** A listing's quote as both stand-ins derive it: the last bar's close against the one before. */
export function quoteOf(entry: Listing) {
  const last = entry.bars[entry.bars.length - 1];
  const previous = entry.bars[entry.bars.length - 2];
  const change = cents(last.close - previous.close);
  return {
    price: last.close,
    open: last.open,
    high: last.high,
    low: last.low,
    volume: last.volume ?? 0,
    previousClose: previous.close,
    change,
    percentChange: Math.round((change / previous.close) * 100 * 10_000) / 10_000,
    time: QUOTE_TIME,
  };
}

/** Listings whose symbol starts with, or whose name contains, the query (case-insensitive). */
export function searchListings(query: string): Listing[] {
  const wanted = query.trim().toUpperCase();
  if (wanted === '') return [];
  return LISTINGS.filter(
    (entry) => entry.symbol.startsWith(wanted) || entry.name.toUpperCase().includes(wanted),
  );
}
