import { PrismaService } from '../src/prisma/prisma.service';
import { atom, rss, startFeedServer, xml, type FeedServer } from './feed-server';
import { startTestApp, type TestContext } from './support';

const HOUR = 3600_000;

describe('ingestion from a local feed server into Postgres', () => {
  let server: FeedServer;
  let ctx: TestContext;
  let prisma: PrismaService;
  // From the real now: a source synced by the test is first due at the time of the sync.
  let clock = Date.now();
  /** Each run happens later than the previous one, far enough for every source to be due again. */
  const later = () => new Date((clock += 2 * 24 * HOUR));

  beforeAll(async () => {
    server = await startFeedServer();
    ctx = await startTestApp();
    prisma = ctx.app.get(PrismaService);
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  const rowsOf = (sourceId: string) =>
    prisma.article.findMany({ where: { sourceId }, orderBy: { publishedAt: 'desc' } });
  const source = async (id: string) => (await ctx.sources.findById(id))!;
  const only = (id: string, path: string, feed = 'business') =>
    ctx.sources.sync([{ id, url: server.url(path), feed: feed as 'business' }]);

  it('ingests RSS 2.0 items as sanitised rows with tickers', async () => {
    server.route(
      '/rss',
      xml(
        rss([
          {
            guid: 'r-1',
            title: '$AAPL &amp; Microsoft (NASDAQ: MSFT) climb',
            link: 'https://news.example.com/a?utm_source=rss',
            description: '&lt;p&gt;Tech   led&lt;/p&gt;',
            pubDate: 'Sat, 21 Nov 2026 10:00:00 GMT',
          },
          { guid: 'r-2', link: 'https://news.example.com/b', description: 'No title here' },
        ]),
      ),
    );
    await only('rss', '/rss');
    const now = later();
    const report = await ctx.ingestion.ingestDue(now);
    expect(report.sources).toEqual([
      expect.objectContaining({ sourceId: 'rss', status: 'ingested', created: 2, items: 2 }),
    ]);
    expect(report.changedFeeds).toEqual(['business']);
    const rows = await rowsOf('rss');
    expect(rows.map((row) => row.guid).sort()).toEqual(['r-1', 'r-2']);
    const first = rows.find((row) => row.guid === 'r-1')!;
    expect(first).toMatchObject({
      title: '$AAPL & Microsoft (NASDAQ: MSFT) climb',
      description: 'Tech led',
      canonicalUrl: 'https://news.example.com/a',
      tickers: ['AAPL', 'MSFT'],
      feed: 'business',
      publishedAt: new Date('2026-11-21T10:00:00Z'),
    });
    const second = rows.find((row) => row.guid === 'r-2')!;
    expect(second).toMatchObject({ title: 'No title here', publishedAt: now });
    expect(await source('rss')).toMatchObject({
      consecutiveErrors: 0,
      lastError: null,
      lastFetchedAt: now,
    });
  });

  it('ingests Atom entries', async () => {
    server.route(
      '/atom',
      xml(
        atom([
          {
            id: 'urn:a:1',
            title: 'Fed holds rates',
            link: 'https://atom.example.com/fed',
            updated: '2026-11-20T09:00:00Z',
          },
        ]),
        {
          'content-type': 'application/atom+xml',
        },
      ),
    );
    await only('atom', '/atom', 'analysis');
    await ctx.ingestion.ingestDue(later());
    expect(await rowsOf('atom')).toEqual([
      expect.objectContaining({
        guid: 'urn:a:1',
        title: 'Fed holds rates',
        feed: 'analysis',
        url: 'https://atom.example.com/fed',
      }),
    ]);
  });

  it('round-trips ETag and Last-Modified byte for byte and skips a 304', async () => {
    // Odd but legal validators: weak tag, quotes, latin-1 bytes, unusual spacing in the date.
    const etag = 'W/"x\u00e9y  \\"z"';
    const lastModified = 'Sat,  21 Nov 2026 10:00:00 GMT';
    let served = 0;
    server.route('/cond', (req, res) => {
      if (
        req.headers['if-none-match'] === etag &&
        req.headers['if-modified-since'] === lastModified
      ) {
        res.writeHead(304).end();
        return;
      }
      served += 1;
      res.writeHead(200, {
        'content-type': 'application/rss+xml',
        etag,
        'last-modified': lastModified,
      });
      res.end(rss([{ guid: 'c-1', title: 'Cond', link: 'https://c.example.com/1' }]));
    });
    await only('cond', '/cond');
    await ctx.ingestion.ingestDue(later());
    expect(await source('cond')).toMatchObject({ etag, lastModified });
    const report = await ctx.ingestion.ingestDue(later());
    expect(report.sources).toEqual([
      expect.objectContaining({ sourceId: 'cond', status: 'not-modified' }),
    ]);
    expect(report.changedFeeds).toEqual([]);
    expect(served).toBe(1);
    const requests = server.requests('/cond');
    expect(requests).toHaveLength(2);
    expect(requests[0]!['if-none-match']).toBeUndefined();
    expect(Buffer.from(requests[1]!['if-none-match'] as string, 'latin1')).toEqual(
      Buffer.from(etag, 'latin1'),
    );
    expect(requests[1]!['if-modified-since']).toBe(lastModified);
    expect(await source('cond')).toMatchObject({ etag, lastModified, consecutiveErrors: 0 });
  });

  it('dedupes across two runs and across two sources, and updates a changed title', async () => {
    const items = [
      {
        guid: 'd-1',
        title: 'Original title',
        link: 'https://dup.example.com/1',
        pubDate: 'Fri, 20 Nov 2026 10:00:00 GMT',
      },
      {
        guid: 'd-2',
        title: 'Second',
        link: 'https://dup.example.com/2',
        pubDate: 'Fri, 20 Nov 2026 11:00:00 GMT',
      },
    ];
    server.route('/dup-a', xml(rss(items)));
    // The other source carries the same story under its own GUID and a tracking parameter.
    server.route(
      '/dup-b',
      xml(
        rss([
          { guid: 'other-1', title: 'Copy', link: 'https://DUP.example.com/1?utm_campaign=x#c' },
        ]),
      ),
    );
    await ctx.sources.sync([
      { id: 'dup-a', url: server.url('/dup-a'), feed: 'business' },
      { id: 'dup-b', url: server.url('/dup-b'), feed: 'general' },
    ]);
    const first = await ctx.ingestion.ingestDue(later());
    expect(first.sources).toEqual([
      expect.objectContaining({ sourceId: 'dup-a', created: 2 }),
      expect.objectContaining({ sourceId: 'dup-b', created: 0, duplicates: 1 }),
    ]);
    const second = await ctx.ingestion.ingestDue(later());
    expect(second.sources).toEqual([
      expect.objectContaining({ sourceId: 'dup-a', created: 0, updated: 0, unchanged: 2 }),
      expect.objectContaining({ sourceId: 'dup-b', created: 0, duplicates: 1 }),
    ]);
    expect(second.changedFeeds).toEqual([]);
    expect(
      await prisma.article.count({
        where: { canonicalUrl: { startsWith: 'https://dup.example.com/' } },
      }),
    ).toBe(2);

    server.route('/dup-a', xml(rss([{ ...items[0]!, title: 'Corrected title' }, items[1]!])));
    const third = await ctx.ingestion.ingestDue(later());
    expect(third.sources[0]).toMatchObject({ sourceId: 'dup-a', updated: 1, unchanged: 1 });
    const rows = await rowsOf('dup-a');
    expect(rows.map((row) => row.title)).toEqual(['Second', 'Corrected title']);
  });

  it('dedupes by canonical link when items have no GUID', async () => {
    server.route(
      '/noguid',
      xml(rss([{ title: 'No guid', link: 'https://noguid.example.com/x?utm_source=a' }])),
    );
    await only('noguid', '/noguid');
    await ctx.ingestion.ingestDue(later());
    await ctx.ingestion.ingestDue(later());
    const rows = await rowsOf('noguid');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.guid).toBe('https://noguid.example.com/x');
  });

  it.each([
    ['malformed XML', '/bad-xml', '<rss><channel><item><title>x</item></channel>', /Malformed XML/],
    [
      'an HTML page',
      '/html',
      '<!DOCTYPE html><html><body><h1>Welcome</h1></body></html>',
      /HTML page/,
    ],
    [
      'a billion-laughs document',
      '/lol',
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&${i === 0 ? 'a' : `l${i}`};`.repeat(10)}">`).join('')}]><rss><channel><item><title>&l9;</title><link>https://lol.example.com/</link></item></channel></rss>`,
      /DTD or entities/,
    ],
  ])('records %s on the source and writes nothing', async (_name, path, body, message) => {
    server.route(path, xml(body));
    const id = path.slice(1);
    await only(id, path);
    const report = await ctx.ingestion.ingestDue(later());
    expect(report.sources).toEqual([
      expect.objectContaining({ sourceId: id, status: 'failed', consecutiveErrors: 1 }),
    ]);
    expect(await rowsOf(id)).toHaveLength(0);
    expect((await source(id)).lastError).toMatch(message);
  });

  it('records an oversized body and a slow server', async () => {
    server.route('/huge', xml('<rss>' + ' '.repeat(ctx.config.NEWS_MAX_BODY_BYTES) + '</rss>'));
    server.route('/slow', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<rss><channel>');
    });
    await ctx.sources.sync([
      { id: 'huge', url: server.url('/huge'), feed: 'business' },
      { id: 'slow', url: server.url('/slow'), feed: 'business' },
    ]);
    await ctx.ingestion.ingestDue(later());
    expect((await source('huge')).lastError).toMatch(/byte cap/);
    expect((await source('slow')).lastError).toMatch(/1000 ms|in time/);
  });

  it('refuses a redirect to a private address before connecting', async () => {
    server.route('/to-metadata', (_req, res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    server.route('/to-private', (_req, res) =>
      res.writeHead(301, { location: 'http://10.0.0.1/feed' }).end(),
    );
    await ctx.sources.sync([
      { id: 'to-metadata', url: server.url('/to-metadata'), feed: 'business' },
      { id: 'to-private', url: server.url('/to-private'), feed: 'business' },
    ]);
    await ctx.ingestion.ingestDue(later());
    expect((await source('to-metadata')).lastError).toMatch(
      /169\.254\.169\.254.*not a public address/,
    );
    expect((await source('to-private')).lastError).toMatch(/10\.0\.0\.1.*not a public address/);
  });

  it('honours Retry-After on a 429 while other sources still ingest', async () => {
    server.route('/busy', (_req, res) => res.writeHead(429, { 'retry-after': '7200' }).end());
    server.route(
      '/fine',
      xml(rss([{ guid: 'f-1', title: 'Fine', link: 'https://fine.example.com/1' }])),
    );
    await ctx.sources.sync([
      { id: 'busy', url: server.url('/busy'), feed: 'business' },
      { id: 'fine', url: server.url('/fine'), feed: 'business' },
    ]);
    const now = later();
    const report = await ctx.ingestion.ingestDue(now);
    expect(report.sources.map((outcome) => outcome.status)).toEqual(['failed', 'ingested']);
    const busy = await source('busy');
    expect(busy.lastError).toBe('HTTP 429');
    expect(busy.nextCheckAt.getTime() - now.getTime()).toBe(7200_000);
    expect(await ctx.sources.findDue(new Date(now.getTime() + 7199_000))).not.toContainEqual(
      expect.objectContaining({ id: 'busy' }),
    );
    expect(await rowsOf('fine')).toHaveLength(1);
  });

  it('backs off more after each error and resets on success', async () => {
    let failing = true;
    server.route('/flaky', (_req, res) => {
      if (failing) res.writeHead(500).end();
      else
        xml(rss([{ guid: 'fl-1', title: 'Back', link: 'https://flaky.example.com/1' }]))(_req, res);
    });
    await only('flaky', '/flaky');
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const now = later();
      await ctx.ingestion.ingestDue(now);
      const row = await source('flaky');
      expect(row.consecutiveErrors).toBe(attempt);
      expect(row.lastError).toBe('HTTP 500');
      delays.push(row.nextCheckAt.getTime() - now.getTime());
    }
    for (let i = 1; i < delays.length; i += 1)
      expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays[3]!).toBeGreaterThan(delays[0]! * 2);
    expect(delays[0]!).toBeGreaterThanOrEqual(30_000);
    expect(delays[0]!).toBeLessThanOrEqual(60_000);

    // Not due yet: nothing is fetched before the backoff has passed.
    const before = server.requests('/flaky').length;
    const row = await source('flaky');
    await ctx.ingestion.ingestDue(new Date(row.nextCheckAt.getTime() - 1000));
    expect(server.requests('/flaky')).toHaveLength(before);

    failing = false;
    const now = later();
    await ctx.ingestion.ingestDue(now);
    expect(await source('flaky')).toMatchObject({ consecutiveErrors: 0, lastError: null });
    expect((await source('flaky')).nextCheckAt.getTime() - now.getTime()).toBe(
      ctx.config.NEWS_DEFAULT_INTERVAL_SECONDS * 1000,
    );
  });
});
