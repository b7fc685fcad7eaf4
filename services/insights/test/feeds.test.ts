import { atomFeedProblems, parseAtom } from '@probedge/kit/testing';
import type { DailyKind } from '../src/items/daily-items.repository';
import { closeAll, createStage, startApi, type Running, type Stage } from './support';

const PUBLIC_URL = 'https://probedge.example';
const FEED = '/api/feeds/daily-analysis';

/** `count` market dates ending on `last`, oldest first. */
function datesUntil(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

describe('the daily-analysis Atom feed', () => {
  let stage: Stage;
  let api: Running;
  let base: string;

  const get = async (target: string) => {
    const res = await fetch(`${base}${target}`, { headers: { accept: 'application/atom+xml' } });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  const save = (
    marketDate: string,
    content: string,
    generation = 0,
    kind: DailyKind = 'analysis',
  ) =>
    api.items.save({
      kind,
      marketDate,
      content,
      sourceArticleTitle: null,
      articleCount: 3,
      writer: 'builtin',
      generation,
    });

  beforeAll(async () => {
    // A trailing slash on the setting must not double the slash in any address.
    stage = await createStage({ PUBLIC_URL: `${PUBLIC_URL}/` });
    api = await startApi(stage);
    await api.app.listen(0, '127.0.0.1');
    base = await api.app.getUrl();
  });

  afterAll(() => closeAll(api, stage));

  it('is a valid, empty feed before any analysis exists', async () => {
    const res = await get(FEED);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = parseAtom(res.text);
    expect(atomFeedProblems(feed)).toEqual([]);
    expect(feed.entries ?? []).toEqual([]);
    expect(feed.updated).toBe('1970-01-01T00:00:00Z');
  });

  it('carries the analyses of the 30 latest market days, newest first, with every required element', async () => {
    const dates = datesUntil('2026-11-25', 32);
    for (const date of dates) {
      await save(date, `Daily Market Analysis for ${date}\n\nTone: calm.\nVolume: light.`);
    }
    await save('2026-11-25', 'An opinion is not in this feed.', 0, 'opinion');

    const res = await get(FEED);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = parseAtom(res.text);
    expect(atomFeedProblems(feed)).toEqual([]);
    expect(feed.id).toBe(`${PUBLIC_URL}${FEED}`);
    expect(feed.title?.value).toBe('ProbEdge daily market analysis');
    expect(feed.authors).toEqual([{ name: 'ProbEdge' }]);
    expect(feed.links).toEqual([
      { rel: 'self', type: 'application/atom+xml', href: `${PUBLIC_URL}${FEED}` },
      { rel: 'alternate', type: 'text/html', href: `${PUBLIC_URL}/analysis` },
    ]);

    const entries = feed.entries ?? [];
    const newest = [...dates].reverse().slice(0, 30);
    expect(entries.map((entry) => entry.id)).toEqual(
      newest.map((date) => `tag:probedge.example,${date}:daily-analysis`),
    );
    const [first] = entries;
    expect(first).toMatchObject({
      title: { value: 'Daily market analysis — Wednesday, November 25, 2026' },
      links: [{ rel: 'alternate', type: 'text/html', href: `${PUBLIC_URL}/analysis` }],
      content: {
        type: 'html',
        value: '<p>Daily Market Analysis for 2026-11-25</p>\n<p>Tone: calm.<br>Volume: light.</p>',
      },
    });
    const stored = await api.items.find('analysis', '2026-11-25');
    expect(Date.parse(first!.updated!)).toBe(Math.floor(stored!.createdAt.getTime() / 1000) * 1000);
    expect(feed.updated).toBe(first!.updated);
  });

  it('escapes the text and drops characters XML forbids', async () => {
    await save('2026-11-24', 'Rates <script>alert("x")</script> & more\u0001\u001F\uFFFE\nnext', 1);
    const res = await get(FEED);
    for (const char of ['\u0001', '\u001F', '\uFFFE']) expect(res.text).not.toContain(char);
    const feed = parseAtom(res.text);
    expect(atomFeedProblems(feed)).toEqual([]);
    const entry = feed.entries?.find((candidate) => candidate.id?.includes('2026-11-24'));
    expect(entry?.content?.value).toBe(
      '<p>Rates &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more<br>next</p>',
    );
    // A rewritten day is the feed's latest change, and keeps its place by market date.
    expect(feed.updated).toBe(entry?.updated);
    expect(feed.entries?.[1]?.id).toBe(entry?.id);
  });

  it('is shareable by the gateway, which hears of every new item', async () => {
    const res = await get(FEED);
    expect(res.headers.get('cache-control')).toBe(
      `public, max-age=0, s-maxage=${api.config.INSIGHTS_CACHE_SECONDS}`,
    );
  });

  it('documents the feed in its OpenAPI document as Atom text', async () => {
    const document = JSON.parse((await get('/openapi.json')).text) as {
      paths: Record<string, { get: Record<string, unknown> }>;
    };
    const operation = document.paths[FEED]!.get;
    expect(operation.summary).toBe('Atom feed of the newest daily analyses');
    expect(operation.description).toContain('30 latest market days');
    expect(operation.responses).toMatchObject({
      200: { content: { 'application/atom+xml': { schema: { type: 'string' } } } },
    });
  });
});
