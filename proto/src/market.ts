import type { IsoDateString } from './api-types';

/** The source name of the deterministic sample provider: its figures are labelled "Sample data". */
export const SANDBOX_MARKET_SOURCE = 'sandbox';

/** The label every screen shows beside figures from the sample provider. */
export const SAMPLE_DATA_LABEL = 'Sample data';

/** At most this many symbols in one GET /api/market/quotes. */
export const MAX_QUOTE_SYMBOLS = 25;

/** A ticker as the API takes it: letters, digits, and the dot, hyphen, caret or equals sign. */
export const SYMBOL_PATTERN = /^[A-Z0-9^][A-Z0-9.=-]{0,14}$/;

export const PRICE_HISTORY_RANGES = ['1m', '6m', '1y', '5y'] as const;
export type PriceHistoryRange = (typeof PRICE_HISTORY_RANGES)[number];
/** The range a ticker page shows first (the gateway preloads it with the page). */
export const DEFAULT_PRICE_HISTORY_RANGE: PriceHistoryRange = '1y';

export interface Quote {
  symbol: string;
  name: string;
  price: number;
  /** Since the previous close, in the quote's currency. */
  change: number;
  /** Since the previous close, per cent. */
  percentChange: number;
  /** An ISO 4217 code, or PERCENT_CURRENCY for a rate or yield. */
  currency: string;
  /** When the provider took the price. */
  asOf: IsoDateString;
  /**
   * How far the provider's feed runs behind the market (0 for real time, 15 for most free plans,
   * END_OF_DAY_DELAY_MINUTES or more for a series published once a day).
   */
  delayMinutes: number;
  /** The provider that answered, e.g. "finnhub", or "sandbox" for sample figures. */
  source: string;
  /** False for sample figures and end-of-day series. */
  isLive: boolean;
  /** True when no provider answered and this is the last good value, kept for a bounded time. */
  stale: boolean;
}

export interface Profile {
  sector: string | null;
  industry: string | null;
  /** In US dollars. */
  marketCap: number | null;
  peRatio: number | null;
  pbRatio: number | null;
  exchange: string | null;
  source: string;
}

export interface Bar {
  /** The trading day, YYYY-MM-DD. */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
}

export interface SymbolMatch {
  symbol: string;
  name: string;
  exchange: string | null;
  /** e.g. "Common Stock", "ETF". */
  type: string | null;
}

/** GET /api/market: the watch list's quotes. */
export interface MarketSnapshot {
  asOf: IsoDateString;
  /** The providers that answered, in the order configured. */
  sources: string[];
  /** True when every figure comes from the sample provider. */
  sampleData: boolean;
  quotes: Quote[];
}

/** GET /api/market/quotes */
export interface QuoteList {
  sampleData: boolean;
  quotes: Quote[];
  /** Asked-for symbols no provider knows. */
  unknown: string[];
}

/** GET /api/market/symbols/:symbol */
export interface SymbolDetails {
  sampleData: boolean;
  quote: Quote;
  /** null when no provider has the company's figures. */
  profile: Profile | null;
}

/** GET /api/market/symbols/:symbol/history */
export interface PriceHistory {
  symbol: string;
  range: PriceHistoryRange;
  source: string;
  sampleData: boolean;
  stale: boolean;
  bars: Bar[];
}

/** GET /api/market/search */
export interface SymbolSearch {
  query: string;
  sampleData: boolean;
  results: SymbolMatch[];
}

/** A quote's `currency` for a rate or yield: the price is itself a percentage. */
export const PERCENT_CURRENCY = '%';

/** The delay of a series published once a day, after the close (official end-of-day series). */
export const END_OF_DAY_DELAY_MINUTES = 24 * 60;
