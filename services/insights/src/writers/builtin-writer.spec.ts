import { NOT_ADVICE_LINE } from '@probedge/proto';
import type { NewsArticle } from '../news/news-article';
import { BuiltinWriter } from './builtin-writer';
import { buildDigest, pickSourceArticle, sortArticles } from './day-digest.util';
import type { DayMarkets, MarketMove } from '../market/markets-client';
import type { DayInput } from './writer';

const NOW = Date.parse('2026-11-20T14:00:00Z');
let id = 0;

function article(fields: Partial<NewsArticle> & { title: string }, hoursAgo: number): NewsArticle {
  id += 1;
  return {
    id: `id-${String(id).padStart(5, '0')}`,
    description: '',
    url: `https://news.example.com/${id}`,
    publishedAt: new Date(NOW - hoursAgo * 3_600_000).toISOString(),
    feed: 'business',
    sourceId: 'wire',
    category: '',
    tickers: [],
    ...fields,
  };
}

function day(
  articles: NewsArticle[],
  baseline: NewsArticle[] = [],
  markets: DayMarkets | null = null,
): DayInput {
  const sorted = sortArticles(articles);
  return {
    marketDate: '2026-11-20',
    windowHours: 24,
    articles: sorted,
    digest: buildDigest(sorted, baseline, 5),
    markets,
  };
}

const move = (symbol: string, percentChange: number, source = 'finnhub'): MarketMove => ({
  symbol,
  name: symbol,
  price: 100 + percentChange,
  percentChange,
  currency: 'USD',
  asOf: '2026-11-19T21:00:00.000Z',
  source,
  stale: false,
});

/** A crafted day: chips and tariffs stand out; NVDA leads the tickers; mostly good news. */
function craftedDay(): { articles: NewsArticle[]; baseline: NewsArticle[] } {
  const articles = [
    article({ title: 'Nvidia rallies as chip demand surges', tickers: ['NVDA'] }, 1),
    article({ title: 'Chip makers gain on record orders', tickers: ['NVDA', 'AMD'] }, 2),
    article({ title: 'Semiconductor chip shortage eases', tickers: ['NVDA'], feed: 'analysis' }, 3),
    article({ title: 'Tariffs on imported chip equipment weighed', tickers: ['AMD'] }, 4),
    article({ title: 'Tariffs could lift consumer costs, economists say', feed: 'analysis' }, 5),
    article(
      {
        title: 'Why the chip tariffs debate misses the point',
        description: 'An argument that chip tariffs matter less than demand.',
        feed: 'opinion',
        sourceId: 'views',
        tickers: ['NVDA'],
      },
      6,
    ),
    article(
      { title: 'Retail spending steady into holidays', feed: 'opinion', sourceId: 'views' },
      7,
    ),
    article({ title: 'Oil slips as supply grows', tickers: ['XOM'] }, 8),
  ];
  // The previous days talked about oil and retail, not chips or tariffs.
  const baseline = [
    article({ title: 'Oil supply talks continue' }, 40),
    article({ title: 'Retail earnings season opens' }, 50),
    article({ title: 'Retail sales data due' }, 60),
  ];
  return { articles, baseline };
}

describe('BuiltinWriter', () => {
  const writer = new BuiltinWriter();

  it('names the top tickers, the standout themes and their headlines', async () => {
    const { articles, baseline } = craftedDay();
    const text = await writer.analysis(day(articles, baseline));
    expect(text).toContain('Daily Market Analysis for Friday, November 20, 2026');
    expect(text).toContain('Coverage: 8 articles');
    expect(text).toContain('business 4, analysis 2, opinion 2');
    expect(text).toMatch(/Most-mentioned tickers: \$NVDA \(4 articles\), \$AMD \(2\), \$XOM \(1\)/);
    expect(text).toContain('"chip": 5 articles against 0.0 a day before');
    expect(text).toContain('"tariffs": 3 articles');
    expect(text).toContain('"Why the chip tariffs debate misses the point"');
    expect(text).toContain('Tone: leaning positive');
    expect(text).toContain('What to watch next:');
    expect(text.split('\n').length).toBeGreaterThan(8);
  });

  it('writes the same text from the same articles, whatever order they arrive in', async () => {
    const { articles, baseline } = craftedDay();
    const first = await writer.analysis(day(articles, baseline));
    const again = await writer.analysis(day([...articles].reverse(), [...baseline].reverse()));
    expect(again).toBe(first);
    const source = pickSourceArticle(articles, day(articles, baseline).digest)!;
    expect(await writer.opinion(day(articles, baseline), source)).toBe(
      await writer.opinion(day([...articles].reverse(), baseline), source),
    );
  });

  it('answers the opinion article most connected to the day', async () => {
    const { articles, baseline } = craftedDay();
    const input = day(articles, baseline);
    const source = pickSourceArticle(input.articles, input.digest)!;
    expect(source.title).toBe('Why the chip tariffs debate misses the point');
    const text = await writer.opinion(input, source);
    expect(text).toContain('Responding to "Why the chip tariffs debate misses the point" (views)');
    expect(text).toContain('In brief: An argument that chip tariffs matter less than demand.');
    expect(text).toContain('"chip" (5 articles)');
    expect(text).toContain('$NVDA (4 articles)');
  });

  it('falls back to every feed when the day has no opinion article', () => {
    const articles = [article({ title: 'Banks rally on rates', tickers: ['JPM'] }, 1)];
    const input = day(articles);
    expect(pickSourceArticle(input.articles, input.digest)?.title).toBe('Banks rally on rates');
  });

  it('lists no theme that is no more common than on the previous days', async () => {
    const articles = [
      article({ title: 'Copper prices and mining' }, 1),
      article({ title: 'Copper prices and mining', sourceId: 'desk' }, 2),
    ];
    // "copper" and "prices" were in two articles a day before: today they are merely usual.
    const baseline = Array.from({ length: 5 }, (_, index) => [
      article({ title: 'Copper prices' }, 30 + index * 24),
      article({ title: 'Copper prices' }, 31 + index * 24),
    ]).flat();
    const input = day(articles, baseline);
    expect(input.digest.themes.map((theme) => theme.term)).toEqual(['mining']);
  });

  it('says that no term stood out when none is more common than before', async () => {
    const articles = [article({ title: 'Oil prices steady' }, 1)];
    const baseline = Array.from({ length: 5 }, (_, index) =>
      article({ title: 'Oil prices steady' }, 30 + index * 24),
    );
    const input = day(articles, baseline);
    expect(input.digest.themes).toEqual([]);
    const text = await new BuiltinWriter().analysis(input);
    expect(text).toContain('Themes: no term stood out against the previous days.');
  });

  it('states the watch list and the largest moves with their source and time', async () => {
    const { articles, baseline } = craftedDay();
    const markets: DayMarkets = {
      watchlist: [move('SPY', 0.42), move('QQQ', -0.74)],
      movers: [move('NVDA', -2.1), move('AMD', 1.05)],
      sampleData: false,
    };
    const text = await new BuiltinWriter().analysis(day(articles, baseline, markets));
    expect(text).toContain(
      'Markets (as of Nov 19, 4:00 PM EST; source: finnhub): SPY +0.42% at 100.42 USD, QQQ −0.74% at 99.26 USD.',
    );
    expect(text).toContain(
      "Largest moves among the day's most-mentioned tickers (as of Nov 19, 4:00 PM EST; source: finnhub): NVDA −2.10% at 97.90 USD, AMD +1.05% at 101.05 USD.",
    );
  });

  it('labels sample figures as not market prices', async () => {
    const { articles, baseline } = craftedDay();
    const markets: DayMarkets = {
      watchlist: [move('SPY', 0.42, 'sandbox')],
      movers: [],
      sampleData: true,
    };
    const text = await new BuiltinWriter().analysis(day(articles, baseline, markets));
    expect(text).toContain('Markets (sample data, not market prices; as of Nov 19, 4:00 PM EST)');
    expect(text).not.toContain('Largest moves');
  });

  it('says market data was unavailable and states no figure when none could be read', async () => {
    const { articles, baseline } = craftedDay();
    const text = await new BuiltinWriter().analysis(day(articles, baseline, null));
    expect(text).toContain(
      'Markets: market data was unavailable when this was written, so no market figures are given.',
    );
    expect(text).not.toMatch(/\d+\.\d{2}%/);
  });

  it('always ends with the not-advice line', async () => {
    const { articles, baseline } = craftedDay();
    const input = day(articles, baseline);
    for (const text of [
      await writer.analysis(input),
      await writer.opinion(input, input.articles[0]),
      await writer.analysis(day([article({ title: 'Quiet' }, 1)])),
    ]) {
      expect(text.endsWith(`\n\n${NOT_ADVICE_LINE}`)).toBe(true);
      expect(text.split(NOT_ADVICE_LINE)).toHaveLength(2);
    }
  });

  it('handles a day of one article without tickers or tone words', async () => {
    const text = await writer.analysis(day([article({ title: 'Quiet session' }, 1)]));
    expect(text).toContain('Coverage: 1 article from the 24 hours');
    expect(text).toContain('(business 1)');
    expect(text).toContain('Tickers: no ticker symbol was mentioned.');
    expect(text).toContain('Tone: neutral.');
    expect(text).toContain('"quiet": 1 article against 0.0 a day before');
  });

  it('handles thousands of articles', async () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      article(
        {
          title: `Story ${i} about ${i % 3 === 0 ? 'inflation' : 'earnings'} and $T${i % 7}`,
          tickers: [`T${i % 7}`],
          feed: ['business', 'analysis', 'opinion', 'daytrader'][i % 4],
        },
        (i % 23) + 0.5,
      ),
    );
    const text = await writer.analysis(day(many));
    expect(text).toContain('Coverage: 3000 articles');
    expect(text).toContain('$T0 (429 articles)');
    expect(text).toContain('"earnings": 2000 articles');
  });
});
