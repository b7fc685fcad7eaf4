import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEARCH_LIMITS, type SearchResponse, type SearchResult } from '@probedge/proto';
import fc from 'fast-check';
import request from 'supertest';
import { SyncService } from '../src/sync/sync.service';
import { startTestApp, type TestContext } from './support';

interface Article {
  folder: 'guides' | 'blogs';
  slug: string;
  title: string;
  description: string;
  category: string;
  createdAt: string;
  body: string;
}

const ARTICLES: Article[] = [
  {
    folder: 'guides',
    slug: 'hedging-a-portfolio',
    title: 'Hedging a portfolio',
    description: 'Protection that costs money, and when it is worth paying for.',
    category: 'risk-management',
    createdAt: '2025-09-01T09:00:00.000Z',
    body: 'Insurance for a trading account has a price. Puts, collars and cash all cost return.',
  },
  {
    folder: 'guides',
    slug: 'option-collars',
    title: 'Option collars',
    description: 'Capping both sides of a stock position.',
    category: 'options-derivatives',
    createdAt: '2025-09-02T09:00:00.000Z',
    body: [
      '## What a collar is',
      '',
      'A **collar** is one way to hedge a stock position: buy a put and sell a call. Traders',
      'call the pattern a *zephyrine* structure in this made-up example, see',
      '[the options primer](https://example.com/options-primer) for the `put` leg.',
      '',
      '| Leg | Strike |',
      '|---|---|',
      '| put | 95 |',
      '| call | 110 |',
      '',
      '- Cost: close to zero when the premiums offset.',
      '- Trading cap: the upside stops at the call strike.',
    ].join('\n'),
  },
  {
    folder: 'guides',
    slug: 'kelly-sizing',
    title: 'Kelly sizing',
    description: 'The growth-optimal fraction and why traders use less of it.',
    category: 'position-sizing',
    createdAt: '2025-09-03T09:00:00.000Z',
    body: 'The Kelly criterion gives the fraction of capital to stake. Trading full Kelly is rough.',
  },
  {
    folder: 'blogs',
    slug: 'letters-from-hedge-funds',
    title: 'Letters from funds',
    description: 'What managers tell their investors each quarter.',
    category: 'market-analysis',
    createdAt: '2025-09-04T09:00:00.000Z',
    body: 'Quarterly letters often explain how a fund hedges its book. Trading notes follow.',
  },
  {
    folder: 'blogs',
    slug: 'journal-habits',
    title: 'Journal habits',
    description: 'Writing down every trade, and reading it back.',
    category: 'trading-psychology',
    createdAt: '2025-09-05T09:00:00.000Z',
    body: 'A trading journal turns memory into data.',
  },
];

function markdownFile(article: Article): string {
  return [
    '---',
    `slug: ${article.slug}`,
    `title: "${article.title}"`,
    `description: "${article.description}"`,
    `category: ${article.category}`,
    `createdAt: ${article.createdAt}`,
    '---',
    article.body,
    '',
    'Educational content only, not investment advice.',
    '',
  ].join('\n');
}

/** Nasty inputs, some far beyond the limits; each must be answered 200 or 400, never 5xx. */
const HOSTILE = [
  "'; drop table content_items; --",
  '"unterminated',
  '""',
  "''",
  '& | ! : * ( ) < > <-> <2>',
  '!!!',
  'a:*',
  'hedge:* & !',
  '(((((((((((',
  ')))))',
  '-',
  '- -',
  'or or or',
  '"a" -"b" or',
  '\\',
  '\\\\\\',
  '\\x00',
  '\u0000\u0000\u0000',
  'kelly\u0000criterion',
  '\u0000a',
  '\u0001\u0002\u001f\u007f hedge',
  '\t\n\r',
  '%',
  '%00',
  '%%%%',
  '📈📉💥',
  '👨‍👩‍👧‍👦 family',
  'שלום עולם',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  '漢字のテスト',
  '\ue000hedge\ue001',
  '\ufeff\ufffe\uffff',
  'x'.repeat(SEARCH_LIMITS.maxQuery + 1),
  `${'x'.repeat(9_990)}'"&|!`,
  '📈'.repeat(1_000),
  'select * from content_items where 1=1',
  '$1 $2 ${q}',
  '1; select pg_sleep(10)',
  'ab',
];

/** Query syntax, quotes, escapes, controls and scripts of every direction, mixed with letters. */
const NASTY_CHARACTERS = [
  ...` "'&|!:*()<>\\;%$-_.,?#+=~^[]{}/@`,
  ...'abcxyz019',
  '\u0000',
  '\u0001',
  '\t',
  '\n',
  '\u001f',
  '\u007f',
  '\u00a0',
  '\u200b',
  '\u202e',
  '\ue000',
  '\ue001',
  '📈',
  'ש',
  'ب',
  'é',
  'e\u0301',
];

/** What a browser would send: lone surrogates cannot be encoded, so they become U+FFFD. */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );
}

describe('GET /api/search', () => {
  let ctx: TestContext;
  let dir: string;
  const http = () => request(ctx.app.getHttpServer());
  const search = async (query: string): Promise<SearchResponse> =>
    (await http().get(`/api/search?${query}`).expect(200)).body as SearchResponse;
  const slugs = (body: SearchResponse) => body.results.map((result) => result.id);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'probedge-search-'));
    await mkdir(path.join(dir, 'guides'));
    await mkdir(path.join(dir, 'blogs'));
    for (const article of ARTICLES) {
      await writeFile(path.join(dir, article.folder, `${article.slug}.md`), markdownFile(article));
    }
    ctx = await startTestApp(dir);
    await ctx.app.get(SyncService).sync();
  });

  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('finds a guide by a word that appears only in its body', async () => {
    const body = await search('q=zephyrine');
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

  it('quotes the body as plain text, the matched word highlighted and no Markdown left', async () => {
    const [hit] = (await search('q=zephyrine')).results;
    const highlighted = hit!.snippet.filter((part) => part.highlight).map((part) => part.text);
    expect(highlighted).toEqual(['zephyrine']);
    const text = hit!.snippet.map((part) => part.text).join('');
    expect(text).toContain('zephyrine structure');
    expect(text).not.toMatch(/[#*|`<>[\]\ue000\ue001]|https?:|example\.com/);
  });

  it('finds other forms of a word (English stemming)', async () => {
    const body = await search('q=hedging');
    expect(slugs(body)).toEqual(
      expect.arrayContaining(['hedging-a-portfolio', 'option-collars', 'letters-from-hedge-funds']),
    );
    const collar = body.results.find((result) => result.id === 'option-collars')!;
    expect(collar.snippet.filter((part) => part.highlight).map((part) => part.text)).toEqual([
      'hedge',
    ]);
  });

  it('ranks a title match above a match in the body only', async () => {
    const body = await search('q=hedging');
    const rankOf = (slug: string) => body.results.find((result) => result.id === slug)!.rank;
    expect(slugs(body)[0]).toBe('hedging-a-portfolio');
    expect(rankOf('hedging-a-portfolio')).toBeGreaterThan(rankOf('option-collars'));
    const ranks = body.results.map((result) => result.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('shows the description when only the title matched', async () => {
    const [hit] = (await search('q=portfolio')).results;
    expect(hit!.id).toBe('hedging-a-portfolio');
    expect(hit!.snippet).toEqual([
      { text: 'Protection that costs money, and when it is worth paying for.', highlight: false },
    ]);
  });

  it('narrows to one type', async () => {
    const blogs = await search('q=hedge&type=blog');
    expect(blogs.type).toBe('blog');
    expect(slugs(blogs)).toEqual(['letters-from-hedge-funds']);
    expect(blogs.results[0]!.url).toBe('/blog/letters-from-hedge-funds');
    const guides = await search('q=hedge&type=guide');
    expect(guides.type).toBe('guide');
    expect(guides.results.every((result: SearchResult) => result.type === 'guide')).toBe(true);
    expect(slugs(guides)).not.toContain('letters-from-hedge-funds');
  });

  it('gives at most `limit` hits, ten by default, newest first among equals', async () => {
    const all = await search('q=trading');
    expect(all.results.length).toBeGreaterThanOrEqual(4);
    expect(all.results.length).toBeLessThanOrEqual(SEARCH_LIMITS.defaultLimit);
    const two = await search('q=trading&limit=2');
    expect(slugs(two)).toEqual(slugs(all).slice(0, 2));
    for (let index = 1; index < all.results.length; index += 1) {
      const [before, after] = [all.results[index - 1]!, all.results[index]!];
      if (before.rank === after.rank) {
        expect(before.publishedAt >= after.publishedAt).toBe(true);
      }
    }
  });

  it.each(['q=the+of', 'q=!!', 'q=%22%22', 'q=-+-', 'q=%3A*'])(
    'answers 200 with no hits for a query with no searchable word (%s)',
    async (query) => {
      expect((await search(query)).results).toEqual([]);
    },
  );

  it('replaces control characters with spaces and trims before searching', async () => {
    const body = await search(`q=${encode('\u0000 kelly\u0000criterion\t ')}`);
    expect(body.query).toBe('kelly criterion');
    expect(slugs(body)).toEqual(['kelly-sizing']);
  });

  it('lets shared caches keep an answer as long as this service keeps its texts', async () => {
    const res = await http().get('/api/search?q=kelly').expect(200);
    expect(res.headers['cache-control']).toBe(
      `public, max-age=0, s-maxage=${ctx.config.CONTENT_CACHE_SECONDS}`,
    );
    const refused = await http().get('/api/search?q=k').expect(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['', 'q is required'],
    ['q=', 'q must be 2 to 200 characters'],
    ['q=a', 'q must be 2 to 200 characters'],
    ['q=%20%20a%20%00', 'q must be 2 to 200 characters'],
    [`q=${'x'.repeat(201)}`, 'q must be 2 to 200 characters'],
    ['q=ab&q=cd', 'q must be given once, as text'],
    ['q=kelly&type=news', 'type must be one of guide, blog'],
    ['q=kelly&type=Guide', 'type must be one of guide, blog'],
    ['q=kelly&type=', 'type must be one of guide, blog'],
    ['q=kelly&limit=0', 'limit must be an integer from 1 to 50'],
    ['q=kelly&limit=51', 'limit must be an integer from 1 to 50'],
    ['q=kelly&limit=1.5', 'limit must be an integer from 1 to 50'],
    ['q=kelly&limit=ten', 'limit must be an integer from 1 to 50'],
    ['q=kelly&limit=', 'limit must be an integer from 1 to 50'],
    ['q=kelly&limit=-1', 'limit must be an integer from 1 to 50'],
    ['q=kelly&limit=1e1', 'limit must be an integer from 1 to 50'],
    ['q=kelly&limit=5&limit=6', 'limit must be an integer from 1 to 50'],
    ['q=kelly&sort=rank', 'property sort should not exist'],
  ])('answers 400 for "%s"', async (query, message) => {
    const res = await http().get(`/api/search?${query}`).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toContain(message);
  });

  it('finds new words right after a sync', async () => {
    const article = ARTICLES[4]!;
    expect((await search('q=quokka')).results).toEqual([]);
    await writeFile(
      path.join(dir, article.folder, `${article.slug}.md`),
      markdownFile({ ...article, body: `${article.body} A **quokka** smiles at drawdowns.` }),
    );
    await ctx.app.get(SyncService).sync();
    const [hit] = (await search('q=quokka')).results;
    expect(hit!.id).toBe('journal-habits');
    expect(hit!.snippet.find((part) => part.highlight)!.text).toBe('quokka');
    expect(hit!.snippet.map((part) => part.text).join('')).not.toContain('*');
  });

  it('quotes the one passage that matches, however deep in the body', async () => {
    const article = ARTICLES[4]!;
    const paragraphs = Array.from({ length: 40 }, (_, index) =>
      index === 33
        ? 'Rule thirty-three is the wombat rule: size down after two losses.'
        : `Paragraph ${index + 1} is about routine and sleep.`,
    );
    await writeFile(
      path.join(dir, article.folder, `${article.slug}.md`),
      markdownFile({ ...article, body: paragraphs.join('\n\n') }),
    );
    await ctx.app.get(SyncService).sync();

    const [hit] = (await search('q=wombat')).results;

    expect(hit!.id).toBe('journal-habits');
    // The passage whole (ts_headline leaves out the closing full stop), and nothing around it.
    expect(hit!.snippet.map((part) => part.text).join('')).toBe(paragraphs[33]!.slice(0, -1));
    expect(hit!.snippet.filter((part) => part.highlight)).toEqual([
      { text: 'wombat', highlight: true },
    ]);
    // The passages were replaced with the file: the word the old body had is gone from them too.
    expect((await search('q=quokka')).results).toEqual([]);
  });

  it.each(HOSTILE.map((text) => [text.length > 40 ? `${text.slice(0, 40)}…` : text, text]))(
    'never fails on the hostile query %j',
    async (_label, text) => {
      const res = await http().get(`/api/search?q=${encode(text)}`);
      expect([200, 400]).toContain(res.status);
      expect(res.body).toHaveProperty(res.status === 200 ? 'results' : 'message');
    },
  );

  it('answers every random query, type and limit with 200 or 400, never 5xx', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 250 }),
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.string({ unit: fc.constantFrom(...NASTY_CHARACTERS), maxLength: 60 }),
      fc.constantFrom(...HOSTILE),
    );
    const param = fc.option(
      fc.oneof(
        fc.constantFrom('guide', 'blog', 'news', '', '10', '50', '0', '1.5'),
        fc.string({ maxLength: 10 }),
      ),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(text, param, param, async (q, type, limit) => {
        const parts = [`q=${encode(q)}`];
        if (type !== undefined) parts.push(`type=${encode(type)}`);
        if (limit !== undefined) parts.push(`limit=${encode(limit)}`);
        const res = await http().get(`/api/search?${parts.join('&')}`);
        expect([200, 400]).toContain(res.status);
        if (res.status === 200) {
          const body = res.body as SearchResponse;
          expect(Array.isArray(body.results)).toBe(true);
          for (const part of body.results.flatMap((result) => result.snippet)) {
            expect(part.text).not.toMatch(/[\ue000\ue001]/);
          }
        } else {
          expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        }
      }),
      { numRuns: 300 },
    );
  });
});
