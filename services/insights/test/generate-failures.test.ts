import request from 'supertest';
import { marketDate } from '../src/market/market-date.util';
import {
  article,
  NEWS_OUTAGE_DETAILS,
  startNewsServer,
  status,
  type NewsServer,
} from './news-server';
import { closeAll, startService, type Running, type Stage } from './support';

/** What readers see when the news service fails: a retry first, then a product message. */
describe('generating while the news service fails', () => {
  let news: NewsServer;
  let stage: Stage;
  let api: Running;
  let worker: Running;
  const http = () => request(api.app.getHttpServer());
  const today = () => marketDate(new Date(), 'America/New_York');

  beforeAll(async () => {
    news = await startNewsServer();
    news.articles = [
      article({ title: 'Retailers rally on holiday sales', tickers: ['WMT'] }, 20),
      article({ title: 'Holiday sales: what they hide', feed: 'opinion', sourceId: 'views' }, 30),
    ];
    ({ stage, api, worker } = await startService({
      NEWS_GRPC_URL: news.address,
      INSIGHTS_JOB_ATTEMPTS: '3',
    }));
  });

  afterAll(async () => {
    await closeAll(worker, api, stage, news);
  });

  beforeEach(() => {
    news.requests = [];
    news.failWith = undefined;
    news.failTimes = undefined;
  });

  it('retries a failed attempt with backoff and still stores one row', async () => {
    news.failWith = status.UNAVAILABLE;
    news.failTimes = 1;
    const res = await http().post('/api/generate-opinion').expect(200);
    expect(res.body.sourceArticleTitle).toBe('Holiday sales: what they hide');
    // The failed read, then the retry's day and baseline reads.
    expect(news.requests).toHaveLength(3);
    expect(await api.items.count('opinion', today())).toBe(1);
    const job = await api.queue.queue.getJob(`daily-opinion:${today()}:0`);
    expect(job?.attemptsMade).toBe(2);
    expect(job?.opts.backoff).toEqual({ type: 'exponential', delay: 200 });
    expect(await job?.getState()).toBe('completed');
  });

  it('answers 502 naming the news service, never its address, when every attempt fails', async () => {
    news.failWith = status.UNAVAILABLE;
    const res = await http().post('/api/generate-analysis').expect(502);
    expect(res.body).toMatchObject({
      statusCode: 502,
      error: 'Bad Gateway',
      message:
        'The daily analysis could not be written: the news service is unavailable. Try again shortly.',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/internal|ECONNREFUSED|5002/);
    expect(news.requests).toHaveLength(3);
    expect(await api.items.count('analysis', today())).toBe(0);
    // The raw cause stays on the job for operators.
    const job = await api.queue.queue.getJob(`daily-analysis:${today()}:0`);
    expect(job?.failedReason).toContain(NEWS_OUTAGE_DETAILS);
  });

  it('gives the day all its attempts again when asked after a failure', async () => {
    news.failWith = status.UNAVAILABLE;
    news.failTimes = 2;
    const res = await http().post('/api/generate-analysis').expect(200);
    expect(res.body.content).toContain('$WMT (1 article)');
    // Two failed reads, then the day and baseline of the third attempt.
    expect(news.requests).toHaveLength(4);
    expect(await api.items.count('analysis', today())).toBe(1);
  });
});
