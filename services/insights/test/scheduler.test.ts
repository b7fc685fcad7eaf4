import type { ChildProcess } from 'node:child_process';
import { freePort, killProcess, metricValue, waitFor } from '@probedge/kit/testing';
import { marketDate } from '../src/market/market-date.util';
import { SCHEDULER_IDS } from '../src/jobs/insights.scheduler';
import { article, startNewsServer, type NewsServer } from './news-server';
import { createStage, spawnWorker, startApi, type Running, type Stage } from './support';

/** Two worker processes (the built dist/worker.js), each upserting the schedulers and consuming. */
describe('two worker processes with the scheduler', () => {
  let news: NewsServer;
  let stage: Stage;
  let api: Running;
  const workers: ChildProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    news = await startNewsServer();
    news.articles = [
      article({ title: 'Futures edge higher', tickers: ['SPY'] }, 20),
      article({ title: 'A case for patience', feed: 'opinion', sourceId: 'views' }, 25),
    ];
    // Fire every second, whatever the day: the test need not wait for a market morning.
    stage = await createStage({
      NEWS_GRPC_URL: news.address,
      INSIGHTS_SCHEDULE_ENABLED: 'true',
      INSIGHTS_SCHEDULE_PATTERN: '* * * * * *',
    });
    // The API's queue and repository only observe: the API never schedules or consumes.
    api = await startApi(stage);
    for (let index = 0; index < 2; index += 1) {
      const port = await freePort();
      ports.push(port);
      workers.push(spawnWorker(stage, { INSIGHTS_WORKER_PORT: String(port) }));
    }
    const ready = async (port: number) =>
      (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200;
    await waitFor(async () => (await ready(ports[0])) && (await ready(ports[1])), 'both workers');
  });

  afterAll(async () => {
    await Promise.all(workers.map((child) => killProcess(child, 'SIGTERM')));
    await api?.close();
    await stage?.close();
    await news?.close();
  });

  it('keeps one scheduler per kind and writes one job and one row per day', async () => {
    const { queue, items } = api;
    await waitFor(
      async () => (await queue.queue.getJobSchedulers()).length >= 2,
      'the schedulers upserted',
    );
    const schedulers = await queue.queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => scheduler.key).sort()).toEqual(
      [SCHEDULER_IDS.analysis, SCHEDULER_IDS.opinion].sort(),
    );
    expect(schedulers[0].pattern).toBe('* * * * * *');
    expect(schedulers[0].tz).toBe('America/New_York');
    // Triggers are retried like the day's jobs.
    for (const scheduler of schedulers) {
      expect(scheduler.template?.opts).toMatchObject({
        attempts: 3,
        backoff: { type: 'exponential', delay: 200 },
      });
    }

    // Let the schedulers fire several times.
    const triggers = async () =>
      (await queue.queue.getJobs(['completed'])).filter((job) => job.id?.startsWith('repeat:'));
    await waitFor(async () => (await triggers()).length >= 6, 'six scheduler firings', 20_000);

    const date = marketDate(new Date(), 'America/New_York');
    const dayJobs = (await queue.queue.getJobs(['completed', 'active', 'waiting', 'failed']))
      .map((job) => job.id)
      .filter((id) => !id?.startsWith('repeat:'))
      .sort();
    expect(dayJobs).toEqual([`daily-analysis:${date}:0`, `daily-opinion:${date}:0`]);
    expect(await items.count('analysis', date)).toBe(1);
    expect(await items.count('opinion', date)).toBe(1);
    // Each kind was generated once: two reads (day and baseline) per generation.
    expect(news.requests).toHaveLength(4);

    // Job outcomes and queue depth reach each process' /metrics.
    const texts = await Promise.all(
      ports.map(async (port) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text()),
    );
    const completed = texts.reduce(
      (total, text) =>
        total +
        (metricValue(text, 'bullmq_jobs_total', {
          queue: 'insights',
          name: 'daily-analysis',
          outcome: 'completed',
        }) ?? 0),
      0,
    );
    expect(completed).toBeGreaterThanOrEqual(2); // at least one firing and the day's job
    expect(
      metricValue(texts[0], 'bullmq_queue_jobs', { queue: 'insights', state: 'completed' }),
    ).toBeGreaterThanOrEqual(2);
  });
});
