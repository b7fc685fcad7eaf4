import {
  type DynamicModule,
  Inject,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import {
  ADMIN_TOKEN_SCHEME,
  ADMIN_TOKEN_SECURITY,
  KitModule,
  sharedCache,
  type OpenApiOptions,
} from '@probedge/kit';
import { DailyController } from './api/daily.controller';
import { GenerateService } from './api/generate.service';
import { TodayItems } from './api/today-items.service';
import { INSIGHTS_CONFIG, type InsightsConfig } from './config/env';
import { FeedsController } from './feeds/feeds.controller';
import { FeedsService } from './feeds/feeds.service';
import { DailyItemsRepository } from './items/daily-items.repository';
import { InsightsQueue } from './jobs/insights.queue';
import { PrismaService } from './prisma/prisma.service';
import { QueueReadiness } from './jobs/queue-readiness';
import { shareableSeconds } from './market/market-date.util';

export const SERVICE_NAME = 'insights';

export const OPENAPI: OpenApiOptions = {
  title: 'ProbEdge insights service',
  description:
    "The daily market analysis and the daily opinion, written from the day's news. Educational content only, not investment advice.",
  tags: [
    { name: 'insights', description: "Today's market analysis and opinion, and their generation" },
    { name: 'feeds', description: 'Atom feeds for feed readers' },
  ],
  securitySchemes: { [ADMIN_TOKEN_SCHEME]: ADMIN_TOKEN_SECURITY },
};

/** What the API and the worker share: configuration, database and the queue's producer. */
export function coreProviders(config: InsightsConfig) {
  return [
    { provide: INSIGHTS_CONFIG, useValue: config },
    PrismaService,
    DailyItemsRepository,
    InsightsQueue,
  ];
}

/**
 * The HTTP API. Reads come from Postgres; Redis carries generation, and the announcements that
 * make a new item show at once.
 */
@Module({})
export class AppModule implements NestModule {
  constructor(@Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig) {}

  static forRoot(config: InsightsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [KitModule.forRoot({ service: SERVICE_NAME, logLevel: config.LOG_LEVEL })],
      controllers: [DailyController, FeedsController],
      providers: [
        ...coreProviders(config),
        GenerateService,
        TodayItems,
        FeedsService,
        QueueReadiness,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // Today's items change when the worker writes one, and it announces that; never past the
    // market day's end, when the same address starts naming the next day's item.
    const { INSIGHTS_CACHE_SECONDS: seconds, MARKET_TIMEZONE: timeZone } = this.config;
    consumer
      .apply(sharedCache(() => shareableSeconds(new Date(), seconds, timeZone)))
      .forRoutes(
        { path: 'api/daily-analysis', method: RequestMethod.GET },
        { path: 'api/daily-opinion', method: RequestMethod.GET },
      );
    // The feed names no day, so it may be kept across the day's end; it changes only when the
    // worker writes an item, which it announces.
    consumer
      .apply(sharedCache(seconds))
      .forRoutes({ path: 'api/feeds/daily-analysis', method: RequestMethod.GET });
  }
}
