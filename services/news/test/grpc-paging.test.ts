import { status, type ServiceError } from '@grpc/grpc-js';
import type { NewsArticle__Output } from '@probedge/proto/grpc';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  GRPC_TEST_SOURCES,
  startGrpcTestApp,
  type GrpcTestApp,
  type ListRequest,
} from './grpc-support';
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
    await ctx.sources.sync(GRPC_TEST_SOURCES);
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

  const token = (fields: unknown) => Buffer.from(JSON.stringify(fields)).toString('base64url');
  const ID = '0b9e0a5c-53a4-4a5e-9d0c-6f0f0d7f1a2b';

  it.each([
    ['garbled', 'not-a-token'],
    ['not JSON', Buffer.from('{"p":').toString('base64url')],
    ['JSON null', token(null)],
    ['an array', token(['2026-11-20T12:00:00.000Z', ID])],
    ['an id that is not an article id', token({ p: '2026-11-20T12:00:00.000Z', i: "x' OR 1=1" })],
    ['a number for the id', token({ p: '2026-11-20T12:00:00.000Z', i: 7 })],
    ['a date out of range', token({ p: '+275760-09-13T00:00:00.000Z', i: ID })],
    ['a year past 9999', token({ p: '+010000-01-01T00:00:00.000Z', i: ID })],
    ['a date in another format', token({ p: 'Fri, 20 Nov 2026 12:00:00 GMT', i: ID })],
    ['an extra field', token({ p: '2026-11-20T12:00:00.000Z', i: ID, x: 1 })],
    ['trailing characters', `${token({ p: '2026-11-20T12:00:00.000Z', i: ID })}AA`],
    ['characters outside base64url', `${token({ p: '2026-11-20T12:00:00.000Z', i: ID })}!*`],
  ])('refuses a page token that is %s with INVALID_ARGUMENT', async (_name, pageToken) => {
    const error = (await call({ pageToken }).catch((caught: unknown) => caught)) as ServiceError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.details).toContain('page_token');
  });

  it('continues from a well-formed token for any instant and article id', async () => {
    const response = await call({
      pageToken: token({ p: new Date(BASE + 200 * 60_000).toISOString(), i: ID }),
      limit: 3,
    });
    expect(response.articles).toHaveLength(3);
    expect(response.articles.every((a) => Date.parse(a.publishedAt) <= BASE + 200 * 60_000)).toBe(
      true,
    );
  });
});
