import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createRedis } from '@probedge/kit';
import { QUEUES, type DailyItemPayload, type DailyTriggerPayload } from '@probedge/proto';
import { Job, Queue, type JobState } from 'bullmq';
import type Redis from 'ioredis';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import type { DailyKind } from '../items/daily-items.repository';
import { dailyJobId, JOB_OF_KIND } from './daily-kinds';

export type InsightsPayload = DailyItemPayload | DailyTriggerPayload;

/** Raised when Redis does not answer in time; the API turns it into 503. */
export class QueueUnavailableError extends Error {
  constructor(message = 'The job queue is unavailable right now') {
    super(message);
    this.name = 'QueueUnavailableError';
  }
}

/** Bound on one queue operation, so a Redis outage answers fast instead of hanging a request. */
const QUEUE_CALL_TIMEOUT_MS = 1500;

export function withTimeout<T>(promise: Promise<T>, ms = QUEUE_CALL_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueueUnavailableError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface JobSnapshot {
  id: string;
  state: JobState | 'unknown';
  failedReason?: string;
}

/** The producer side of the insights queue: used by the API and by the scheduler's triggers. */
@Injectable()
export class InsightsQueue implements OnModuleDestroy {
  private readonly logger = new Logger(InsightsQueue.name);
  readonly connection: Redis;
  readonly queue: Queue<InsightsPayload>;

  constructor(@Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig) {
    this.connection = createRedis({ url: config.REDIS_URL });
    this.queue = new Queue<InsightsPayload>(QUEUES.insights, {
      connection: this.connection,
      prefix: config.INSIGHTS_QUEUE_PREFIX,
    });
    this.queue.on('error', (error) => this.logger.warn({ err: error.message }, 'queue error'));
  }

  get jobOptions() {
    return {
      attempts: this.config.INSIGHTS_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.config.INSIGHTS_JOB_BACKOFF_MS },
      // Finished jobs stay two days, so their ids keep later enqueues of the same day out.
      removeOnComplete: { age: 2 * 86_400 },
      removeOnFail: { age: 2 * 86_400 },
    } as const;
  }

  /**
   * Enqueues the day's job; an enqueue for a day that already has its job returns that job. A job
   * that failed (no articles yet, news down) is moved back to waiting with this enqueue's window end,
   * so asking again tries again over the articles that arrived since.
   */
  async enqueueDaily(kind: DailyKind, payload: DailyItemPayload): Promise<JobSnapshot> {
    // A client between reconnect attempts answers at once; any other state is bounded by the timeout.
    if (['reconnecting', 'close', 'end'].includes(this.connection.status)) {
      throw new QueueUnavailableError();
    }
    const jobId = dailyJobId(kind, payload.marketDate, payload.generation);
    await withTimeout(this.queue.add(JOB_OF_KIND[kind], payload, { ...this.jobOptions, jobId }));
    const snapshot = await this.snapshot(jobId);
    if (snapshot.state === 'failed') {
      const job = await withTimeout(Job.fromId<InsightsPayload>(this.queue, jobId));
      if (job) {
        // Two requests may race to retry the same failed job; the loser finds it already waiting.
        await withTimeout(
          (async () => {
            await job.updateData({ ...job.data, until: payload.until });
            // A fresh start: the retried job gets all its attempts again.
            await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
          })(),
        ).catch(() => undefined);
      }
      return this.snapshot(jobId);
    }
    return snapshot;
  }

  /**
   * Replaces a finished job whose item is gone (a row removed by hand, a restored database), so
   * the finished job's id does not keep the day from being written again.
   */
  async replaceFinished(kind: DailyKind, payload: DailyItemPayload): Promise<JobSnapshot> {
    const jobId = dailyJobId(kind, payload.marketDate, payload.generation);
    await withTimeout(this.queue.remove(jobId));
    return this.enqueueDaily(kind, payload);
  }

  async snapshot(jobId: string): Promise<JobSnapshot> {
    const state = await withTimeout(this.queue.getJobState(jobId));
    if (state !== 'failed') return { id: jobId, state };
    const job = await withTimeout(Job.fromId(this.queue, jobId));
    return { id: jobId, state, failedReason: job?.failedReason };
  }

  jobCounts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts(
      'waiting',
      'active',
      'delayed',
      'completed',
      'failed',
      'prioritized',
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
