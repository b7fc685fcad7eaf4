import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createRedis } from '@probedge/kit';
import { briefingJobId, JOBS, QUEUES, type BriefingPayload } from '@probedge/proto';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';

/**
 * The producer side of the newsletter's briefing queue: the day's analysis, handed to the content
 * worker that mails it. One job per market date, so a retried generation or an admin regeneration
 * never starts a second briefing for the same day.
 */
@Injectable()
export class BriefingQueue implements OnModuleDestroy {
  private readonly logger = new Logger(BriefingQueue.name);
  private readonly connection: Redis;
  readonly queue: Queue<BriefingPayload>;

  constructor(@Inject(INSIGHTS_CONFIG) config: InsightsConfig) {
    this.connection = createRedis({ url: config.REDIS_URL });
    this.queue = new Queue<BriefingPayload>(QUEUES.briefing, {
      connection: this.connection,
      prefix: config.BRIEFING_QUEUE_PREFIX,
    });
    this.queue.on('error', (error) => this.logger.warn({ err: error.message }, 'queue error'));
  }

  /** Adds the day's briefing job; a day that already has one keeps it. */
  async add(payload: BriefingPayload): Promise<void> {
    await this.queue.add(JOBS.briefing, payload, {
      jobId: briefingJobId(payload.marketDate),
      attempts: 5,
      backoff: { type: 'exponential', delay: 30_000 },
      // The id outlives the day, so a late retry of the generation cannot add the day again.
      removeOnComplete: { age: 7 * 86_400 },
      removeOnFail: { age: 7 * 86_400 },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
