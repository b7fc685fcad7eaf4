import { LIST_LIMIT, PAGE_SIZES, ROUTES } from '@probedge/proto';
import fc from 'fast-check';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { startTestApp, type TestContext } from './support';

const FEED_COUNTS = {
  business: 60,
  analysis: 15,
  opinion: 15,
  daytrader: 15,
  stocks: 10,
  general: 10,
};

const ARTICLE_KEYS = ['description', 'id', 'publishedAt', 'tickers', 'title', 'url'];

describe('news API', () => {
  let ctx: TestContext;
  const http = () => request(ctx.app.getHttpServer());

  beforeAll(async () => {
    ctx = await startTestApp();
    const prisma = ctx.app.get(PrismaService);
    await ctx.sources.sync(
      Object.keys(FEED_COUNTS).map((feed) => ({
        id: feed,
        url: `https://${feed}.example.com/rss`,
        feed: feed as 'business',
        category: feed === 'stocks' ? 'stocks' : undefined,
      })),
    );
    const base = Date.parse('2026-11-22T00:00:00Z');
    await prisma.article.createMany({
      data: Object.entries(FEED_COUNTS).flatMap(([feed, count]) =>
        Array.from({ length: count }, (_, i) => ({
          sourceId: feed,
          guid: `${feed}-${i}`,
          canonicalUrl: `https://${feed}.example.com/${i}`,
          url: `https://${feed}.example.com/${i}`,
          title: `${feed} story ${i}`,
          description: feed === 'opinion' && i % 2 === 0 ? '' : `About ${feed} ${i}`,
          // Shuffled insertion order, distinct times: the API must sort.
          publishedAt: new Date(base - ((i * 7) % count) * 60_000),
          fetchedAt: new Date(base),
          feed,
          category: feed === 'stocks' ? 'stocks' : null,
          tickers: [],
        })),
      ),
    });
  });

  afterAll(() => ctx.close());

  const newestFirst = (items: { publishedAt: string }[]) => {
    const times = items.map((item) => Date.parse(item.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  };

  it.each([
    ['/api/business', PAGE_SIZES.business, 'business'],
    ['/api/analysis', PAGE_SIZES.analysis, 'analysis'],
    ['/api/articles/targeted', PAGE_SIZES.targeted, null],
    ['/api/articles', PAGE_SIZES.category, null],
  ])('%s answers the page size of articles, newest first', async (path, size, feed) => {
    const res = await http().get(path).expect(200).expect('content-type', /json/);
    expect(res.body).toHaveLength(size);
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual(ARTICLE_KEYS);
      expect(new Date(item.publishedAt).toISOString()).toBe(item.publishedAt);
      if (feed) expect(item.url).toContain(`https://${feed}.example.com/`);
    }
    newestFirst(res.body);
  });

  it('lists general and stocks news without a category, and one category with it', async () => {
    const all = (await http().get('/api/articles?limit=50').expect(200)).body as { url: string }[];
    expect(all).toHaveLength(20);
    expect(all.every((item) => /https:\/\/(general|stocks)\./.test(item.url))).toBe(true);
    const stocks = (await http().get('/api/articles?category=stocks&limit=12').expect(200))
      .body as { url: string }[];
    expect(stocks).toHaveLength(10);
    expect(stocks.every((item) => item.url.startsWith('https://stocks.'))).toBe(true);
    expect((await http().get('/api/articles?category=crypto').expect(200)).body).toEqual([]);
  });

  it('targets stocks and day-trading news', async () => {
    const items = (await http().get('/api/articles/targeted?limit=50').expect(200)).body as {
      url: string;
    }[];
    expect(items).toHaveLength(25);
    expect(items.every((item) => /https:\/\/(stocks|daytrader)\./.test(item.url))).toBe(true);
  });

  it('always gives opinion items a string description, possibly empty', async () => {
    const res = await http().get('/api/opinion?limit=50').expect(200);
    expect(res.body).toHaveLength(15);
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual(ARTICLE_KEYS);
      expect(typeof item.description).toBe('string');
    }
    expect(res.body.some((item: { description: string }) => item.description === '')).toBe(true);
    newestFirst(res.body);
  });

  it('gives day-trader items only id, title and url', async () => {
    const res = await http().get('/api/daytrader').expect(200);
    expect(res.body).toHaveLength(PAGE_SIZES.daytraderLanding);
    for (const item of res.body) expect(Object.keys(item).sort()).toEqual(['id', 'title', 'url']);
    expect(res.body[0].title).toBe('daytrader story 0');
    const five = await http().get('/api/daytrader?limit=5').expect(200);
    expect(five.body).toHaveLength(5);
  });

  it('honours limit up to 50', async () => {
    expect((await http().get('/api/business?limit=1').expect(200)).body).toHaveLength(1);
    expect((await http().get('/api/business?limit=50').expect(200)).body).toHaveLength(50);
  });

  it.each(['0', '51', '-1', '1.5', 'abc', '', '1e1', ' 5', '0x10', '050'])(
    'answers 400 naming limit for limit=%j',
    async (limit) => {
      const res = await http().get('/api/business').query({ limit }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message).toContain('limit');
    },
  );

  it('answers 400 for a repeated limit and for unknown parameters', async () => {
    expect((await http().get('/api/opinion?limit=5&limit=6').expect(400)).body.message).toContain(
      'limit',
    );
    expect((await http().get('/api/business?page=2').expect(400)).body.message).toContain('page');
  });

  it('answers 404 JSON for an unknown path', async () => {
    const res = await http().get('/api/no-such-list').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('never answers 5xx nor more than 50 items, whatever the limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/business',
          '/api/opinion',
          '/api/daytrader',
          '/api/articles',
          '/api/articles/targeted',
        ),
        fc.oneof(
          fc.string(),
          fc.integer({ min: -100, max: 200 }).map(String),
          fc.string({ unit: 'binary', maxLength: 8 }),
        ),
        async (path, limit) => {
          const res = await http().get(path).query({ limit });
          expect(res.status).toBeLessThan(500);
          if (res.status === 200) {
            expect(res.body.length).toBeLessThanOrEqual(LIST_LIMIT.max);
            expect(res.body.length).toBeLessThanOrEqual(Number(limit));
          } else {
            expect(res.status).toBe(400);
            expect(res.body.message).toContain('limit');
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('documents every endpoint, its limit parameter and its responses', async () => {
    const res = await http().get('/openapi.json').expect(200);
    const paths = res.body.paths as Record<
      string,
      { get: { parameters?: { name: string }[]; responses: Record<string, unknown> } }
    >;
    for (const path of [
      '/api/business',
      '/api/analysis',
      '/api/opinion',
      '/api/daytrader',
      '/api/articles',
      '/api/articles/targeted',
    ]) {
      expect(paths[path]!.get.parameters?.map((parameter) => parameter.name)).toContain('limit');
      expect(Object.keys(paths[path]!.get.responses)).toEqual(
        expect.arrayContaining(['200', '400']),
      );
    }
    expect(paths['/api/articles']!.get.parameters?.map((parameter) => parameter.name)).toContain(
      'category',
    );
  });

  it('serves exactly the routes the route table gives to news', async () => {
    const document = (await http().get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const owned = ROUTES.filter((route) => route.service === 'news').map(
      (route) => `${route.method} ${route.path}`,
    );
    expect(owned).toContain('GET /api/search');
    expect(documented.sort()).toEqual(owned.sort());
  });
});
