import { DynamicModule, Module } from '@nestjs/common';
import { ChangeAnnouncer, KitModule } from '@probedge/kit';
import { QueueDashboard } from './admin/queue-dashboard';
import { coreProviders } from './app.module';
import { INSIGHTS_CONFIG, type InsightsConfig } from './config/env';
import { BriefingQueue } from './jobs/briefing.queue';
import { GenerationService } from './jobs/generation.service';
import { InsightsScheduler } from './jobs/insights.scheduler';
import { InsightsWorker } from './jobs/insights.worker';
import { MarketsClient } from './market/markets-client';
import { NewsClient, newsGrpcClientModule } from './news/news-client';
import { BuiltinWriter } from './writers/builtin-writer';
import { LlmWriter } from './writers/llm-writer';
import { DAILY_WRITER, type DailyWriter } from './writers/writer';

export const WORKER_NAME = 'insights-worker';

/** A language model when one is configured, otherwise the built-in statistics writer. */
export function createWriter(config: InsightsConfig): DailyWriter {
  if (config.LLM_BASE_URL && config.LLM_API_KEY) {
    return new LlmWriter({
      ...config,
      LLM_BASE_URL: config.LLM_BASE_URL,
      LLM_API_KEY: config.LLM_API_KEY,
    });
  }
  return new BuiltinWriter();
}

/** The generation worker: the queue consumer and the job scheduler; health over HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: InsightsConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        KitModule.forRoot({ service: WORKER_NAME, logLevel: config.LOG_LEVEL }),
        newsGrpcClientModule(config),
      ],
      providers: [
        ...coreProviders(config),
        {
          provide: DAILY_WRITER,
          useFactory: (settings: InsightsConfig) => createWriter(settings),
          inject: [INSIGHTS_CONFIG],
        },
        {
          provide: ChangeAnnouncer,
          useFactory: (settings: InsightsConfig) =>
            new ChangeAnnouncer(
              settings.REDIS_URL,
              settings.CACHE_INVALIDATION_CHANNEL,
              'insights',
            ),
          inject: [INSIGHTS_CONFIG],
        },
        NewsClient,
        MarketsClient,
        BriefingQueue,
        GenerationService,
        InsightsWorker,
        InsightsScheduler,
        QueueDashboard,
      ],
    };
  }
}
