import { PrismaService } from '../src/prisma/prisma.service';
import { startFeedServer, type FeedServer } from './feed-server';
import { startTestApp, type TestContext } from './support';

const DAY = 24 * 3600_000;

export interface FeedHarness {
  readonly server: FeedServer;
  readonly ctx: TestContext;
  readonly prisma: PrismaService;
  /** A clock two days later at each call, so every source is due again. */
  later(): Date;
  /** The stored articles of a source, by guid. */
  rowsOf(sourceId: string): ReturnType<PrismaService['article']['findMany']>;
  /** Serves `body` at `path` as the only source and ingests it once; returns the source's report. */
  ingest(
    path: string,
    body: string | Buffer,
    contentType?: string,
  ): Promise<Awaited<ReturnType<TestContext['ingestion']['ingestDue']>>['sources'][number]>;
}

/**
 * A feed server and a news app on a database of its own, started before the file's tests and
 * closed after them: feeds served over HTTP and ingested through the real fetcher and parser.
 */
export function useFeedHarness(): FeedHarness {
  let server: FeedServer;
  let ctx: TestContext;
  let prisma: PrismaService;
  let clock = Date.now();

  beforeAll(async () => {
    server = await startFeedServer();
    ctx = await startTestApp();
    prisma = ctx.app.get(PrismaService);
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  const later = () => new Date((clock += 2 * DAY));
  return {
    get server() {
      return server;
    },
    get ctx() {
      return ctx;
    },
    get prisma() {
      return prisma;
    },
    later,
    rowsOf: (sourceId) =>
      prisma.article.findMany({ where: { sourceId }, orderBy: { guid: 'asc' } }),
    async ingest(path, body, contentType = 'application/rss+xml; charset=utf-8') {
      server.route(path, (_req, res) => {
        res.writeHead(200, { 'content-type': contentType });
        res.end(body);
      });
      const id = path.slice(1);
      await ctx.sources.sync([{ id, url: server.url(path), feed: 'business' }]);
      const report = await ctx.ingestion.ingestDue(later());
      return report.sources.find((source) => source.sourceId === id)!;
    },
  };
}
