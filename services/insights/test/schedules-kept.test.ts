import type { ChildProcess } from 'node:child_process';
import {
  flushRedis,
  freePort,
  killProcess,
  metricValue,
  startRedisServer,
  waitFor,
} from '@probedge/kit/testing';
import { SCHEDULER_IDS } from '../src/jobs/insights.scheduler';
import { createStage, spawnWorker, startApi, type Running, type Stage } from './support';

const BOTH = [SCHEDULER_IDS.analysis, SCHEDULER_IDS.opinion].sort();

/**
 * The worker process (the built dist/worker.js) on a Redis of the test's own that comes back empty:
 * flushed while connected, then stopped and started again with nothing in it. The morning's
 * schedulers must exist again each time, or the next market day's analysis never runs.
 */
describe('the worker keeps its schedules when Redis comes back empty', () => {
  let stage: Stage;
  let api: Running;
  let redis: ChildProcess;
  let redisPort: number;
  let worker: ChildProcess;
  let metricsUrl: string;

  const schedulers = async () =>
    (await api.queue.queue.getJobSchedulers()).map((scheduler) => scheduler.key).sort();

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedisServer(redisPort);
    stage = await createStage({
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      INSIGHTS_SCHEDULE_ENABLED: 'true',
      SCHEDULE_CHECK_SECONDS: '1',
    });
    api = await startApi(stage);
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    worker = spawnWorker(stage, { INSIGHTS_WORKER_PORT: String(port) });
  });

  afterAll(async () => {
    if (worker) await killProcess(worker, 'SIGTERM');
    await api?.close();
    await stage?.close();
    await killProcess(redis);
  });

  it('declares them again after a flush, and after a restart with an empty Redis', async () => {
    await waitFor(async () => (await schedulers()).length === 2, 'the schedulers declared');
    expect(await schedulers()).toEqual(BOTH);

    await flushRedis(redisPort);
    expect(await schedulers()).toEqual([]);
    await waitFor(
      async () => (await schedulers()).length === 2,
      'the schedulers after a flush',
      10_000,
    );
    expect(await schedulers()).toEqual(BOTH);

    await killProcess(redis);
    redis = await startRedisServer(redisPort);
    await waitFor(
      async () => (await schedulers().catch(() => [])).length === 2,
      'the schedulers after an empty restart',
      20_000,
    );
    expect(await schedulers()).toEqual(BOTH);

    // What operators see: each schedule present, and how often one had to be declared again.
    const metrics = await (await fetch(metricsUrl)).text();
    for (const id of BOTH) {
      expect(metricValue(metrics, 'bullmq_job_scheduler_present', { scheduler: id })).toBe(1);
      expect(
        metricValue(metrics, 'bullmq_job_schedules_redeclared_total', { scheduler: id }),
      ).toBeGreaterThanOrEqual(2);
    }
  });
});
