import type { Logger } from '@nestjs/common';
import { JOBS, QUEUES } from '@probedge/proto';
import { Queue, QueueEvents } from 'bullmq';
import { CodedError, createRedis, jobFailure, Metrics, startQueueWorker } from '../src';
import { checkJobHandlers } from '../src/queues/queue-worker';
import { waitFor } from '../src/testing';

const REDIS_URL = 'redis://127.0.0.1:6379';
const done = async () => ({ done: true });

describe('checkJobHandlers', () => {
  it('accepts exactly the jobs of the queue', () => {
    expect(() =>
      checkJobHandlers(QUEUES.briefing, { [JOBS.briefing]: done, [JOBS.briefingCutoff]: done }),
    ).not.toThrow();
  });

  it('stops a worker missing a handler, naming the job', () => {
    expect(() => checkJobHandlers(QUEUES.briefing, { [JOBS.briefing]: done })).toThrow(
      'The newsletter-briefing worker is wrong: no handler for briefing-cutoff',
    );
  });

  it("stops a worker with a handler for another queue's job", () => {
    expect(() =>
      checkJobHandlers(QUEUES.newsIngestion, {
        [JOBS.ingestSlot]: done,
        [JOBS.dailyAnalysis]: done,
      }),
    ).toThrow('handlers for jobs it does not carry: daily-analysis');
  });

  it('counts an absent handler as missing', () => {
    expect(() => checkJobHandlers(QUEUES.newsIngestion, { [JOBS.ingestSlot]: undefined })).toThrow(
      'no handler for ingest-slot',
    );
  });
});

describe('startQueueWorker against the real Redis', () => {
  const prefix = `kit-queue-test-${process.pid}-${Date.now()}`;
  const connection = createRedis({ url: REDIS_URL, maxRetriesPerRequest: null });
  const producer = createRedis({ url: REDIS_URL, maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.insights, { connection: producer, prefix });
  const listener = createRedis({ url: REDIS_URL, maxRetriesPerRequest: null });
  // From the stream's start (the prefix is this run's own, so it holds only this run's events):
  // the default '$' reads from wherever the stream is when the first XREAD goes out, which can be
  // after a fast job has finished, and waitUntilFinished then waits for an event already written.
  const events = new QueueEvents(QUEUES.insights, {
    connection: listener,
    prefix,
    lastEventId: '0',
  });
  const seen: string[] = [];
  const warnings: unknown[] = [];
  const logger = { warn: (fields: unknown) => warnings.push(fields) } as unknown as Logger;
  const worker = startQueueWorker({
    queue: QUEUES.insights,
    handlers: {
      [JOBS.dailyAnalysis]: async (job) => {
        seen.push(`analysis ${String((job.data as { n: number }).n)}`);
        return 'written';
      },
      [JOBS.dailyOpinion]: async () => {
        throw new CodedError('model-refused', 'the model said no', { retryable: false });
      },
    },
    connection,
    prefix,
    logger,
    metrics: new Metrics('kit-test'),
  });

  beforeAll(() => events.waitUntilReady());

  afterAll(async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await events.close();
    connection.disconnect();
    producer.disconnect();
    listener.disconnect();
  });

  it('runs each job by its name', async () => {
    const job = await queue.add(JOBS.dailyAnalysis, { n: 1 });

    expect(await job.waitUntilFinished(events, 10_000)).toBe('written');
    expect(seen).toEqual(['analysis 1']);
  });

  it('fails a coded error at once, with its code in the reason', async () => {
    const job = await queue.add(JOBS.dailyOpinion, {}, { attempts: 3 });

    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow('the model said no');
    const failed = await queue.getJob(job.id!);
    expect(failed?.attemptsMade).toBe(1);
    expect(jobFailure(failed?.failedReason, ['model-refused'])).toEqual({
      code: 'model-refused',
      message: 'the model said no',
    });
    // The queue's event stream can report the failure before the worker's own 'failed' listener,
    // which logs it, has run: the line follows within the worker's turn.
    await waitFor(
      () => warnings.some((fields) => (fields as { job?: string }).job === job.id),
      'the failure logged',
    );
    expect(warnings).toContainEqual({
      job: job.id,
      attempt: 1,
      err: 'model-refused: the model said no',
    });
  });

  it('fails a job no handler knows', async () => {
    const job = await queue.add('not-a-job', {});

    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(
      'No handler for job not-a-job on insights',
    );
  });
});
