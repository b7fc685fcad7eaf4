import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { closeQueueWorker, createRedis, Metrics, Readiness, startQueueWorker } from '@probedge/kit';
import { JOBS, QUEUES, type DailyItemPayload } from '@probedge/proto';
import type { Job, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { marketDate } from '../market/market-date.util';
import type { DailyKind } from '../items/daily-items.repository';
import { GenerationService, type GenerationOutcome } from './generation.service';
import { InsightsQueue, type InsightsPayload } from './insights.queue';

type WorkerResult = GenerationOutcome | { triggered: string };

/**
 * This replica's consumer. A scheduler firing becomes the day's deduplicated job; a day's job is
 * written by the generation service. Closing waits for the running job, so SIGTERM drains.
 */
@Injectable()
export class InsightsWorker implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(InsightsWorker.name);
  private readonly connection: Redis;
  private worker?: Worker<InsightsPayload, WorkerResult>;

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    private readonly generation: GenerationService,
    private readonly queue: InsightsQueue,
    private readonly readiness: Readiness,
    private readonly metrics: Metrics,
  ) {
    this.connection = createRedis({ url: config.REDIS_URL, maxRetriesPerRequest: null });
  }

  onModuleInit(): void {
    this.readiness.register('redis', async () => {
      await this.connection.ping();
    });
    // A coded failure crosses to the API in the job's reason: see failures/generation-failures.
    this.worker = startQueueWorker({
      queue: QUEUES.insights,
      handlers: {
        [JOBS.dailyAnalysis]: (job: Job<InsightsPayload>) => this.process('analysis', job),
        [JOBS.dailyOpinion]: (job: Job<InsightsPayload>) => this.process('opinion', job),
      },
      connection: this.connection,
      prefix: this.config.INSIGHTS_QUEUE_PREFIX,
      options: {
        concurrency: 1,
        lockDuration: this.config.INSIGHTS_LOCK_DURATION_MS,
        stalledInterval: this.config.INSIGHTS_STALLED_INTERVAL_MS,
      },
      logger: this.logger,
      metrics: this.metrics,
    });
    this.metrics.watchQueue(this.queue.queue);
    this.worker.on('completed', (job, result) =>
      this.logger.log({ job: job.id, result }, 'job done'),
    );
  }

  private async process(kind: DailyKind, job: Job<InsightsPayload>): Promise<WorkerResult> {
    if ('scheduled' in job.data) {
      const now = new Date();
      const snapshot = await this.queue.enqueueDaily(kind, {
        marketDate: marketDate(now, this.config.MARKET_TIMEZONE),
        until: now.toISOString(),
        generation: 0,
      });
      return { triggered: snapshot.id };
    }
    return this.generation.generate(kind, job.data as DailyItemPayload);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.worker) await closeQueueWorker(this.worker, this.connection);
    this.connection.disconnect();
  }
}
