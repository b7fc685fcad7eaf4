import { SEARCH_LIMITS, type SearchResponse, type SiteDocument } from '@probedge/proto';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  siteDocument,
  startContentStandIn,
  startSiteIndex,
  type ContentStandIn,
} from './site-documents';
import { startTestApp, type TestContext } from './support';

/** The site's guides and blogs, as content hands them over: bodies already plain text, by line. */
const DOCUMENTS: SiteDocument[] = [
  siteDocument('guide', 'hedging-a-portfolio', {
    title: 'Hedging a portfolio',
    description: 'Protection that costs money, and when it is worth paying for.',
    category: 'risk-management',
    publishedAt: '2025-09-01T09:00:00.000Z',
    passages: [
      'Insurance for a trading account has a price. Puts, collars and cash all cost return.',
    ],
  }),
  siteDocument('guide', 'option-collars', {
    title: 'Option collars',
    description: 'Capping both sides of a stock position.',
    category: 'options-derivatives',
    publishedAt: '2025-09-02T09:00:00.000Z',
    passages: [
      'What a collar is',
      'A collar is one way to hedge a stock position: buy a put and sell a call. Traders call the pattern a zephyrine structure in this made-up example.',
      'Leg Strike',
      'put 95',
      'Cost: close to zero when the premiums offset.',
      'Trading cap: the upside stops at the call strike.',
    ],
  }),
  siteDocument('guide', 'kelly-sizing', {
    title: 'Kelly sizing',
    description: 'The growth-optimal fraction and why traders use less of it.',
    category: 'position-sizing',
    publishedAt: '2025-09-03T09:00:00.000Z',
    passages: [
      'The Kelly criterion gives the fraction of capital to stake. Trading full Kelly is rough.',
    ],
  }),
  siteDocument('blog', 'letters-from-hedge-funds', {
    title: 'Letters from funds',
    description: 'What managers tell their investors each quarter.',
    category: 'market-analysis',
    publishedAt: '2025-09-04T09:00:00.000Z',
    passages: ['Quarterly letters often explain how a fund hedges its book. Trading notes follow.'],
  }),
  siteDocument('blog', 'journal-habits', {
    title: 'Journal habits',
    description: 'Writing down every trade, and reading it back.',
    category: 'trading-psychology',
    publishedAt: '2025-09-05T09:00:00.000Z',
    passages: [
      ...Array.from({ length: 39 }, (_, index) =>
        index === 33
          ? 'Rule thirty-three is the wombat rule: size down after two losses.'
          : `Paragraph ${index + 1} is about routine and sleep.`,
      ),
      'A trading journal turns memory into data.',
    ],
  }),
];

describe('GET /api/search over guides, blogs and news', () => {
  let ctx: TestContext;
  let content: ContentStandIn;
  let index: Awaited<ReturnType<typeof startSiteIndex>>;
  const http = () => request(ctx.app.getHttpServer());
  const search = async (query: Record<string, string>) =>
    (await http().get('/api/search').query(query).expect(200)).body as SearchResponse;
  const ids = (body: SearchResponse) => body.results.map((result) => result.id);

  beforeAll(async () => {
    content = await startContentStandIn(DOCUMENTS);
    ctx = await startTestApp({ CONTENT_URL: content.origin });
    index = await startSiteIndex(ctx.config);
    await expect(index.sync.pull()).resolves.toEqual({ status: 'replaced', documents: 5 });
    await ctx.sources.sync([
      { id: 'wire', name: 'Example Wire', url: 'https://wire.example.com/rss', feed: 'business' },
    ]);
    await ctx.app.get(PrismaService).article.createMany({
      data: [
        ['hedge-title', 'Airlines hedge fuel costs', 'Carriers locked in prices.', '2026-11-20'],
        ['hedge-description', 'Fund flows', 'A hedge fund cut its trading book.', '2026-11-21'],
      ].map(([guid, title, description, day]) => ({
        sourceId: 'wire',
        guid: guid!,
        canonicalUrl: `https://news.example.com/${guid}`,
        url: `https://news.example.com/${guid}`,
        title: title!,
        description: description!,
        publishedAt: new Date(`${day}T10:00:00.000Z`),
        fetchedAt: new Date('2026-11-22T00:00:00.000Z'),
        feed: 'business',
        tickers: [],
      })),
    });
  });

  afterAll(async () => {
    await index?.close();
    await ctx?.close();
    await content?.close();
  });

  it('finds a guide by a word that appears only in its body', async () => {
    const body = await search({ q: 'zephyrine' });
    expect(body).toEqual({
      query: 'zephyrine',
      type: 'all',
      results: [
        {
          type: 'guide',
          id: 'option-collars',
          title: 'Option collars',
          url: '/guide/option-collars',
          snippet: expect.any(Array),
          category: 'options-derivatives',
          publishedAt: '2025-09-02T09:00:00.000Z',
          rank: expect.any(Number),
        },
      ],
    });
    expect(body.results[0]!.rank).toBeGreaterThan(0);
  });

  it('quotes the matching passage, the matched word highlighted', async () => {
    const [hit] = (await search({ q: 'zephyrine' })).results;
    expect(hit!.snippet.filter((part) => part.highlight).map((part) => part.text)).toEqual([
      'zephyrine',
    ]);
    expect(hit!.snippet.map((part) => part.text).join('')).toContain('zephyrine structure');
  });

  it('finds other forms of a word (English stemming)', async () => {
    const body = await search({ q: 'hedging', type: 'guide' });
    expect(ids(body)).toEqual(['hedging-a-portfolio', 'option-collars']);
    const collar = body.results.find((result) => result.id === 'option-collars')!;
    expect(collar.snippet.filter((part) => part.highlight).map((part) => part.text)).toEqual([
      'hedge',
    ]);
  });

  it('ranks a title match above a match in the body only', async () => {
    const body = await search({ q: 'hedging', type: 'guide' });
    expect(body.results[0]!.rank).toBeGreaterThan(body.results[1]!.rank);
  });

  it('shows the description when only the title matched', async () => {
    const [hit] = (await search({ q: 'portfolio' })).results;
    expect(hit!.id).toBe('hedging-a-portfolio');
    expect(hit!.snippet).toEqual([
      { text: 'Protection that costs money, and when it is worth paying for.', highlight: false },
    ]);
  });

  it('quotes the one passage that matches, however deep in the body', async () => {
    const [hit] = (await search({ q: 'wombat' })).results;
    expect(hit!.id).toBe('journal-habits');
    // The passage whole (ts_headline leaves out the closing full stop), and nothing around it.
    expect(hit!.snippet.map((part) => part.text).join('')).toBe(
      'Rule thirty-three is the wombat rule: size down after two losses',
    );
  });

  it('ranks guides, blogs and news in one list, best first, then newest', async () => {
    const body = await search({ q: 'hedge', limit: '50' });
    expect(new Set(body.results.map((result) => result.type))).toEqual(
      new Set(['guide', 'blog', 'news']),
    );
    // Title matches first, whatever their type: the article and the guide named for the word.
    expect(ids(body).slice(0, 2).sort()).toEqual(
      [
        'hedging-a-portfolio',
        body.results.find(
          (result) => result.type === 'news' && result.title.startsWith('Airlines'),
        )!.id,
      ].sort(),
    );
    for (let index = 1; index < body.results.length; index += 1) {
      const [before, after] = [body.results[index - 1]!, body.results[index]!];
      expect(before.rank).toBeGreaterThanOrEqual(after.rank);
      if (before.rank === after.rank) expect(before.publishedAt >= after.publishedAt).toBe(true);
    }
    const news = body.results.find((result) => result.type === 'news')!;
    expect(news).toMatchObject({ source: 'Example Wire', category: 'business' });
    expect(news.url).toMatch(/^https:\/\/news\.example\.com\//);
  });

  it('narrows to one type', async () => {
    const blogs = await search({ q: 'hedge', type: 'blog' });
    expect(blogs.type).toBe('blog');
    expect(ids(blogs)).toEqual(['letters-from-hedge-funds']);
    expect(blogs.results[0]!.url).toBe('/blog/letters-from-hedge-funds');
    const guides = await search({ q: 'hedge', type: 'guide' });
    expect(guides.results.every((result) => result.type === 'guide')).toBe(true);
    const news = await search({ q: 'hedge', type: 'news' });
    expect(news.type).toBe('news');
    expect(news.results.map((result) => result.type)).toEqual(['news', 'news']);
  });

  it('gives at most `limit` hits across every type, ten by default', async () => {
    const all = await search({ q: 'trading' });
    expect(all.results.length).toBeGreaterThanOrEqual(5);
    expect(all.results.length).toBeLessThanOrEqual(SEARCH_LIMITS.defaultLimit);
    const two = await search({ q: 'trading', limit: '2' });
    expect(ids(two)).toEqual(ids(all).slice(0, 2));
  });
});
