import { Logger } from '@nestjs/common';
import { metricValue } from '@probedge/kit/testing';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { startFeedServer, xml, type FeedServer } from './feed-server';
import { startTestApp, type TestContext } from './support';

const DAY = 24 * 3600_000;

const channel = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>t</title>${items}</channel></rss>`;

/** Three good items, two without a link (one with a GUID that is no URL) and one with a script link. */
const MIXED = channel(
  [1, 2, 3]
    .map(
      (n) =>
        `<item><guid isPermaLink="false">g-${n}</guid><title>Good ${n}</title><link>https://counts.example.com/${n}</link></item>`,
    )
    .join('') +
    '<item><guid isPermaLink="false">g-4</guid><title>No link, GUID no URL</title></item>' +
    '<item><title>Neither link nor GUID</title></item>' +
    '<item><guid isPermaLink="false">g-6</guid><title>Script</title><link>javascript:void(0)</link></item>',
);

/** A bare & (the document needs the repair), and a story the mixed source already shows. */
const NEEDS_REPAIR = channel(
  '<item><guid>b-1</guid><title>AT&T raises its dividend</title><link>https://counts.example.com/b1</link></item>' +
    '<item><guid>b-2</guid><title>Good 1 again</title><link>https://counts.example.com/1</link></item>',
);

/** Windows-1252 bytes with no charset anywhere: decoded only by detecting it. */
const UNDECLARED_LATIN = Buffer.from(
  '<rss version="2.0"><channel><title>t</title><item><guid>l-1</guid><title>Caf\xe9 prices</title><link>https://counts.example.com/l1</link></item></channel></rss>',
  'latin1',
);

/**
 * Every fetch reports what became of its items: stored, already known, duplicate, dropped by
 * reason, and recovered; in the log line of the fetch and in news_feed_items_total on /metrics.
 */
describe('item counts per feed ingestion', () => {
  let server: FeedServer;
  let ctx: TestContext;
  let prisma: PrismaService;
  let clock = Date.now();
  const later = () => new Date((clock += 2 * DAY));
  const logged = jest.spyOn(Logger.prototype, 'log');

  beforeAll(async () => {
    server = await startFeedServer();
    ctx = await startTestApp();
    prisma = ctx.app.get(PrismaService);
    server.route('/mixed', xml(MIXED));
    server.route('/needs-repair', xml(NEEDS_REPAIR));
    server.route('/latin', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(UNDECLARED_LATIN);
    });
  });
  afterAll(async () => {
    logged.mockRestore();
    await ctx.close();
    await server.close();
  });

  const source = (id: string) => ({ id, url: server.url(`/${id}`), feed: 'business' as const });
  const guidsOf = async (sourceId: string) =>
    (await prisma.article.findMany({ where: { sourceId }, orderBy: { guid: 'asc' } })).map(
      (row) => [row.guid, row.title],
    );
  const fetchLog = (sourceId: string) =>
    logged.mock.calls
      .filter(([fields, message]) => message === 'feed ingested' && fields.source === sourceId)
      .map(([fields]) => fields);

  it('counts stored, known, duplicate, dropped and recovered items in the log, the metrics and the rows', async () => {
    await ctx.sources.sync([source('mixed')]);
    await ctx.ingestion.ingestDue(later());
    await ctx.sources.sync([source('mixed'), source('needs-repair'), source('latin')]);
    const report = await ctx.ingestion.ingestDue(later());
    expect(report.sources.map((outcome) => [outcome.sourceId, outcome.status]).sort()).toEqual([
      ['latin', 'ingested'],
      ['mixed', 'ingested'],
      ['needs-repair', 'ingested'],
    ]);

    expect(fetchLog('mixed')).toEqual([
      {
        source: 'mixed',
        items: 6,
        stored: 3,
        known: 0,
        duplicates: 0,
        recovered: 0,
        dropped: { noLink: 2, invalidLink: 1 },
      },
      {
        source: 'mixed',
        items: 6,
        stored: 0,
        known: 3,
        duplicates: 0,
        recovered: 0,
        dropped: { noLink: 2, invalidLink: 1 },
      },
    ]);
    expect(fetchLog('needs-repair')).toEqual([
      {
        source: 'needs-repair',
        items: 2,
        stored: 1,
        known: 0,
        duplicates: 1,
        recovered: 2,
        recoveries: ['ampersand'],
        dropped: {},
      },
    ]);
    expect(fetchLog('latin')).toEqual([
      expect.objectContaining({ stored: 1, recovered: 1, recoveries: ['charset'] }),
    ]);

    const text = (await request(ctx.app.getHttpServer()).get('/metrics').expect(200)).text;
    const items = (labels: Record<string, string>) =>
      metricValue(text, 'news_feed_items_total', labels);
    expect(items({ source: 'mixed', outcome: 'stored' })).toBe(3);
    expect(items({ source: 'mixed', outcome: 'known' })).toBe(3);
    expect(items({ source: 'mixed', outcome: 'recovered' })).toBe(0);
    expect(items({ source: 'mixed', outcome: 'dropped', reason: 'noLink' })).toBe(4);
    expect(items({ source: 'mixed', outcome: 'dropped', reason: 'invalidLink' })).toBe(2);
    expect(items({ source: 'needs-repair', outcome: 'stored' })).toBe(1);
    expect(items({ source: 'needs-repair', outcome: 'duplicate' })).toBe(1);
    expect(items({ source: 'needs-repair', outcome: 'recovered' })).toBe(2);
    expect(items({ source: 'needs-repair', outcome: 'dropped', reason: 'noLink' })).toBe(0);
    expect(items({ source: 'latin', outcome: 'recovered' })).toBe(1);

    expect(await guidsOf('mixed')).toEqual([
      ['g-1', 'Good 1'],
      ['g-2', 'Good 2'],
      ['g-3', 'Good 3'],
    ]);
    expect(await guidsOf('needs-repair')).toEqual([['b-1', 'AT&T raises its dividend']]);
    expect(await guidsOf('latin')).toEqual([['l-1', 'Café prices']]);
  });
});
