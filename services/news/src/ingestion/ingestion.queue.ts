import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  closeQueueWorker,
  createRedis,
  handOverWithin,
  Metrics,
  Readiness,
  startQueueWorker,
} from '@probedge/kit';
import { JOBS, QUEUES, type IngestSlotPayload } from '@probedge/proto';
import { Queue, type Job, type Worker } from 'bullmq';
import type Redis from 'ioredis';
import type { NewsConfig } from '../config/env';
import { NEWS_CONFIG } from '../config/news-config';
import { IngestionService, type IngestionReport } from './ingestion.service';
import { slotJobId, slotStart } from './slot.util';

const JOB_OPTIONS = {
  attempts: 2,
  backoff: { type: 'exponential', delay: 5000 },
  // Finished jobs are kept for a day so their ids keep later enqueues of the same slot out.
  removeOnComplete: { age: 86_400 },
  removeOnFail: { age: 86_400 },
} as const;

/** A slot's payload; `rerun` marks an operator's re-run, which fetches whether or not a source is due. */
export interface IngestJobPayload extends IngestSlotPayload {
  rerun?: { sourceId?: string };
}

/** The ingestion queue on `connection`: the one definition the worker and the CLI share. */
export function openIngestionQueue(
  connection: Redis,
  config: Pick<NewsConfig, 'NEWS_QUEUE_PREFIX'>,
): Queue<IngestJobPayload> {
  return new Queue<IngestJobPayload>(QUEUES.newsIngestion, {
    connection,
    prefix: config.NEWS_QUEUE_PREFIX,
  });
}

/**
 * An operator's re-run of ingestion (every source, or one) as of `now`. Its id is unique, so it never
 * merges with the slot's job or with another re-run.
 */
export async function enqueueRerun(
  queue: Queue<IngestJobPayload>,
  now: Date,
  sourceId?: string,
): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const jobId = `ingest-rerun-${sourceId ?? 'all'}-${stamp}-${randomBytes(4).toString('hex')}`;
  await queue.add(
    JOBS.ingestSlot,
    { slot: now.toISOString(), rerun: sourceId === undefined ? {} : { sourceId } },
    { ...JOB_OPTIONS, jobId },
  );
  return jobId;
}

/** The news-ingestion queue: the producer used by the tick, and this replica's consumer. */
@Injectable()
export class IngestionQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(IngestionQueue.name);
  private readonly connection: Redis;
  private readonly queue: Queue<IngestJobPayload>;
  private worker?: Worker<IngestJobPayload, IngestionReport>;

  constructor(
    @Inject(NEWS_CONFIG) private readonly config: NewsConfig,
    private readonly ingestion: IngestionService,
    private readonly readiness: Readiness,
    private readonly metrics: Metrics,
  ) {
    this.connection = createRedis({ url: config.REDIS_URL, maxRetriesPerRequest: null });
    this.queue = openIngestionQueue(this.connection, config);
  }

  onModuleInit(): void {
    this.readiness.register('redis', async () => {
      await this.connection.ping();
    });
    this.worker = startQueueWorker({
      queue: QUEUES.newsIngestion,
      handlers: {
        [JOBS.ingestSlot]: (job: Job<IngestJobPayload>) =>
          job.data.rerun
            ? this.ingestion.ingestNow(new Date(), job.data.rerun.sourceId)
            : this.ingestion.ingestDue(new Date()),
      },
      connection: this.connection,
      prefix: this.config.NEWS_QUEUE_PREFIX,
      options: {
        concurrency: 1,
        ...handOverWithin(this.config.NEWS_LOCK_DURATION_MS),
      },
      logger: this.logger,
      metrics: this.metrics,
    });
    this.metrics.watchQueue(this.queue);
    this.worker.on('completed', (_job, report) => this.countIngestion(report));
    this.worker.on('completed', (job, report) =>
      this.logger.log(
        { job: job.id, sources: report.sources.length, changedFeeds: report.changedFeeds },
        'ingestion slot done',
      ),
    );
  }

  /** Per-source outcomes of a slot: articles written and fetch errors, for dashboards and alerts. */
  private countIngestion(report: IngestionReport): void {
    const articles = this.metrics.counter({
      name: 'news_ingested_articles_total',
      help: 'Articles written by ingestion, by source and kind of write',
      labelNames: ['source', 'write'],
    });
    const fetches = this.metrics.counter({
      name: 'news_source_fetches_total',
      help: 'Source fetches by source and outcome (ingested, not-modified, failed)',
      labelNames: ['source', 'outcome'],
    });
    for (const outcome of report.sources) {
      fetches.inc({ source: outcome.sourceId, outcome: outcome.status });
      if (outcome.status === 'ingested') {
        articles.inc({ source: outcome.sourceId, write: 'created' }, outcome.created);
        articles.inc({ source: outcome.sourceId, write: 'updated' }, outcome.updated);
      }
    }
  }

  /** Enqueues the slot holding `now`; a slot already enqueued by any replica is left alone. */
  async enqueueSlot(now: Date = new Date()): Promise<string> {
    const slot = slotStart(now, this.config.NEWS_INGEST_SLOT_SECONDS);
    const jobId = slotJobId(slot);
    await this.queue.add(JOBS.ingestSlot, { slot: slot.toISOString() }, { ...JOB_OPTIONS, jobId });
    return jobId;
  }

  /** Queues a re-run now (see enqueueRerun); returns its job id. */
  rerun(sourceId?: string): Promise<string> {
    return enqueueRerun(this.queue, new Date(), sourceId);
  }

  /** Jobs by state: queue depth for operators, and proof of one job per slot in tests. */
  jobCounts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
  }

  async onModuleDestroy(): Promise<void> {
    // Closing the worker waits for a running job, so SIGTERM drains instead of dropping it.
    if (this.worker) await closeQueueWorker(this.worker, this.connection);
    await this.queue.close();
    this.connection.disconnect();
  }
}
