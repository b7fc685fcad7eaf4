import { baseShape, ConfigError, env, loadConfig } from '@probedge/kit';
import { DEFAULT_SERVICE_PORTS, MAX_QUOTE_SYMBOLS, SYMBOL_PATTERN } from '@probedge/proto';
import { z } from 'zod';
import { FINNHUB, FINNHUB_BASE_URL } from '../providers/finnhub.provider';
import { FRED, FRED_BASE_URL } from '../providers/fred.provider';
import { TWELVE_DATA, TWELVE_DATA_BASE_URL } from '../providers/twelvedata.provider';

export const PROVIDER_NAMES = ['sandbox', FINNHUB, TWELVE_DATA, FRED] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

// loadConfig drops empty variables, so "set but blank" reads as unset.
const optionalKey = z.string().trim().min(8, 'must be the API key the provider issued').optional();

const list = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    );

export const configShape = {
  ...baseShape,
  PORT: env.port(DEFAULT_SERVICE_PORTS.markets),
  REDIS_URL: env.redisUrl('redis://127.0.0.1:6379'),
  /** The store of completed sessions' bars and the instruments providers have named. */
  DATABASE_URL: env.postgresUrl('postgresql://postgres@127.0.0.1:5432/probedge_markets'),
  DATABASE_POOL_MAX: env.positiveInt(5),
  /** Prefix of this service's Redis keys (cached figures, provider budgets). */
  MARKETS_REDIS_PREFIX: z.string().min(1).default('markets:'),
  /** The exchange's zone: sessions, "today" and cache freshness follow it. */
  MARKET_TIMEZONE: env.timeZone('America/New_York'),
  /**
   * Providers in the order they are asked, e.g. "finnhub,twelvedata,fred"; "sandbox" is the labelled
   * sample provider. None by default: without one the API answers 503 and never makes figures up.
   */
  MARKET_PROVIDERS: list('').pipe(
    z.array(
      z.enum(PROVIDER_NAMES, { error: `must list providers among ${PROVIDER_NAMES.join(', ')}` }),
    ),
  ),
  FINNHUB_API_KEY: optionalKey,
  FINNHUB_BASE_URL: env.serviceUrl(FINNHUB_BASE_URL),
  /** Calls a minute the Finnhub plan allows (the free one: 60), shared by every replica. */
  FINNHUB_CALLS_PER_MINUTE: env.positiveInt(60),
  /** Calls a day; 0 for no daily limit. */
  FINNHUB_CALLS_PER_DAY: z.coerce.number().int().min(0).default(0),
  TWELVEDATA_API_KEY: optionalKey,
  TWELVEDATA_BASE_URL: env.serviceUrl(TWELVE_DATA_BASE_URL),
  /** Credits a minute the Twelve Data plan allows (the free one: 8; a quote costs one per symbol). */
  TWELVEDATA_CALLS_PER_MINUTE: env.positiveInt(8),
  /** Credits a day (the free plan: 800); 0 for no daily limit. */
  TWELVEDATA_CALLS_PER_DAY: z.coerce.number().int().min(0).default(800),
  FRED_API_KEY: optionalKey,
  FRED_BASE_URL: env.serviceUrl(FRED_BASE_URL),
  /** Calls a minute FRED allows a key (120), shared by every replica; a quote costs one per series. */
  FRED_CALLS_PER_MINUTE: env.positiveInt(120),
  /** How long one provider call may take before the next provider is asked. */
  MARKET_PROVIDER_TIMEOUT_MS: env.positiveInt(4000),
  /** Failures in a row that open a provider's breaker, and how long it then stays open. */
  MARKET_BREAKER_FAILURES: env.positiveInt(3),
  MARKET_BREAKER_COOLDOWN_SECONDS: env.positiveInt(30),
  /** The instruments of GET /api/market: index funds, volatility and rates. */
  MARKET_WATCHLIST: list('SPY,QQQ,DIA,IWM,VIXY,TLT').pipe(
    z
      .array(z.string().regex(SYMBOL_PATTERN, 'must list ticker symbols such as SPY,QQQ'))
      .min(1)
      .max(MAX_QUOTE_SYMBOLS),
  ),
  /** How long a quote stays fresh while the session is open. */
  MARKET_QUOTE_TTL_SECONDS: env.positiveInt(60),
  /** How long a quote stays fresh outside the session (never past the next opening bell). */
  MARKET_QUOTE_CLOSED_TTL_SECONDS: env.positiveInt(900),
  /** How long the last good value may still be served, marked stale, when no provider answers. */
  MARKET_STALE_MAX_SECONDS: env.positiveInt(21_600),
};

export type MarketsConfig = z.infer<z.ZodObject<typeof configShape>>;

const KEYS: Partial<Record<ProviderName, keyof MarketsConfig>> = {
  [FINNHUB]: 'FINNHUB_API_KEY',
  [TWELVE_DATA]: 'TWELVEDATA_API_KEY',
  [FRED]: 'FRED_API_KEY',
};

export function loadMarketsConfig(source: NodeJS.ProcessEnv = process.env): MarketsConfig {
  const config = loadConfig(configShape, source);
  const missing = config.MARKET_PROVIDERS.flatMap((name) => {
    const key = KEYS[name];
    return key && !config[key] ? [`${key}: required when MARKET_PROVIDERS names ${name}`] : [];
  });
  const repeated = config.MARKET_PROVIDERS.filter((name, i, all) => all.indexOf(name) !== i);
  if (repeated.length > 0) missing.push(`MARKET_PROVIDERS: ${repeated[0]} is listed twice`);
  if (missing.length > 0) throw new ConfigError(missing);
  return config;
}

/** Injection token of the validated configuration. */
export const MARKETS_CONFIG = Symbol('MARKETS_CONFIG');
