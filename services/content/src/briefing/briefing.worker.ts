import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
  OnModuleInit,
} from '@nestjs/common';
import {
  closeQueueWorker,
  handOverWithin,
  createRedis,
  KeptSchedules,
  Metrics,
  Readiness,
  startQueueWorker,
  weekdayPattern,
} from '@probedge/kit';
import { JOBS, QUEUES, type BriefingCutoffPayload, type BriefingPayload } from '@probedge/proto';
import { DelayedError, Queue, type Job, type Worker } from 'bullmq';
import type Redis from 'ioredis';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { BriefingService } from './briefing.service';

type BriefingJobData = BriefingPayload | BriefingCutoffPayload;

/** The cut-off scheduler's id: upserted on every start, so redeploys never add a second one. */
export const CUTOFF_SCHEDULER_ID = 'briefing-cutoff';

/**
 * The consumer of the briefing queue. A day's job (one per date) starts or resumes that day's
 * outbox and sends it; when only retries remain it waits in the queue as a delayed job, so no
 * worker sleeps on it. The cut-off job marks a market day without an analysis as skipped.
 */
@Injectable()
export class BriefingWorker implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BriefingWorker.name);
  private readonly connection: Redis;
  readonly queue: Queue<BriefingJobData>;
  private worker?: Worker<BriefingJobData>;
  readonly kept: KeptSchedules;

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly briefing: BriefingService,
    private readonly readiness: Readiness,
    private readonly metrics: Metrics,
  ) {
    this.connection = createRedis({ url: config.REDIS_URL, maxRetriesPerRequest: null });
    this.queue = new Queue<BriefingJobData>(QUEUES.briefing, {
      connection: this.connection,
      prefix: config.BRIEFING_QUEUE_PREFIX,
    });
    this.queue.on('error', (error) => this.logger.warn({ err: error.message }, 'queue error'));
    this.kept = new KeptSchedules({
      queue: this.queue,
      schedules: [
        {
          id: CUTOFF_SCHEDULER_ID,
          repeat: {
            pattern: weekdayPattern(config.BRIEFING_CUTOFF, config.BRIEFING_DAYS),
            tz: config.MARKET_TIMEZONE,
          },
          job: { name: JOBS.briefingCutoff, data: { scheduled: true }, opts: { attempts: 3 } },
        },
      ],
      checkIntervalMs: config.SCHEDULE_CHECK_SECONDS * 1000,
      logger: this.logger,
      metrics,
    });
  }

  onModuleInit(): void {
    this.readiness.register('redis', async () => {
      await this.connection.ping();
    });
    this.worker = startQueueWorker({
      queue: QUEUES.briefing,
      handlers: {
        [JOBS.briefing]: (job: Job<BriefingJobData>, token?: string) =>
          this.send(job as Job<BriefingPayload>, token),
        [JOBS.briefingCutoff]: async () => ({ skipped: await this.briefing.cutoff() }),
      },
      connection: this.connection,
      prefix: this.config.BRIEFING_QUEUE_PREFIX,
      options: {
        // One day at a time; a day's messages go out over the pooled connections in parallel.
        concurrency: 1,
        ...handOverWithin(this.config.BRIEFING_LOCK_DURATION_MS),
      },
      logger: this.logger,
      metrics: this.metrics,
    });
    this.metrics.watchQueue(this.queue);
  }

  /** The cut-off schedule, kept: declared at start and again whenever a check finds it gone. */
  onApplicationBootstrap(): void {
    if (!this.config.BRIEFING_SCHEDULE_ENABLED) return;
    this.logger.log({ cutoff: this.briefing.cutoffLabel }, 'briefing cut-off scheduled');
    this.kept.start();
  }

  /** A day's job: start or resume its outbox, then send what is due. */
  private async send(job: Job<BriefingPayload>, token?: string): Promise<unknown> {
    const received = await this.briefing.receive(job.data);
    if (received.state !== 'send') return received;
    const pass = await this.briefing.sendDue(received.marketDate);
    if (pass.state === 'done') return { state: 'sent', marketDate: received.marketDate };
    // Retries not due yet, or a shutdown: the job waits in the queue and the next pass resumes.
    const at = pass.state === 'retry' ? pass.at.getTime() : Date.now();
    await job.moveToDelayed(at, token);
    throw new DelayedError();
  }

  async onModuleDestroy(): Promise<void> {
    this.kept.stop();
    // The pass in flight stops after its current messages; closing waits for it.
    this.briefing.stop();
    if (this.worker) await closeQueueWorker(this.worker, this.connection);
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
