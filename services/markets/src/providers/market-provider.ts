import { CodedError } from '@probedge/kit';
import type { Bar, Profile, SymbolMatch } from '@probedge/proto';

/** What a provider can be asked; an adapter lists the ones its plan answers. */
export type MarketOperation = 'quotes' | 'profile' | 'history' | 'search';

/** The operations of a provider that answers them all. */
export const EVERY_OPERATION: ReadonlySet<MarketOperation> = new Set([
  'quotes',
  'profile',
  'history',
  'search',
]);

/** A quote as a provider gives it; the service adds where it came from and whether it is stale. */
export interface ProviderQuote {
  symbol: string;
  /** null when the provider's quote does not carry the company's name (Finnhub's /quote). */
  name: string | null;
  price: number;
  change: number;
  percentChange: number;
  currency: string;
  asOf: Date;
}

export interface ProviderProfile extends Omit<Profile, 'source'> {
  name: string | null;
  currency: string | null;
}

/** A keyed provider's settings, as configured. */
export interface ProviderSettings {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

/** The standard models every adapter maps to; adapters only map fields, the service does the rest. */
export interface MarketDataProvider {
  /** Stable name, as configured in MARKET_PROVIDERS and shown as a quote's `source`. */
  readonly name: string;
  readonly operations: ReadonlySet<MarketOperation>;
  /** False for sample figures and end-of-day series. */
  readonly isLive: boolean;
  /** How far the plan's prices run behind the market. */
  readonly delayMinutes: number;
  /** Quotes by symbol; a symbol the provider does not know is absent from the map. */
  quotes(symbols: readonly string[]): Promise<Map<string, ProviderQuote>>;
  /** null when the provider does not know the symbol. */
  profile(symbol: string): Promise<ProviderProfile | null>;
  /** Daily bars from `from` to `to` (YYYY-MM-DD, inclusive), oldest first; null for an unknown symbol. */
  history(symbol: string, from: string, to: string): Promise<Bar[] | null>;
  search(query: string): Promise<SymbolMatch[]>;
}

export const PROVIDER_ERROR_CODES = [
  /** 429 or the provider's own quota answer; `retryAfterMs` says when to come back, if it said. */
  'rate-limited',
  /** 5xx, a refused or cut connection. */
  'unavailable',
  'timeout',
  /** An answer whose shape the adapter does not recognise: never stored, never shown. */
  'bad-answer',
  /** A key the provider refuses, or an endpoint outside the plan. */
  'refused',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

/** A provider failed: the service tries the next one and counts it against the provider's breaker. */
export class ProviderError extends CodedError<ProviderErrorCode> {
  constructor(
    readonly provider: string,
    code: ProviderErrorCode,
    message: string,
    readonly retryAfterMs?: number,
    cause?: unknown,
  ) {
    super(code, `${provider}: ${message}`, { cause });
  }
}
