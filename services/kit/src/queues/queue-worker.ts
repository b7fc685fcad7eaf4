import type { Logger } from '@nestjs/common';
import { JOBS_OF_QUEUE, type JobOfQueue, type QueueName } from '@probedge/proto';
import { Worker, type Job, type WorkerOptions } from 'bullmq';
import type Redis from 'ioredis';
import { asJobError } from '../errors/coded-error';
import type { Metrics } from '../metrics/metrics';

export type JobHandler<D, R> = (job: Job<D>, token?: string) => Promise<R>;

/** One handler per job the queue carries (proto's JOBS_OF_QUEUE), and none for any other. */
export type JobHandlers<Q extends QueueName, D, R> = Record<JobOfQueue<Q>, JobHandler<D, R>>;

/**
 * Throws unless `handlers` has exactly the jobs of `queue`: a job without a handler would fail
 * every time it ran, and a handler for another queue's job would never run. Called when a worker
 * starts, so a process with a wrong table stops at start-up instead of failing jobs later.
 */
export function checkJobHandlers(queue: QueueName, handlers: object): void {
  const expected: readonly string[] = JOBS_OF_QUEUE[queue];
  const table = handlers as Record<string, unknown>;
  const missing = expected.filter((name) => typeof table[name] !== 'function');
  const foreign = Object.keys(table).filter((name) => !expected.includes(name));
  if (missing.length === 0 && foreign.length === 0) return;
  const problems = [
    missing.length > 0 && `no handler for ${missing.join(', ')}`,
    foreign.length > 0 && `handlers for jobs it does not carry: ${foreign.join(', ')}`,
  ].filter(Boolean);
  throw new Error(`The ${queue} worker is wrong: ${problems.join('; ')}`);
}

export interface QueueWorkerSettings<Q extends QueueName, D, R> {
  queue: Q;
  handlers: JobHandlers<Q, D, R>;
  /** A connection of its own, with maxRetriesPerRequest: null as BullMQ workers need. */
  connection: Redis;
  prefix: string;
  /** Concurrency, lock and stall settings, from the service's config. */
  options?: Omit<WorkerOptions, 'connection' | 'prefix'>;
  logger: Logger;
  metrics: Metrics;
}

/**
 * The one shape of a queue's consumer: the handler table checked, each job dispatched by name, a
 * coded failure turned into the job's reason (see asJobError), errors and failures logged, and
 * the outcomes counted in /metrics. Closing the worker waits for its running job.
 */
export function startQueueWorker<Q extends QueueName, D, R>(
  settings: QueueWorkerSettings<Q, D, R>,
): Worker<D, R> {
  const { queue, handlers, logger } = settings;
  checkJobHandlers(queue, handlers);
  const table = handlers as Record<string, JobHandler<D, R> | undefined>;
  const worker = new Worker<D, R>(
    queue,
    async (job, token) => {
      // A job added by hand or by an older release: checked above for every known name.
      const handler = table[job.name];
      if (!handler) throw new Error(`No handler for job ${job.name} on ${queue}`);
      try {
        return await handler(job, token);
      } catch (error) {
        throw asJobError(error);
      }
    },
    { ...settings.options, connection: settings.connection, prefix: settings.prefix },
  );
  settings.metrics.watchWorker(worker);
  worker.on('error', (error) => logger.warn({ err: error.message }, 'worker error'));
  worker.on('failed', (job, error) =>
    logger.warn({ job: job?.id, attempt: job?.attemptsMade, err: error.message }, 'job failed'),
  );
  return worker;
}

/**
 * BullMQ's lock settings for jobs whose process may be killed: a killed worker's lock lapses at
 * most `lockMs` after its last renewal, and a stall check every half lock finds it, so the job is
 * handed on within 1.5 × `lockMs`.
 */
export function handOverWithin(lockMs: number): { lockDuration: number; stalledInterval: number } {
  return { lockDuration: lockMs, stalledInterval: Math.ceil(lockMs / 2) };
}

/**
 * Closes a worker, waiting for its running job while its Redis answers. While the connection is
 * not ready no job can finish or be fetched, and BullMQ 6 would wait forever to close a worker
 * whose Redis never answered (taskforcesh/bullmq#4656), keeping the process from exiting; the
 * worker is then closed without waiting, and a job it held is taken up again once it stalls.
 */
export function closeQueueWorker(worker: Worker, connection: Redis): Promise<void> {
  return worker.close(connection.status !== 'ready');
}
