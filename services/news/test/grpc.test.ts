import { credentials, loadPackageDefinition, status, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoFile } from '@probedge/kit';
import { freePort } from '@probedge/kit/testing';
import { newsGrpcServerOptions } from '../src/grpc/grpc-options';
import type { NewsArticleMessage } from '../src/grpc/list-articles.request';
import { PrismaService } from '../src/prisma/prisma.service';
import { startTestApp, type TestContext } from './support';

interface ListArticlesClient {
  ListArticles(
    request: { feed?: string; since?: string; until?: string; limit?: number },
    callback: (error: ServiceError | null, response?: { articles: NewsArticleMessage[] }) => void,
  ): void;
  close(): void;
}

/** A plain grpc-js client built from the shared .proto file, as any internal caller would. */
function newsClient(port: number): ListArticlesClient {
  const definition = loadSync(protoFile('news/v1/news.proto'), { keepCase: false, defaults: true });
  const loaded = loadPackageDefinition(definition) as unknown as {
    probedge: {
      news: { v1: { NewsService: new (address: string, creds: unknown) => ListArticlesClient } };
    };
  };
  return new loaded.probedge.news.v1.NewsService(`127.0.0.1:${port}`, credentials.createInsecure());
}

describe('NewsService over gRPC', () => {
  let ctx: TestContext;
  let client: ListArticlesClient;

  const call = (request: { feed?: string; since?: string; until?: string; limit?: number }) =>
    new Promise<NewsArticleMessage[]>((resolve, reject) =>
      client.ListArticles(request, (error, response) =>
        error ? reject(error) : resolve(response?.articles ?? []),
      ),
    );

  beforeAll(async () => {
    ctx = await startTestApp();
    const port = await freePort();
    ctx.app.connectMicroservice(newsGrpcServerOptions('127.0.0.1', port), {
      inheritAppConfig: false,
    });
    await ctx.app.startAllMicroservices();
    client = newsClient(port);
    await ctx.sources.sync([
      { id: 'wire', url: 'https://wire.example.com/rss', feed: 'business' },
      { id: 'views', url: 'https://views.example.com/rss', feed: 'opinion' },
    ]);
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
    client.close();
    await ctx.close();
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
  ])('refuses %j with INVALID_ARGUMENT', async (request, message) => {
    const error = (await call(request).catch((caught: unknown) => caught)) as ServiceError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.details).toContain(message);
  });
});
