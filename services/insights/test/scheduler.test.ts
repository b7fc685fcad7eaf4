import { metricValue, waitFor } from '@probedge/kit/testing';
import request from 'supertest';
import { marketDate } from '../src/market/market-date.util';
import { SCHEDULER_IDS } from '../src/jobs/insights.scheduler';
import { article, startNewsServer, type NewsServer } from './news-server';
import { createStage, startWorker, type Running, type Stage } from './support';

describe('two workers with the scheduler', () => {
  let news: NewsServer;
  let stage: Stage;
  const workers: Running[] = [];

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
    workers.push(...(await Promise.all([startWorker(stage), startWorker(stage)])));
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.close()));
    await stage?.close();
    await news?.close();
  });

  it('keeps one scheduler per kind and writes one job and one row per day', async () => {
    const { queue, items } = workers[0];
    const schedulers = await queue.queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => scheduler.key).sort()).toEqual(
      [SCHEDULER_IDS.analysis, SCHEDULER_IDS.opinion].sort(),
    );
    expect(schedulers[0].pattern).toBe('* * * * * *');
    expect(schedulers[0].tz).toBe('America/New_York');

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

    // Job outcomes and queue depth reach /metrics.
    const texts = await Promise.all(
      workers.map(
        async (worker) => (await request(worker.app.getHttpServer()).get('/metrics')).text,
      ),
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
