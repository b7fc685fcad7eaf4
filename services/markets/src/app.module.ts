import { type DynamicModule, Logger, Module, type OnModuleDestroy, Inject } from '@nestjs/common';
import {
  createRedis,
  KitModule,
  Metrics,
  pingRedis,
  Readiness,
  type OpenApiOptions,
} from '@probedge/kit';
import type Redis from 'ioredis';
import type { Pool } from 'pg';
import { Breaker } from './chain/breaker';
import { marketMetrics } from './chain/market-metrics';
import { ProviderChain, type ProviderSlot } from './chain/provider-chain';
import { RequestBudget } from './chain/request-budget';
import { MARKETS_CONFIG, type MarketsConfig, type ProviderName } from './config/env';
import { MarketCache } from './market/market-cache';
import { MARKET_SERVICE, MarketController } from './market/market.controller';
import { MarketService } from './market/market.service';
import { FinnhubProvider } from './providers/finnhub.provider';
import { FredProvider } from './providers/fred.provider';
import type { MarketDataProvider } from './providers/market-provider';
import { SandboxProvider } from './providers/sandbox.provider';
import { TwelveDataProvider } from './providers/twelvedata.provider';
import { PrismaService } from './prisma/prisma.service';
import { BarHistory } from './store/bar-history';
import { MarketStore } from './store/market-store';

export const SERVICE_NAME = 'markets';
export const MARKETS_REDIS = Symbol('MARKETS_REDIS');

export const OPENAPI: OpenApiOptions = {
  title: 'ProbEdge markets service',
  description:
    'Quotes, company figures, daily bars and symbol search from the configured market-data providers. Figures from the sample provider say so (sampleData, source "sandbox"); without a provider the answer is 503. Information only, not investment advice.',
  tags: [{ name: 'market', description: 'Quotes, company figures, daily bars and symbol search' }],
};

function createProvider(
  name: ProviderName,
  config: MarketsConfig,
  clock: () => Date,
): MarketDataProvider {
  const timeoutMs = config.MARKET_PROVIDER_TIMEOUT_MS;
  switch (name) {
    case 'sandbox':
      return new SandboxProvider(config.MARKET_TIMEZONE, clock);
    case 'finnhub':
      return new FinnhubProvider({
        apiKey: config.FINNHUB_API_KEY!,
        baseUrl: config.FINNHUB_BASE_URL,
        timeoutMs,
      });
    case 'twelvedata':
      return new TwelveDataProvider({
        apiKey: config.TWELVEDATA_API_KEY!,
        baseUrl: config.TWELVEDATA_BASE_URL,
        timeoutMs,
      });
    case 'fred':
      return new FredProvider({
        apiKey: config.FRED_API_KEY!,
        baseUrl: config.FRED_BASE_URL,
        timeoutMs,
      });
  }
}

const LIMITS: Record<
  ProviderName,
  (config: MarketsConfig) => { perMinute: number; perDay: number }
> = {
  // The sample provider costs nothing; its budget only keeps the code path the same.
  sandbox: () => ({ perMinute: 1_000_000, perDay: 0 }),
  finnhub: (config) => ({
    perMinute: config.FINNHUB_CALLS_PER_MINUTE,
    perDay: config.FINNHUB_CALLS_PER_DAY,
  }),
  twelvedata: (config) => ({
    perMinute: config.TWELVEDATA_CALLS_PER_MINUTE,
    perDay: config.TWELVEDATA_CALLS_PER_DAY,
  }),
  // FRED sets a rate a minute and no daily limit.
  fred: (config) => ({ perMinute: config.FRED_CALLS_PER_MINUTE, perDay: 0 }),
};

export function createMarketService(
  config: MarketsConfig,
  redis: Redis,
  metrics: Metrics,
  pool: Pool,
  clock: () => Date = () => new Date(),
) {
  const logger = new Logger('MarketProviders');
  const observer = marketMetrics(metrics);
  const slots: ProviderSlot[] = config.MARKET_PROVIDERS.map((name) => ({
    provider: createProvider(name, config, clock),
    budget: new RequestBudget(redis, name, LIMITS[name](config)),
    breaker: new Breaker(
      config.MARKET_BREAKER_FAILURES,
      config.MARKET_BREAKER_COOLDOWN_SECONDS * 1000,
    ),
  }));
  if (slots.length === 0) {
    logger.warn(
      'No market data provider is configured (MARKET_PROVIDERS): the market API answers 503',
    );
  } else {
    logger.log(`Market data providers, in order: ${config.MARKET_PROVIDERS.join(', ')}`);
  }
  if (config.MARKET_PROVIDERS.includes('sandbox')) {
    logger.warn(
      'SANDBOX market data provider active: its figures are samples, labelled "Sample data"',
    );
  }
  const chain = new ProviderChain(slots, observer);
  const store = new MarketStore(pool, observer);
  return new MarketService(
    chain,
    new MarketCache(redis, config.MARKET_STALE_MAX_SECONDS),
    {
      timeZone: config.MARKET_TIMEZONE,
      watchlist: config.MARKET_WATCHLIST,
      quoteTtlSeconds: config.MARKET_QUOTE_TTL_SECONDS,
      quoteClosedTtlSeconds: config.MARKET_QUOTE_CLOSED_TTL_SECONDS,
    },
    observer,
    store,
    new BarHistory(chain, store, config.MARKET_TIMEZONE, clock),
    clock,
  );
}

@Module({})
export class AppModule implements OnModuleDestroy {
  constructor(
    @Inject(MARKETS_REDIS) private readonly redis: Redis,
    readiness: Readiness,
  ) {
    readiness.register('redis', () => pingRedis(redis));
  }

  /** `clock` is the time the service reads (sessions, freshness); tests set the market's day. */
  static forRoot(config: MarketsConfig, clock: () => Date = () => new Date()): DynamicModule {
    return {
      module: AppModule,
      imports: [KitModule.forRoot({ service: SERVICE_NAME, logLevel: config.LOG_LEVEL })],
      controllers: [MarketController],
      providers: [
        { provide: MARKETS_CONFIG, useValue: config },
        {
          provide: MARKETS_REDIS,
          useFactory: () =>
            createRedis({ url: config.REDIS_URL, keyPrefix: config.MARKETS_REDIS_PREFIX }),
        },
        PrismaService,
        {
          provide: MARKET_SERVICE,
          useFactory: (redis: Redis, metrics: Metrics, prisma: PrismaService) =>
            createMarketService(config, redis, metrics, prisma.pool, clock),
          inject: [MARKETS_REDIS, Metrics, PrismaService],
        },
      ],
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
