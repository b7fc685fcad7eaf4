import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { closeQueueWorker, createRedis, handOverWithin } from '@probedge/kit';
import { Queue, Worker, type Job } from 'bullmq';
import type Redis from 'ioredis';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { ConfirmationSender } from './confirmation-sender';

export const CONFIRMATION_QUEUE = 'newsletter-confirmation';
/** Whether this process takes confirmation mails off the queue and sends them (not the content sync). */
export const SENDS_CONFIRMATIONS = Symbol('SENDS_CONFIRMATIONS');
const CONFIRMATION_JOB = 'confirmation';

interface ConfirmationJob {
  email: string;
}

/**
 * One step, so concurrent sign-ups from any replica cannot both pass: refused while the address's
 * interval marker lives, else counted in its window (the first count starts the window) and, when
 * within the limit, the marker set. 1 means a mail may go.
 */
const TAKE_ADDRESS_SLOT = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if count > tonumber(ARGV[1]) then return 0 end
if tonumber(ARGV[3]) > 0 then redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]) end
return 1`;

/**
 * Confirmation mails leave through a queue, after the sign-up has been answered: the answer then
 * takes the same time whatever the address's state, and a slow mail server delays only the mail.
 * Each address gets at most NEWSLETTER_MAILS_PER_ADDRESS mails per window, however many clients ask.
 */
@Injectable()
export class ConfirmationOutbox implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ConfirmationOutbox.name);
  private redis?: Redis;
  private blocking?: Redis;
  private openQueue?: Queue<ConfirmationJob>;
  private worker?: Worker<ConfirmationJob>;

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly sender: ConfirmationSender,
    @Inject(SENDS_CONFIRMATIONS) private readonly sendsMail: boolean,
  ) {}

  /** Connected on first use: a process that neither queues nor sends (the content sync) never connects. */
  private get commands(): Redis {
    this.redis ??= createRedis({ url: this.config.REDIS_URL });
    return this.redis;
  }

  private get queue(): Queue<ConfirmationJob> {
    if (!this.openQueue) {
      this.openQueue = new Queue<ConfirmationJob>(CONFIRMATION_QUEUE, {
        connection: this.commands,
        prefix: this.config.BRIEFING_QUEUE_PREFIX,
      });
      this.openQueue.on('error', (error) =>
        this.logger.warn({ err: error.message }, 'queue error'),
      );
    }
    return this.openQueue;
  }

  onModuleInit(): void {
    if (!this.sendsMail) return;
    this.blocking = createRedis({ url: this.config.REDIS_URL, maxRetriesPerRequest: null });
    this.worker = new Worker<ConfirmationJob>(
      CONFIRMATION_QUEUE,
      (job: Job<ConfirmationJob>) => this.sender.send(job.data.email),
      {
        connection: this.blocking,
        prefix: this.config.BRIEFING_QUEUE_PREFIX,
        concurrency: 4,
        // A mail whose process was killed mid-send goes out from another (or the restarted one)
        // as soon as a briefing would.
        ...handOverWithin(this.config.BRIEFING_LOCK_DURATION_MS),
      },
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error.message }, 'worker error'));
    this.worker.on('failed', (job, error) =>
      this.logger.error(
        { err: error.message, attempts: job?.attemptsMade },
        'confirmation mail failed',
      ),
    );
  }

  /** Queues a confirmation mail unless the address had its share; the caller cannot tell which. */
  async offer(email: string): Promise<void> {
    if (!(await this.takeAddressSlot(email))) return;
    await this.queue.add(
      CONFIRMATION_JOB,
      { email },
      {
        attempts: 5,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  }

  /** Confirmation mails queued or being sent (waiting for a retry included). */
  async backlog(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  }

  private async takeAddressSlot(email: string): Promise<boolean> {
    // Hashed, so Redis keys never hold an address.
    const id = createHash('sha256').update(email).digest('hex');
    const prefix = `${this.config.BRIEFING_QUEUE_PREFIX}:newsletter-address:${id}`;
    const taken = await this.commands.eval(
      TAKE_ADDRESS_SLOT,
      2,
      `${prefix}:count`,
      `${prefix}:interval`,
      this.config.NEWSLETTER_MAILS_PER_ADDRESS,
      this.config.NEWSLETTER_MAIL_WINDOW_SECONDS * 1000,
      this.config.NEWSLETTER_MAIL_GAP_SECONDS * 1000,
    );
    return taken === 1;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.worker && this.blocking) await closeQueueWorker(this.worker, this.blocking);
    await this.openQueue?.close();
    this.redis?.disconnect();
    this.blocking?.disconnect();
  }
}
