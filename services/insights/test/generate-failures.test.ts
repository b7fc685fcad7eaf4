import { article, NEWS_OUTAGE_DETAILS, status } from './news-server';
import { today, useNewsAndService } from './support';

/** What readers see when the news service fails: a retry first, then a product message. */
describe('generating while the news service fails', () => {
  const svc = useNewsAndService({ INSIGHTS_JOB_ATTEMPTS: '3' }, (news) => {
    news.articles = [
      article({ title: 'Retailers rally on holiday sales', tickers: ['WMT'] }, 20),
      article({ title: 'Holiday sales: what they hide', feed: 'opinion', sourceId: 'views' }, 30),
    ];
  });

  beforeEach(() => {
    svc.news.requests = [];
    svc.news.failWith = undefined;
    svc.news.failTimes = undefined;
  });

  it('retries a failed attempt with backoff and still stores one row', async () => {
    svc.news.failWith = status.UNAVAILABLE;
    svc.news.failTimes = 1;
    const res = await svc.http().post('/api/generate-opinion').expect(200);
    expect(res.body.sourceArticleTitle).toBe('Holiday sales: what they hide');
    // The failed read, then the retry's day and baseline reads.
    expect(svc.news.requests).toHaveLength(3);
    expect(await svc.api.items.count('opinion', today())).toBe(1);
    const job = await svc.api.queue.queue.getJob(`daily-opinion:${today()}:0`);
    expect(job?.attemptsMade).toBe(2);
    expect(job?.opts.backoff).toEqual({ type: 'exponential', delay: 200 });
    expect(await job?.getState()).toBe('completed');
  });

  it('answers 502 naming the news service, never its address, when every attempt fails', async () => {
    svc.news.failWith = status.UNAVAILABLE;
    const res = await svc.http().post('/api/generate-analysis').expect(502);
    expect(res.body).toMatchObject({
      statusCode: 502,
      error: 'Bad Gateway',
      message:
        'The daily analysis could not be written: the news service is unavailable. Try again shortly.',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/internal|ECONNREFUSED|5002/);
    expect(svc.news.requests).toHaveLength(3);
    expect(await svc.api.items.count('analysis', today())).toBe(0);
    // The raw cause stays on the job for operators.
    const job = await svc.api.queue.queue.getJob(`daily-analysis:${today()}:0`);
    expect(job?.failedReason).toContain(NEWS_OUTAGE_DETAILS);
  });

  it('gives the day all its attempts again when asked after a failure', async () => {
    svc.news.failWith = status.UNAVAILABLE;
    svc.news.failTimes = 2;
    const res = await svc.http().post('/api/generate-analysis').expect(200);
    expect(res.body.content).toContain('$WMT (1 article)');
    // Two failed reads, then the day and baseline of the third attempt.
    expect(svc.news.requests).toHaveLength(4);
    expect(await svc.api.items.count('analysis', today())).toBe(1);
  });
});
