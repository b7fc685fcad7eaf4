import { SEARCH_LIMITS, type SearchResponse } from '@probedge/proto';
import fc from 'fast-check';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { SEARCH_CANDIDATES, SEARCH_RECENT_ROWS } from '../src/search/search.repository';
import { rss, startFeedServer, xml, type FeedServer } from './feed-server';
import { startTestApp, type TestContext } from './support';

const T0 = Date.parse('2026-11-20T00:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const FEED_OF: Record<string, string> = { wire: 'business', desk: 'analysis', filler: 'general' };

interface Fixture {
  id?: string;
  sourceId?: string;
  title: string;
  description?: string;
  publishedAt: number;
}

const HOSTILE = [
  `'; drop table articles; --`,
  `" OR 1=1 --`,
  `\\'\\"\\\\`,
  '&|!:*()<>',
  '!!!',
  '-',
  '"unclosed phrase',
  'a & b | c <-> d',
  'market:*',
  '(((((',
  'zephyrite\u0000',
  '\u0000\u0000\u0000',
  '\u0001\u001f\u007fmarket\u0008',
  'x\u0000y',
  '😀😀 📈 bull',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u202Eevil\u202C',
  '\uD800 lone surrogate',
  '\uFFFE\uFFFF',
  '%00%27',
  'or or or -or',
  '<script>alert(1)</script>',
  'a'.repeat(200),
  'a'.repeat(201),
  'a '.repeat(100),
  'x'.repeat(10_000),
  `${'😀'.repeat(150)}`,
];

describe('GET /api/search', () => {
  let ctx: TestContext;
  let server: FeedServer;
  const http = () => request(ctx.app.getHttpServer());
  const ids = new Map<string, string>();

  const search = async (query: Record<string, string>) =>
    (await http().get('/api/search').query(query).expect(200)).body as SearchResponse;

  beforeAll(async () => {
    server = await startFeedServer();
    ctx = await startTestApp();
    const prisma = ctx.app.get(PrismaService);

    // The same story from two sources, through real ingestion: the first to claim it shows it.
    server.route(
      '/first',
      xml(
        rss([
          {
            guid: 'f-1',
            title: 'Lithium refinery opens',
            link: 'https://dup.example.com/story',
            description: 'The lithium plant starts production.',
            pubDate: 'Fri, 20 Nov 2026 10:00:00 GMT',
          },
        ]),
      ),
    );
    server.route(
      '/second',
      xml(
        rss([
          {
            guid: 's-1',
            title: 'Lithium refinery opens',
            link: 'https://DUP.example.com/story?utm_source=feed',
            description: 'The lithium plant starts production.',
            pubDate: 'Fri, 20 Nov 2026 10:05:00 GMT',
          },
        ]),
      ),
    );
    const feedSources = [
      { id: 'dup-first', name: 'First Wire', url: server.url('/first'), feed: 'business' as const },
      {
        id: 'dup-second',
        name: 'Second Wire',
        url: server.url('/second'),
        feed: 'general' as const,
      },
    ];
    await ctx.sources.sync(feedSources);
    await ctx.ingestion.ingestDue(new Date(Date.now() + DAY));
    await ctx.sources.sync([
      ...feedSources,
      { id: 'wire', name: 'Example Wire', url: 'https://wire.example.com/rss', feed: 'business' },
      { id: 'desk', url: 'https://desk.example.com/rss', feed: 'analysis' },
      { id: 'filler', url: 'https://filler.example.com/rss', feed: 'general' },
    ]);

    const fixtures: Fixture[] = [
      // More articles than the walk reads, none with a word the tests look for.
      ...Array.from({ length: SEARCH_RECENT_ROWS + 100 }, (_, i) => ({
        sourceId: 'filler',
        title: `Filler item ${i}`,
        description: 'Routine update on nothing in particular.',
        publishedAt: T0 + i * MINUTE,
      })),
      // Older than every filler item: only the GIN index can find it.
      { id: 'old-rare', title: 'Quillwort estate sold', publishedAt: T0 - DAY },
      {
        id: 'description-only',
        title: 'Mine operator reports output',
        description: 'The zephyrite producer said demand held up in the quarter.',
        publishedAt: T0 + 3 * DAY,
      },
      {
        id: 'stemmed',
        title: 'Small caps rallied late',
        description: '',
        publishedAt: T0 + 3 * DAY,
      },
      {
        id: 'copper-title',
        title: 'Copper climbs on supply worries',
        description: 'Metal traders bid up prices.',
        publishedAt: T0 + 3 * DAY,
      },
      {
        id: 'copper-description',
        sourceId: 'desk',
        title: 'Metals wrap',
        description: 'Copper and zinc traded in a narrow range.',
        publishedAt: T0 + 3 * DAY + 60 * MINUTE,
      },
      {
        id: 'angles',
        title: 'Bond note',
        description: 'Spreads on gilts <50bp and >20bp surprised the desk.',
        publishedAt: T0 + 3 * DAY,
      },
      ...Array.from({ length: 15 }, (_, i) => ({
        id: `dividend-${i}`,
        title: `Payout ${i}`,
        description: `The board declared a dividend of ${i} cents.`,
        publishedAt: T0 + 4 * DAY + i * MINUTE,
      })),
      // A common word: more matches than are ranked. The title match is older than the newest
      // SEARCH_CANDIDATES matches, so it is not ranked at all.
      { id: 'harbor-old-title', title: 'Harbor strike strands ships', publishedAt: T0 + 5 * DAY },
      ...Array.from({ length: SEARCH_CANDIDATES + 20 }, (_, i) => ({
        id: `harbor-${i}`,
        title: `Shipping update ${i}`,
        description: 'Ships waited outside the harbor overnight.',
        publishedAt: T0 + 6 * DAY + i * MINUTE,
      })),
      { id: 'harbor-new-title', title: 'Harbor reopens', publishedAt: T0 + 7 * DAY },
    ];
    await prisma.article.createMany({
      data: fixtures.map((fixture, i) => ({
        sourceId: fixture.sourceId ?? 'wire',
        guid: fixture.id ?? `row-${i}`,
        canonicalUrl: `https://news.example.com/${fixture.id ?? `row-${i}`}`,
        url: `https://news.example.com/${fixture.id ?? `row-${i}`}`,
        title: fixture.title,
        description: fixture.description ?? '',
        publishedAt: new Date(fixture.publishedAt),
        fetchedAt: new Date(T0 + 8 * DAY),
        feed: FEED_OF[fixture.sourceId ?? 'wire']!,
        tickers: [],
      })),
    });
    const rows = await prisma.article.findMany({ select: { id: true, guid: true } });
    for (const row of rows) ids.set(row.guid, row.id);
    await prisma.$executeRaw`ANALYZE articles`;
  });

  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  it('finds a word that is only in the description, with the whole result', async () => {
    const body = await search({ q: 'zephyrite' });
    expect(body).toMatchObject({ query: 'zephyrite', type: 'all' });
    expect(body.results).toHaveLength(1);
    const [result] = body.results;
    expect(Object.keys(result!).sort()).toEqual(
      ['category', 'id', 'publishedAt', 'rank', 'snippet', 'source', 'title', 'type', 'url'].sort(),
    );
    expect(result).toMatchObject({
      type: 'news',
      id: ids.get('description-only'),
      title: 'Mine operator reports output',
      url: 'https://news.example.com/description-only',
      category: 'business',
      source: 'Example Wire',
      publishedAt: new Date(T0 + 3 * DAY).toISOString(),
    });
    expect(result!.rank).toBeGreaterThan(0);
  });

  it('highlights the matched word in a snippet of plain text from the description', async () => {
    const [result] = (await search({ q: 'zephyrite' })).results;
    expect(result!.snippet).toContainEqual({ text: 'zephyrite', highlight: true });
    expect(result!.snippet.filter((part) => part.highlight)).toHaveLength(1);
    const text = result!.snippet.map((part) => part.text).join('');
    expect('The zephyrite producer said demand held up in the quarter.').toContain(text);
    expect(text).toContain('producer said demand');
  });

  it('keeps < and > of the description in the snippet', async () => {
    const [result] = (await search({ q: 'gilts' })).results;
    expect(result!.snippet.map((part) => part.text).join('')).toContain('<50bp and >20bp');
  });

  it('matches other forms of a word (english stemming), with an empty snippet without description', async () => {
    const body = await search({ q: 'rallying' });
    expect(body.results.map((result) => result.id)).toEqual([ids.get('stemmed')]);
    expect(body.results[0]!.snippet).toEqual([]);
  });

  it('ranks a title match above a newer description-only match', async () => {
    const { results } = await search({ q: 'copper' });
    expect(results.map((result) => result.id)).toEqual([
      ids.get('copper-title'),
      ids.get('copper-description'),
    ]);
    expect(results[0]!.rank).toBeGreaterThan(results[1]!.rank);
    // A source without a name in the sources file is shown under its id.
    expect(results[1]).toMatchObject({ source: 'desk', category: 'analysis' });
  });

  it('answers the default number of results, or limit', async () => {
    expect((await search({ q: 'dividend' })).results).toHaveLength(SEARCH_LIMITS.defaultLimit);
    expect((await search({ q: 'dividend', limit: '3' })).results).toHaveLength(3);
    expect((await search({ q: 'dividend', limit: '50', type: 'news' })).results).toHaveLength(15);
  });

  it('orders equal ranks newest first', async () => {
    const { results } = await search({ q: 'dividend', limit: '50' });
    const times = results.map((result) => Date.parse(result.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('lets shared caches keep an answer as long as a list, never a refusal', async () => {
    const found = await http().get('/api/search').query({ q: 'copper' }).expect(200);
    expect(found.headers['cache-control']).toBe(
      `public, max-age=0, s-maxage=${ctx.config.NEWS_CACHE_TTL_SECONDS}`,
    );
    const refused = await http().get('/api/search').query({ q: 'a' }).expect(400);
    expect(refused.headers['cache-control'] ?? '').not.toContain('s-maxage');
  });

  it('answers 200 with no results for stop words only, and for words nowhere', async () => {
    expect(await search({ q: 'the of' })).toEqual({ query: 'the of', type: 'all', results: [] });
    expect((await search({ q: 'quixotically' })).results).toEqual([]);
  });

  it('shows a story that two sources carry once, from the source that had it first', async () => {
    const { results } = await search({ q: 'lithium refinery' });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      source: 'First Wire',
      url: 'https://dup.example.com/story',
      category: 'business',
    });
  });

  it.each(['quillwort', 'quillwort estate'])(
    'finds %j in an article older than the newest ones it walks',
    async (q) => {
      const { results } = await search({ q });
      expect(results.map((result) => result.id)).toEqual([ids.get('old-rare')]);
    },
  );

  it.each(['harbor', 'harbor -nowhere', 'ships harbor'])(
    'ranks only the newest matches of a common query (%j)',
    async (q) => {
      const { results } = await search({ q, limit: '50' });
      expect(results).toHaveLength(50);
      if (q !== 'ships harbor') expect(results[0]!.id).toBe(ids.get('harbor-new-title'));
      expect(results.map((result) => result.id)).not.toContain(ids.get('harbor-old-title'));
    },
  );

  it('searches a quoted phrase and takes words out with a minus', async () => {
    expect((await search({ q: '"refinery opens"' })).results).toHaveLength(1);
    expect((await search({ q: '"opens refinery"' })).results).toHaveLength(0);
    expect((await search({ q: 'copper -zinc' })).results.map((result) => result.id)).toEqual([
      ids.get('copper-title'),
    ]);
  });

  it('replaces control characters with spaces and trims before searching', async () => {
    const body = await search({ q: ' \u0000zephyrite\u0007\t ' });
    expect(body.query).toBe('zephyrite');
    expect(body.results).toHaveLength(1);
    expect((await search({ q: 'zephy\u0000rite' })).query).toBe('zephy rite');
  });

  it.each([
    ['a missing q', {}],
    ['an empty q', { q: '' }],
    ['a one-character q', { q: 'a' }],
    ['a q of one character once trimmed', { q: '   a \u0000 ' }],
    ['a q of spaces and control characters', { q: ' \u0000\u0001 \t\n' }],
    ['a q over 200 characters', { q: 'a'.repeat(SEARCH_LIMITS.maxQuery + 1) }],
    ['a q of 10,000 characters', { q: 'x'.repeat(10_000) }],
  ])('answers 400 naming q for %s', async (_name, query) => {
    const res = await http().get('/api/search').query(query).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toMatch(/^q (is required|must be)/);
  });

  it('accepts 200 characters, counting an emoji as one', async () => {
    await http()
      .get('/api/search')
      .query({ q: 'a'.repeat(SEARCH_LIMITS.maxQuery) })
      .expect(200);
    await http()
      .get('/api/search')
      .query({ q: '📈'.repeat(SEARCH_LIMITS.maxQuery) })
      .expect(200);
  });

  it('answers 400 for q given twice', async () => {
    const res = await http().get('/api/search?q=copper&q=zinc').expect(400);
    expect(res.body.message).toContain('q must be given once');
  });

  it.each(['all', '', 'NEWS', 'Guide', 'news,guide'])(
    'answers 400 naming type for type=%j',
    async (type) => {
      const res = await http().get('/api/search').query({ q: 'copper', type }).expect(400);
      expect(res.body.message).toContain('type must be one of guide, blog, news');
    },
  );

  it.each(['0', '51', '-1', '1.5', 'abc', '', '1e1', ' 5', '010'])(
    'answers 400 naming limit for limit=%j',
    async (limit) => {
      const res = await http().get('/api/search').query({ q: 'copper', limit }).expect(400);
      expect(res.body.message).toContain('limit must be an integer from 1 to 50');
    },
  );

  it('answers 400 for an unknown parameter', async () => {
    const res = await http().get('/api/search?q=copper&page=2').expect(400);
    expect(res.body.message).toContain('page');
  });

  it.each(HOSTILE.map((q) => [q.length > 40 ? `${q.slice(0, 40)}…` : q, q]))(
    'never fails on the hostile query %j',
    async (_name, q) => {
      const res = await http().get('/api/search').query({ q });
      expect([200, 400]).toContain(res.status);
      if (res.status === 200) expect(Array.isArray(res.body.results)).toBe(true);
    },
  );

  it('answers 200 or 400, never 5xx, for any text', async () => {
    const specials = fc.constantFrom(
      ...`'"\\&|!:*()<>-\u0000\u0001\u001f\u007f \t\n;%`.split(''),
      'or',
      'and',
      'the',
      '<->',
      'copper',
      'harbor',
      '😀',
      'ش',
      '\u202E',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.string({ unit: 'grapheme', maxLength: 60 }),
          fc.array(specials, { maxLength: 40 }).map((parts) => parts.join('')),
          fc.string({ minLength: 190, maxLength: 260 }),
          fc.constantFrom(...HOSTILE),
        ),
        fc.option(fc.constantFrom('1', '10', '50', '0', 'x'), { nil: undefined }),
        async (q, limit) => {
          const res = await http()
            .get('/api/search')
            .query(limit === undefined ? { q } : { q, limit });
          expect([200, 400]).toContain(res.status);
          if (res.status === 200) {
            expect(res.body.results.length).toBeLessThanOrEqual(Number(limit ?? 10));
            for (const result of res.body.results) {
              for (const part of result.snippet) expect(part.text).not.toMatch(/[\uE000-\uE003]/);
            }
          }
        },
      ),
      { numRuns: 250 },
    );
  });

  it('is documented with its parameters, its answer and its refusals', async () => {
    const res = await http().get('/openapi.json').expect(200);
    const operation = res.body.paths['/api/search'].get as {
      summary: string;
      description: string;
      parameters: { name: string; required?: boolean }[];
      responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
    };
    expect(operation.summary).toBeTruthy();
    expect(operation.description).toBeTruthy();
    expect(operation.parameters.map((parameter) => parameter.name).sort()).toEqual([
      'limit',
      'q',
      'type',
    ]);
    expect(operation.parameters.find((parameter) => parameter.name === 'q')?.required).toBe(true);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400']));
    expect(operation.responses['200']!.content!['application/json']!.schema.$ref).toContain(
      'SearchResponseDto',
    );
    expect(Object.keys(res.body.components.schemas)).toEqual(
      expect.arrayContaining(['SearchResultDto', 'SearchSnippetPartDto', 'ErrorDto']),
    );
  });
});
