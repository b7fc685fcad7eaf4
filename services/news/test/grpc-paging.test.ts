import { status, type ServiceError } from '@grpc/grpc-js';
import type { NewsArticle__Output } from '@probedge/proto/grpc';
import { PrismaService } from '../src/prisma/prisma.service';
import { startGrpcTestApp, type GrpcTestApp, type ListRequest } from './grpc-support';
import type { TestContext } from './support';

const BASE = Date.parse('2026-11-20T00:00:00Z');
const TOTAL = 1203;

/** Paging through more articles than one call may return, over real gRPC from the shared .proto. */
describe('NewsService ListArticles paging', () => {
  let grpc: GrpcTestApp;
  let ctx: TestContext;

  const call = (request: ListRequest) => grpc.list(request);

  const readAll = async (request: ListRequest) => {
    const pages: NewsArticle__Output[][] = [];
    let pageToken = '';
    do {
      const response = await call({ ...request, pageToken });
      pages.push(response.articles);
      pageToken = response.nextPageToken;
    } while (pageToken);
    return pages;
  };

  beforeAll(async () => {
    grpc = await startGrpcTestApp();
    ctx = grpc.ctx;
    await ctx.sources.sync([
      { id: 'wire', url: 'https://wire.example.com/rss', feed: 'business' },
      { id: 'views', url: 'https://views.example.com/rss', feed: 'opinion' },
    ]);
    // Groups of three share one publication instant, so pages end in the middle of a tie.
    await ctx.app.get(PrismaService).article.createMany({
      data: Array.from({ length: TOTAL }, (_, i) => ({
        sourceId: i % 4 === 0 ? 'views' : 'wire',
        guid: `g-${i}`,
        canonicalUrl: `https://example.com/${i}`,
        url: `https://example.com/${i}`,
        title: `Story ${i}`,
        description: '',
        publishedAt: new Date(BASE + Math.floor(i / 3) * 60_000),
        fetchedAt: new Date(BASE + TOTAL * 60_000),
        feed: i % 4 === 0 ? 'opinion' : 'business',
        tickers: [],
      })),
    });
  });

  afterAll(async () => {
    await grpc?.close();
  });

  it('returns every article exactly once, newest first, across pages of at most 500', async () => {
    const pages = await readAll({ limit: 500 });
    expect(pages.map((page) => page.length)).toEqual([500, 500, 203]);
    const all = pages.flat();
    expect(new Set(all.map((article) => article.id)).size).toBe(TOTAL);
    const order = all.map((article) => `${article.publishedAt}|${article.id}`);
    // Newest first, then by id (a uuid orders as its lowercase text).
    const expected = [...order].sort((a, b) => {
      const [timeA, idA] = a.split('|');
      const [timeB, idB] = b.split('|');
      if (timeA !== timeB) return timeA < timeB ? 1 : -1;
      return idA < idB ? -1 : idA > idB ? 1 : 0;
    });
    expect(order).toEqual(expected);
  });

  it('keeps the filters on every page, with small pages ending inside ties', async () => {
    const since = new Date(BASE + 100 * 60_000).toISOString();
    const until = new Date(BASE + 300 * 60_000).toISOString();
    const pages = await readAll({ feed: 'business', since, until, limit: 7 });
    const all = pages.flat();
    // Minutes 100..299 hold articles 300..899; three in four are business.
    const expected = Array.from({ length: 600 }, (_, k) => 300 + k).filter((i) => i % 4 !== 0);
    expect(all).toHaveLength(expected.length);
    expect(new Set(all.map((article) => article.title))).toEqual(
      new Set(expected.map((i) => `Story ${i}`)),
    );
    expect(all.every((article) => article.feed === 'business')).toBe(true);
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
  });

  it('ends without a token when one page holds everything', async () => {
    const response = await call({
      feed: 'opinion',
      since: new Date(BASE).toISOString(),
      limit: 500,
    });
    expect(response.articles).toHaveLength(301);
    expect(response.nextPageToken).toBe('');
  });

  it('refuses a page token it did not issue with INVALID_ARGUMENT', async () => {
    const error = (await call({ pageToken: 'not-a-token' }).catch(
      (caught: unknown) => caught,
    )) as ServiceError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.details).toContain('page_token');
  });
});
