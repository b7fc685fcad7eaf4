import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { atomFeedProblems, parseAtom, type ParsedAtomFeed } from '@probedge/kit/testing';
import { categoryLabel, NOT_ADVICE_LINE, type ContentListItem } from '@probedge/proto';
import { SyncService } from '../src/sync/sync.service';
import { BUNDLED_CONTENT_DIR, startTestApp, type TestContext } from './support';

const PUBLIC_URL = 'https://probedge.example';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** The app listening on loopback, asked over HTTP as a feed reader would. */
async function listen(ctx: TestContext): Promise<(target: string) => Promise<Answer>> {
  await ctx.app.listen(0, '127.0.0.1');
  const base = await ctx.app.getUrl();
  return async (target) => {
    const res = await fetch(`${base}${target}`, { headers: { accept: 'application/atom+xml' } });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
}

function alternateOf(entry: NonNullable<ParsedAtomFeed['entries']>[number]): string | undefined {
  return entry.links?.find((link) => link.rel === 'alternate')?.href;
}

describe('Atom feeds of the bundled guides and blogs', () => {
  let ctx: TestContext;
  let get: (target: string) => Promise<Answer>;

  beforeAll(async () => {
    // A trailing slash on the setting must not double the slash in any address.
    ctx = await startTestApp(BUNDLED_CONTENT_DIR, { PUBLIC_URL: `${PUBLIC_URL}/` });
    await ctx.app.get(SyncService).sync();
    get = await listen(ctx);
  });

  afterAll(() => ctx.close());

  it.each([
    ['guides', 'guide', 'ProbEdge guides'],
    ['blogs', 'blog', 'ProbEdge blog'],
  ])(
    'serves /api/feeds/%s as well-formed Atom with every required element',
    async (list, itemPath, title) => {
      const res = await get(`/api/feeds/${list}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');

      const feed = parseAtom(res.text);
      expect(atomFeedProblems(feed)).toEqual([]);
      expect(feed.id).toBe(`${PUBLIC_URL}/api/feeds/${list}`);
      expect(feed.title?.value).toBe(title);
      expect(feed.authors).toEqual([{ name: 'ProbEdge' }]);
      expect(feed.links).toEqual([
        { rel: 'self', type: 'application/atom+xml', href: `${PUBLIC_URL}/api/feeds/${list}` },
        { rel: 'alternate', type: 'text/html', href: `${PUBLIC_URL}/${list}` },
      ]);

      // The same items, in the same order, as the list the site shows.
      const items = JSON.parse((await get(`/api/${list}`)).text) as ContentListItem[];
      const entries = feed.entries ?? [];
      expect(entries.map((entry) => entry.id)).toEqual(
        items.slice(0, 50).map((item) => `${PUBLIC_URL}/${itemPath}/${item.slug}`),
      );
      expect(feed.updated).toBe(items[0]!.createdAt.replace('.000Z', 'Z'));
      entries.forEach((entry, index) => {
        const item = items[index]!;
        expect(alternateOf(entry)).toBe(entry.id);
        expect(entry.title?.value).toBe(item.title);
        expect(Date.parse(entry.updated!)).toBe(Date.parse(item.createdAt));
        expect(entry.summary?.value).toBe(item.description);
        expect(entry.categories).toEqual([
          { term: item.category, label: categoryLabel(item.category) },
        ]);
        expect(entry.content?.type).toBe('html');
        expect(entry.content?.value).toMatch(/^<p>/);
        expect(entry.content?.value).toContain(NOT_ADVICE_LINE);
      });
    },
  );

  it('renders the whole article from Markdown, sections and lists included', async () => {
    const feed = parseAtom((await get('/api/feeds/guides')).text);
    const html = feed.entries?.map((entry) => entry.content?.value ?? '').join('\n') ?? '';
    expect(html).toContain('<h2>');
    expect(html).toContain('<li>');
    expect(html).not.toMatch(/^## /m);
  });

  it('links a guide’s live tool to the tool’s page with the guide’s figures, for readers that run no script', async () => {
    const feed = parseAtom((await get('/api/feeds/guides')).text);
    const entry = feed.entries?.find(
      (candidate) =>
        candidate.id === `${PUBLIC_URL}/guide/fixed-fractional-vs-kelly-position-sizing`,
    );
    const html = entry?.content?.value ?? '';
    expect(html).toContain(
      `<a href="${PUBLIC_URL}/tools/kelly?winProbability=45&amp;odds=2&amp;share=50">Run this calculator on your own numbers</a>`,
    );
    expect(html).not.toContain('winProbability: 45');
    expect(html).not.toContain('<code class="language-tool');
  });

  it('is shareable by the gateway for as long as the lists are', async () => {
    for (const list of ['guides', 'blogs']) {
      const res = await get(`/api/feeds/${list}`);
      expect(res.headers.get('cache-control')).toBe(
        `public, max-age=0, s-maxage=${ctx.config.CONTENT_CACHE_SECONDS}`,
      );
    }
  });

  it('documents the feeds in its OpenAPI document as Atom text', async () => {
    const document = JSON.parse((await get('/openapi.json')).text) as {
      paths: Record<string, { get: Record<string, unknown> }>;
    };
    for (const list of ['guides', 'blogs']) {
      const operation = document.paths[`/api/feeds/${list}`]!.get;
      expect(operation.summary).toMatch(/^Atom feed of the newest/);
      expect(operation.description).toContain('50 newest');
      expect(operation.responses).toMatchObject({
        200: { content: { 'application/atom+xml': { schema: { type: 'string' } } } },
      });
    }
  });
});

describe('Atom feeds of hand-made articles', () => {
  let ctx: TestContext;
  let dir: string;
  let get: (target: string) => Promise<Answer>;

  function article(slug: string, fields: Record<string, string>, body: string): string {
    const front = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
    return ['---', `slug: ${slug}`, ...front, '---', body, ''].join('\n');
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'probedge-feeds-'));
    await mkdir(path.join(dir, 'guides'));
    await mkdir(path.join(dir, 'blogs'));
    // 52 guides a day apart: the feed carries the 50 newest.
    for (let day = 1; day <= 52; day += 1) {
      const slug = `guide-${String(day).padStart(2, '0')}`;
      await writeFile(
        path.join(dir, 'guides', `${slug}.md`),
        article(
          slug,
          {
            title: `Guide ${day}`,
            description: `About guide ${day}`,
            category: 'risk-management',
            createdAt: new Date(Date.UTC(2026, 0, day, 9)).toISOString(),
          },
          `Body of guide ${day}.`,
        ),
      );
    }
    await writeFile(
      path.join(dir, 'guides', 'tricky.md'),
      article(
        'tricky',
        {
          title: 'Risk & reward <b>"bold"</b>\u0001\u000B\uFFFF',
          description: 'Less < more & "quotes"',
          category: 'psychology-mindset',
          createdAt: '2026-03-01T09:00:00.000Z',
        },
        [
          '## Raw HTML stays text',
          '',
          '<script>alert("x")</script> & <img src=x onerror=alert(1)>',
          '',
          'A [link](https://example.com/?a=1&b=2) and a [bad one](javascript:alert(1)).',
        ].join('\n'),
      ),
    );
    ctx = await startTestApp(dir, { PUBLIC_URL });
    await ctx.app.get(SyncService).sync();
    get = await listen(ctx);
  });

  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('carries the 50 newest items, newest first', async () => {
    const feed = parseAtom((await get('/api/feeds/guides')).text);
    const slugs = feed.entries?.map((entry) => entry.id?.replace(`${PUBLIC_URL}/guide/`, ''));
    expect(slugs).toHaveLength(50);
    expect(slugs?.slice(0, 3)).toEqual(['tricky', 'guide-52', 'guide-51']);
    expect(slugs?.at(-1)).toBe('guide-04');
    expect(feed.updated).toBe('2026-03-01T09:00:00Z');
  });

  it('escapes every text, keeps raw HTML as text and drops characters XML forbids', async () => {
    const res = await get('/api/feeds/guides');
    expect(res.text).not.toContain('\u0001');
    const feed = parseAtom(res.text);
    expect(atomFeedProblems(feed)).toEqual([]);
    const entry = feed.entries?.find((candidate) => candidate.id === `${PUBLIC_URL}/guide/tricky`);
    expect(entry?.title?.value).toBe('Risk & reward <b>"bold"</b>');
    expect(entry?.summary?.value).toBe('Less < more & "quotes"');
    expect(entry?.categories).toEqual([
      { term: 'psychology-mindset', label: 'Psychology & Mindset' },
    ]);
    const html = entry?.content?.value ?? '';
    expect(html).toContain('<h2>Raw HTML stays text</h2>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('<a href="https://example.com/?a=1&amp;b=2">link</a>');
    expect(html).not.toContain('href="javascript:');
  });

  it('serves an empty feed, still valid, when there is nothing of the kind yet', async () => {
    const res = await get('/api/feeds/blogs');
    expect(res.status).toBe(200);
    const feed = parseAtom(res.text);
    expect(atomFeedProblems(feed)).toEqual([]);
    expect(feed.entries ?? []).toEqual([]);
    expect(feed.updated).toBe('1970-01-01T00:00:00Z');
  });
});
