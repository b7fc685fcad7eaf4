import { createRedis } from '@probedge/kit';
import { waitFor } from '@probedge/kit/testing';
import {
  briefingJobId,
  NOT_ADVICE_LINE,
  QUEUES,
  type BriefingPayload,
  type CacheInvalidation,
} from '@probedge/proto';
import { Queue } from 'bullmq';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { article } from './news-server';
import { startApi, startWorker, today, useNewsAndService } from './support';

const ADMIN_TOKEN = 'admin-token-for-tests-0001';

describe('generating the daily items', () => {
  const svc = useNewsAndService({ INSIGHTS_ADMIN_TOKEN: ADMIN_TOKEN });

  beforeEach(() => {
    svc.news.articles = [];
    svc.news.requests = [];
  });

  it('answers 404 JSON while the day has no item', async () => {
    for (const path of ['/api/daily-analysis', '/api/daily-opinion']) {
      const res = await svc.http().get(path).expect(404);
      // "None yet" is about this moment only: no cache may keep it.
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({
        statusCode: 404,
        error: 'Not Found',
        message: expect.stringContaining(today()),
      });
    }
  });

  it('fails with 409 and the reason when the day has no articles, storing nothing', async () => {
    const res = await svc.http().post('/api/generate-analysis').expect(409);
    expect(res.body.message).toMatch(/^No articles were published in the 24 hours before/);
    expect(await svc.api.items.count('analysis', today())).toBe(0);
    // Exactly one attempt: a missing day is not worth retrying.
    expect(svc.news.requests).toHaveLength(1);
  });

  it('reads a fresh window when asked again after a day without articles', async () => {
    const first = await svc.http().post('/api/generate-analysis').expect(409);
    const firstEnd = Date.parse(/before (\S+);/.exec(first.body.message)![1]);
    // Both arrive after the window the failed attempt read had closed.
    svc.news.articles = [
      article({ title: 'Chip stocks rally on demand', tickers: ['NVDA'] }, 0, firstEnd + 1),
      article({ title: 'Chip tariffs loom', tickers: ['NVDA'], feed: 'analysis' }, 0, firstEnd + 2),
    ];
    const res = await svc.http().post('/api/generate-analysis').expect(200);
    expect(res.body).toEqual({ content: expect.any(String), createdAt: expect.any(String) });
    expect(res.body.content).toContain('$NVDA (2 articles)');
    expect(res.body.content.endsWith(NOT_ADVICE_LINE)).toBe(true);
    const read = await svc.http().get('/api/daily-analysis').expect(200);
    expect(read.body).toEqual(res.body);
    // The second attempt's window ends after the first one's.
    expect(Date.parse(svc.news.requests.at(-2)!.until)).toBeGreaterThan(firstEnd);
    expect(await svc.api.items.count('analysis', today())).toBe(1);
  });

  it('marks the day’s item shareable, and announces each item it writes to shared caches', async () => {
    const subscriber = createRedis({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    const announced: CacheInvalidation[] = [];
    subscriber.on('message', (_channel: string, message: string) =>
      announced.push(JSON.parse(message) as CacheInvalidation),
    );
    try {
      await subscriber.subscribe(svc.api.config.CACHE_INVALIDATION_CHANNEL);
      svc.news.articles = [article({ title: 'Oil slips on supply news', tickers: ['XOM'] }, 5)];
      await svc.http().post('/api/generate-analysis').set('X-Admin-Token', ADMIN_TOKEN);
      await waitFor(() => announced.length > 0, 'an announcement');
      expect(announced).toEqual([{ service: 'insights', reason: `daily analysis ${today()}` }]);
      const read = await svc.http().get('/api/daily-analysis').expect(200);
      // Shareable for INSIGHTS_CACHE_SECONDS, unless the market day ends sooner.
      expect(read.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=30$|^no-cache$/);
      // Generation itself is never shareable.
      const generated = await svc.http().post('/api/generate-analysis').expect(200);
      expect(generated.headers['cache-control'] ?? '').not.toContain('s-maxage');
    } finally {
      subscriber.disconnect();
    }
  });

  it('hands the day’s analysis to the newsletter once, whatever the regenerations', async () => {
    const briefing = new Queue<BriefingPayload>(QUEUES.briefing, {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: String(svc.stage.env.BRIEFING_QUEUE_PREFIX),
    });
    try {
      // The day's analysis was written, then regenerated with the admin token, above.
      const stored = await svc.api.items.find('analysis', today());
      expect(stored?.generation).toBe(1);
      const jobs = await briefing.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
      expect(jobs.map((job) => [job.id, job.name])).toEqual([
        [briefingJobId(today()), 'morning-briefing'],
      ]);
      const [job] = jobs;
      // The first text written is the one handed over; the job's id keeps the day to one briefing.
      expect(job.data).toEqual({
        marketDate: today(),
        analysis: expect.stringContaining('$NVDA (2 articles)'),
        themes: expect.any(Array),
        watch: expect.arrayContaining([expect.any(String)]),
        writtenAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(stored?.watch.length).toBeGreaterThan(0);
      expect(stored?.themes).toEqual(expect.any(Array));
      // The opinion is not mailed on its own.
      expect(jobs.some((each) => each.data.analysis.includes('Daily Opinion'))).toBe(false);
    } finally {
      await briefing.close();
    }
  });

  it('runs ten concurrent requests for the same day as one job, one generation, one row', async () => {
    svc.news.articles = [
      article({ title: 'Bank shares climb after rate decision', tickers: ['JPM'] }, 20),
      article({ title: 'Why bank rates matter', feed: 'opinion', sourceId: 'views' }, 40),
    ];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => svc.http().post('/api/generate-opinion')),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    const bodies = answers.map((res) => JSON.stringify(res.body));
    expect(new Set(bodies).size).toBe(1);
    expect(answers[0].body).toEqual({
      analysisDate: today(),
      content: expect.stringContaining('Responding to "Why bank rates matter" (views)'),
      sourceArticleTitle: 'Why bank rates matter',
    });
    // One generation reads the day once and the baseline once.
    expect(svc.news.requests).toHaveLength(2);
    expect(await svc.api.items.count('opinion', today())).toBe(1);
    const counts = await svc.api.queue.jobCounts();
    const opinionJobs = (await svc.api.queue.queue.getJobs(['completed'])).filter(
      (job) => job.name === 'daily-opinion',
    );
    expect(opinionJobs.map((job) => job.id)).toEqual([`daily-opinion:${today()}:0`]);
    expect(counts.failed).toBe(0);
  });

  it('writes the day again when its finished job outlived the row', async () => {
    svc.news.articles = [article({ title: 'Gold climbs to a record', tickers: ['GLD'] }, 5)];
    await svc.http().post('/api/generate-analysis').expect(200);
    await svc.api.app.get(PrismaService).dailyItem.deleteMany({ where: { kind: 'analysis' } });
    const res = await svc.http().post('/api/generate-analysis').expect(200);
    expect(res.body.content).toContain('$GLD (1 article)');
    expect(await svc.api.items.count('analysis', today())).toBe(1);
  });

  it('returns the existing item without the admin token and writes nothing new', async () => {
    const before = await svc.http().get('/api/daily-opinion').expect(200);
    const res = await svc.http().post('/api/generate-opinion').expect(200);
    expect(res.body).toEqual(before.body);
    expect(svc.news.requests).toHaveLength(0);
  });

  it('refuses a wrong admin token with 403', async () => {
    const res = await svc
      .http()
      .post('/api/generate-opinion')
      .set('X-Admin-Token', 'not-the-admin-token-at-all')
      .expect(403);
    expect(res.body).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
      message: expect.any(String),
    });
    expect(svc.news.requests).toHaveLength(0);
  });

  it('regenerates the day with the admin token, still as one row', async () => {
    svc.news.articles = [
      article({ title: 'Energy stocks slump as oil falls', tickers: ['XOM'] }, 10),
      article({ title: 'Oil slump: a buying chance?', feed: 'opinion', sourceId: 'views' }, 15),
    ];
    const res = await svc
      .http()
      .post('/api/generate-opinion')
      .set('X-Admin-Token', ADMIN_TOKEN)
      .expect(200);
    expect(res.body.sourceArticleTitle).toBe('Oil slump: a buying chance?');
    expect(await svc.api.items.count('opinion', today())).toBe(1);
    const stored = await svc.api.items.find('opinion', today());
    expect(stored?.generation).toBe(1);
  });

  it('answers 202 with the job id when the job outlasts the wait', async () => {
    const impatient = await startApi(svc.stage, { INSIGHTS_GENERATE_WAIT_MS: '0' });
    await svc.worker.close();
    try {
      await svc.api.items.count('analysis', today());
      const res = await request(impatient.app.getHttpServer())
        .post('/api/generate-analysis')
        .set('X-Admin-Token', ADMIN_TOKEN)
        .expect(202);
      expect(res.body).toEqual({
        status: 'pending',
        jobId: `daily-analysis:${today()}:1`,
        message: expect.any(String),
      });
    } finally {
      await impatient.close();
      svc.worker = await startWorker(svc.stage);
    }
  });
});
