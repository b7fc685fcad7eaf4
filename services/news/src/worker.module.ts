import {
  DynamicModule,
  Inject,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { KitModule } from '@probedge/kit';
import { coreProviders } from './app.module';
import type { NewsConfig } from './config/env';
import { NEWS_CONFIG } from './config/news-config';
import { IngestionQueue } from './ingestion/ingestion.queue';
import { IngestionScheduler } from './ingestion/ingestion.scheduler';
import { startSampleFeedServer, type SampleFeedServer } from './sample-feeds/sample-feed-server';
import { sampleSources } from './sample-feeds/sample-feeds.util';
import { SITE_INDEX_PROVIDERS } from './site-index/site-index.providers';
import { SiteIndexScheduler } from './site-index/site-index.scheduler';
import { loadSourcesFile } from './sources/sources-file.util';
import { SourcesRepository } from './sources/sources.repository';

export const WORKER_NAME = 'news-worker';

/**
 * The ingestion worker: the sources, the minute tick and the queue consumer, and the copy of
 * content's guides and blogs that search reads; health over HTTP.
 */
@Module({})
export class WorkerModule implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WORKER_NAME);
  private sampleServer?: SampleFeedServer;

  constructor(
    @Inject(NEWS_CONFIG) private readonly config: NewsConfig,
    private readonly sources: SourcesRepository,
    private readonly queue: IngestionQueue,
  ) {}

  static forRoot(config: NewsConfig): DynamicModule {
    if (config.NEWS_SAMPLE_FEEDS_PORT !== undefined && !config.NEWS_ALLOW_LOOPBACK) {
      throw new Error(
        'NEWS_SAMPLE_FEEDS_PORT needs NEWS_ALLOW_LOOPBACK=true: the samples are served on loopback',
      );
    }
    return {
      module: WorkerModule,
      imports: [
        KitModule.forRoot({ service: WORKER_NAME, logLevel: config.LOG_LEVEL }),
        ...(config.NEWS_SCHEDULE_ENABLED ? [ScheduleModule.forRoot()] : []),
      ],
      providers: [
        ...coreProviders(config),
        IngestionQueue,
        IngestionScheduler,
        ...SITE_INDEX_PROVIDERS,
        SiteIndexScheduler,
      ],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.NEWS_SAMPLE_FEEDS_PORT !== undefined) {
      this.sampleServer = await startSampleFeedServer(this.config.NEWS_SAMPLE_FEEDS_PORT);
      await this.sources.sync(sampleSources(this.sampleServer.origin));
      this.logger.log(`serving and ingesting the sample feeds at ${this.sampleServer.origin}`);
    } else {
      await this.sources.sync(await loadSourcesFile(this.config.NEWS_SOURCES_FILE));
    }
    // The first slot starts now rather than at the next minute tick.
    if (this.config.NEWS_SCHEDULE_ENABLED) await this.queue.enqueueSlot(new Date());
  }

  async onModuleDestroy(): Promise<void> {
    await this.sampleServer?.close();
  }
}
