import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { asJobError, createRedis, Metrics, Readiness } from '@probedge/kit';
import { QUEUES, type DailyItemPayload } from '@probedge/proto';
import { Worker, type Job } from 'bullmq';
import type Redis from 'ioredis';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { marketDate } from '../market/market-date.util';
import { isDailyJob, KIND_OF_JOB } from './daily-kinds';
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
    this.worker = new Worker<InsightsPayload, WorkerResult>(
      QUEUES.insights,
      // A coded failure crosses to the API in the job's reason: see failures/generation-failures.
      (job) => this.process(job).catch((error: unknown) => Promise.reject(asJobError(error))),
      {
        connection: this.connection,
        prefix: this.config.INSIGHTS_QUEUE_PREFIX,
        concurrency: 1,
        lockDuration: this.config.INSIGHTS_LOCK_DURATION_MS,
        stalledInterval: this.config.INSIGHTS_STALLED_INTERVAL_MS,
      },
    );
    this.metrics.watchQueue(this.queue.queue);
    this.metrics.watchWorker(this.worker);
    this.worker.on('error', (error) => this.logger.warn({ err: error.message }, 'worker error'));
    this.worker.on('completed', (job, result) =>
      this.logger.log({ job: job.id, result }, 'job done'),
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn(
        { job: job?.id, attempt: job?.attemptsMade, err: error.message },
        'job failed',
      ),
    );
  }

  private async process(job: Job<InsightsPayload>): Promise<WorkerResult> {
    if (!isDailyJob(job.name))
      throw new Error(`No handler for job ${job.name} on ${QUEUES.insights}`);
    const kind = KIND_OF_JOB[job.name];
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
    await this.worker?.close();
    this.connection.disconnect();
  }
}
