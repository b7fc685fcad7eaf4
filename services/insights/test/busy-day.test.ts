import type { NewsArticle } from '../src/news/news-article';
import { article } from './news-server';
import { startWorker, today, useNewsAndService } from './support';

const ADMIN_TOKEN = 'admin-token-for-tests-0003';
const DAY_ARTICLES = 1203;

/** A day with more articles than one news call returns: the reads page through all of them. */
describe('generating a day of more than 500 articles', () => {
  const svc = useNewsAndService({ INSIGHTS_ADMIN_TOKEN: ADMIN_TOKEN }, (news) => {
    const now = Date.now();
    const busy: NewsArticle[] = Array.from({ length: DAY_ARTICLES - 1 }, (_, index) =>
      article(
        {
          title: `Market update ${index}`,
          feed: index % 2 === 0 ? 'business' : 'analysis',
          tickers: ['SPY'],
        },
        1 + index * 0.5,
        now,
      ),
    );
    // The only opinion article is the oldest of the day: a single 500-article read never sees it.
    const opinion = article(
      { title: 'Why breadth matters', feed: 'opinion', sourceId: 'views', tickers: ['SPY'] },
      23 * 60,
      now,
    );
    news.articles = [...busy, opinion];
  });

  beforeEach(() => {
    svc.news.requests = [];
  });

  it('counts every article of the day and finds the opinion article at its end', async () => {
    const analysis = await svc.http().post('/api/generate-analysis').expect(200);
    expect(analysis.body.content).toContain(`Coverage: ${DAY_ARTICLES} articles`);
    expect((await svc.api.items.find('analysis', today()))?.articleCount).toBe(DAY_ARTICLES);
    // Three pages for the day (500, 500, 203), one for the empty baseline.
    expect(svc.news.requests.map((call) => call.limit)).toEqual([500, 500, 500, 500]);
    expect(svc.news.requests.map((call) => call.pageToken)).toEqual(['', '500', '1000', '']);

    const opinion = await svc.http().post('/api/generate-opinion').expect(200);
    expect(opinion.body.sourceArticleTitle).toBe('Why breadth matters');
  });

  it('stops at INSIGHTS_MAX_ARTICLES, keeping the newest', async () => {
    await svc.worker.close();
    svc.worker = await startWorker(svc.stage, { INSIGHTS_MAX_ARTICLES: '600' });
    await svc.http().post('/api/generate-analysis').set('X-Admin-Token', ADMIN_TOKEN).expect(200);
    const item = await svc.api.items.find('analysis', today());
    expect(item?.generation).toBe(1);
    expect(item?.articleCount).toBe(600);
    // A full page, then only what is left of the bound; then the (empty) baseline.
    expect(svc.news.requests.map((call) => call.limit)).toEqual([500, 100, 500]);
  });
});
