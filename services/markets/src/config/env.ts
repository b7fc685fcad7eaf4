import { baseShape, ConfigError, env, loadConfig, sharedEnv } from '@probedge/kit';
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
  PORT: sharedEnv.PORT(DEFAULT_SERVICE_PORTS.markets),
  REDIS_URL: sharedEnv.REDIS_URL(),
  /** The store of completed sessions' bars and the instruments providers have named. */
  DATABASE_URL: sharedEnv.DATABASE_URL('markets'),
  /** Quotes are served without the database, so its pool is smaller. */
  DATABASE_POOL_MAX: sharedEnv.DATABASE_POOL_MAX(5),
  MARKETS_REDIS_PREFIX: z
    .string()
    .min(1)
    .default('markets:')
    .describe("Prefix of the markets service's Redis keys (cached figures, provider budgets)."),
  MARKET_TIMEZONE: sharedEnv.MARKET_TIMEZONE(),
  MARKET_PROVIDERS: list('')
    .pipe(
      z.array(
        z.enum(PROVIDER_NAMES, { error: `must list providers among ${PROVIDER_NAMES.join(', ')}` }),
      ),
    )
    .meta({
      description:
        'Providers in the order they are asked: `sandbox` (labelled sample figures), `finnhub`, `twelvedata`, `fred`; with none the market API answers 503 and never makes figures up (`make up` and compose name `sandbox`).',
      examples: ['finnhub,twelvedata,fred'],
    }),
  FINNHUB_API_KEY: optionalKey.describe('Finnhub key, required when `MARKET_PROVIDERS` names it.'),
  FINNHUB_BASE_URL: env
    .serviceUrl(FINNHUB_BASE_URL)
    .describe('Finnhub API origin (tests point it at a local server).'),
  FINNHUB_CALLS_PER_MINUTE: env
    .positiveInt(60)
    .describe(
      'Calls a minute the Finnhub plan allows (the free one: 60), shared by every replica.',
    ),
  FINNHUB_CALLS_PER_DAY: env
    .integer(0, { min: 0 })
    .describe('Calls a day the Finnhub plan allows (0: no daily limit).'),
  TWELVEDATA_API_KEY: optionalKey.describe(
    'Twelve Data key, required when `MARKET_PROVIDERS` names it.',
  ),
  TWELVEDATA_BASE_URL: env
    .serviceUrl(TWELVE_DATA_BASE_URL)
    .describe('Twelve Data API origin (tests point it at a local server).'),
  TWELVEDATA_CALLS_PER_MINUTE: env
    .positiveInt(8)
    .describe(
      'Credits a minute the Twelve Data plan allows (the free one: 8), shared by every replica; a quote costs one per symbol.',
    ),
  TWELVEDATA_CALLS_PER_DAY: env
    .integer(800, { min: 0 })
    .describe('Credits a day the Twelve Data plan allows (the free one: 800; 0: no daily limit).'),
  FRED_API_KEY: optionalKey.describe(
    'FRED (St. Louis Fed) key for end-of-day yields and index closes, required when `MARKET_PROVIDERS` names it.',
  ),
  FRED_BASE_URL: env
    .serviceUrl(FRED_BASE_URL)
    .describe('FRED API origin (tests point it at a local server).'),
  FRED_CALLS_PER_MINUTE: env
    .positiveInt(120)
    .describe(
      'Calls a minute FRED allows a key, shared by every replica; a quote costs one per series.',
    ),
  MARKET_PROVIDER_TIMEOUT_MS: env
    .positiveInt(4000)
    .describe('Deadline of one provider call before the next provider is asked.'),
  MARKET_BREAKER_FAILURES: env
    .positiveInt(3)
    .describe("Failures in a row that open a provider's breaker."),
  MARKET_BREAKER_COOLDOWN_SECONDS: env
    .positiveInt(30)
    .describe('How long an open breaker skips its provider.'),
  MARKET_WATCHLIST: list('SPY,QQQ,DIA,IWM,VIXY,TLT')
    .pipe(
      z
        .array(z.string().regex(SYMBOL_PATTERN, 'must list ticker symbols such as SPY,QQQ'))
        .min(1)
        .max(MAX_QUOTE_SYMBOLS),
    )
    .describe(
      `Instruments of \`GET /api/market\` (index funds, volatility and rates), at most ${MAX_QUOTE_SYMBOLS}.`,
    ),
  MARKET_QUOTE_TTL_SECONDS: env
    .positiveInt(60)
    .describe('How long a quote stays fresh while the session is open.'),
  MARKET_QUOTE_CLOSED_TTL_SECONDS: env
    .positiveInt(900)
    .describe(
      'How long a quote stays fresh outside the session, never past the next opening bell.',
    ),
  MARKET_STALE_MAX_SECONDS: env
    .positiveInt(21_600)
    .describe(
      'How long the last good value is still served, marked stale, when no provider answers.',
    ),
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
