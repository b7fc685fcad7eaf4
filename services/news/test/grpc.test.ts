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

describe('NewsService over gRPC', () => {
  let grpc: GrpcTestApp;
  let ctx: TestContext;

  const call = async (request: ListRequest): Promise<NewsArticle__Output[]> =>
    (await grpc.list(request)).articles;

  beforeAll(async () => {
    grpc = await startGrpcTestApp();
    ctx = grpc.ctx;
    await ctx.sources.sync(GRPC_TEST_SOURCES);
    const base = Date.parse('2026-11-20T12:00:00Z');
    await ctx.app.get(PrismaService).article.createMany({
      data: Array.from({ length: 6 }, (_, i) => ({
        sourceId: i % 2 === 0 ? 'wire' : 'views',
        guid: `g-${i}`,
        canonicalUrl: `https://example.com/${i}`,
        url: `https://example.com/${i}`,
        title: `Story ${i} on $ACME`,
        description: `About ${i}`,
        publishedAt: new Date(base + i * 3_600_000),
        fetchedAt: new Date(base + 6 * 3_600_000),
        feed: i % 2 === 0 ? 'business' : 'opinion',
        category: i === 0 ? 'stocks' : null,
        tickers: ['ACME'],
      })),
    });
  });

  afterAll(async () => {
    await grpc?.close();
  });

  it('lists every article newest first with all fields when nothing is filtered', async () => {
    const articles = await call({});
    expect(articles.map((article) => article.title)).toEqual(
      [5, 4, 3, 2, 1, 0].map((i) => `Story ${i} on $ACME`),
    );
    expect(articles[5]).toEqual({
      id: expect.any(String),
      title: 'Story 0 on $ACME',
      description: 'About 0',
      url: 'https://example.com/0',
      publishedAt: '2026-11-20T12:00:00.000Z',
      feed: 'business',
      sourceId: 'wire',
      category: 'stocks',
      tickers: ['ACME'],
    });
  });

  it('filters by feed, by time and by count', async () => {
    const opinion = await call({ feed: 'opinion' });
    expect(opinion.map((article) => article.sourceId)).toEqual(['views', 'views', 'views']);
    const recent = await call({ since: '2026-11-20T15:00:00Z' });
    expect(recent.map((article) => article.title)).toEqual(
      [5, 4, 3].map((i) => `Story ${i} on $ACME`),
    );
    const window = await call({ since: '2026-11-20T15:00:00Z', until: '2026-11-20T17:00:00Z' });
    expect(window.map((article) => article.title)).toEqual(
      [4, 3].map((i) => `Story ${i} on $ACME`),
    );
    expect(await call({ limit: 2 })).toHaveLength(2);
  });

  it.each([
    [{ feed: 'sports' }, 'feed "sports"'],
    [{ since: 'yesterday' }, 'since must be'],
    [{ until: 'tomorrow' }, 'until must be'],
    [{ limit: 501 }, 'limit must be'],
    [{ limit: -1 }, 'limit must be'],
    [{ since: '+275760-09-13T00:00:00.000Z' }, 'since must be'],
    [{ since: '+010000-01-01T00:00:00Z' }, 'since must be'],
    [{ until: '-000001-01-01T00:00:00Z' }, 'until must be'],
    [{ since: '2026-02-30T00:00:00Z' }, 'since must be'],
    [{ since: '2026-11-20T25:00:00Z' }, 'since must be'],
    [{ until: '1' }, 'until must be'],
    [{ since: 'Fri, 20 Nov 2026 12:00:00 GMT' }, 'since must be'],
    [{ since: '2026-11-20T17:00:00Z', until: '2026-11-20T15:00:00Z' }, 'until must not be before'],
  ])('refuses %j with INVALID_ARGUMENT', async (request, message) => {
    const error = (await call(request).catch((caught: unknown) => caught)) as ServiceError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.details).toContain(message);
  });
});
