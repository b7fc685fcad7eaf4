import { DynamicModule, Module } from '@nestjs/common';
import { KitModule } from '@probedge/kit';
import { DailyController } from './api/daily.controller';
import { GenerateService } from './api/generate.service';
import { INSIGHTS_CONFIG, type InsightsConfig } from './config/env';
import { DailyItemsRepository } from './items/daily-items.repository';
import { InsightsQueue } from './jobs/insights.queue';
import { PrismaService } from './prisma/prisma.service';
import { QueueReadiness } from './jobs/queue-readiness';

export const SERVICE_NAME = 'insights';

export const OPENAPI = {
  title: 'ProbEdge insights service',
  description:
    "The daily market analysis and the daily opinion, written from the day's news. Educational content only, not investment advice.",
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

/** The HTTP API. Reads come from Postgres alone; only generation needs Redis. */
@Module({})
export class AppModule {
  static forRoot(config: InsightsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [KitModule.forRoot({ service: SERVICE_NAME, logLevel: config.LOG_LEVEL })],
      controllers: [DailyController],
      providers: [...coreProviders(config), GenerateService, QueueReadiness],
    };
  }
}
