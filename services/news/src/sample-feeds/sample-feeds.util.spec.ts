import { FEEDS } from '@probedge/proto';
import { toArticleDraft } from '../ingestion/article-draft.util';
import { parseFeed } from '../ingestion/feed-parser.util';
import { sampleFeedDocument, sampleItemCount, sampleSources } from './sample-feeds.util';

describe('sample feeds', () => {
  const now = new Date('2026-11-22T05:17:00Z');

  it('hold at least 60 items across every feed', () => {
    expect(sampleItemCount()).toBeGreaterThanOrEqual(60);
    for (const feed of FEEDS)
      expect(parseFeed(sampleFeedDocument(feed, now)).items.length).toBeGreaterThan(5);
  });

  it('date every item within the last two days, relative to now', () => {
    for (const feed of FEEDS) {
      for (const item of parseFeed(sampleFeedDocument(feed, now)).items) {
        expect(item.publishedAt!.getTime()).toBeLessThan(now.getTime());
        expect(now.getTime() - item.publishedAt!.getTime()).toBeLessThan(48 * 3_600_000);
      }
    }
  });

  it('are clearly samples and stable within the hour', () => {
    const document = sampleFeedDocument('business', now);
    expect(document).toBe(sampleFeedDocument('business', new Date('2026-11-22T05:59:59Z')));
    for (const item of parseFeed(document).items) {
      const draft = toArticleDraft(item, {
        feedUrl: 'http://127.0.0.1/',
        feed: 'business',
        category: null,
        fetchedAt: now,
      });
      expect(draft!.title).toMatch(/^Sample/);
      expect(draft!.url).toMatch(/^https:\/\/example\.com\/probedge-sample\//);
    }
  });

  it('list one loopback source per feed', () => {
    const sources = sampleSources('http://127.0.0.1:4202');
    expect(sources.map((source) => source.feed).sort()).toEqual([...FEEDS].sort());
    expect(sources.every((source) => source.url.startsWith('http://127.0.0.1:4202/feeds/'))).toBe(
      true,
    );
  });

  it('name instruments in the lists that show tickers, and no fictional symbol', () => {
    const tagged = (feed: (typeof FEEDS)[number]) =>
      parseFeed(sampleFeedDocument(feed, now)).items.map(
        (item) =>
          toArticleDraft(item, {
            feedUrl: 'http://127.0.0.1/',
            feed,
            category: null,
            fetchedAt: now,
          })!.tickers,
      );
    for (const feed of ['business', 'analysis', 'stocks', 'daytrader'] as const) {
      expect(tagged(feed).some((tickers) => tickers.length > 0)).toBe(true);
    }
    // The local stack's sample provider knows these; a symbol it lacks would lead to a 404 page.
    const named = new Set(FEEDS.flatMap((feed) => tagged(feed).flat()));
    expect([...named].sort()).toEqual(
      ['AAPL', 'CVX', 'INTC', 'IWM', 'JNJ', 'JPM', 'MSFT', 'NVDA', 'QQQ', 'SPY'].sort(),
    );
  });
});
