import { credentials, loadPackageDefinition, status, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoFile } from '@probedge/kit';
import { freePort } from '@probedge/kit/testing';
import { newsGrpcServerOptions } from '../src/grpc/grpc-options';
import type { NewsArticleMessage } from '../src/grpc/list-articles.request';
import { PrismaService } from '../src/prisma/prisma.service';
import { startTestApp, type TestContext } from './support';

interface ListRequest {
  feed?: string;
  since?: string;
  until?: string;
  limit?: number;
  pageToken?: string;
}

interface ListResponse {
  articles: NewsArticleMessage[];
  nextPageToken: string;
}

interface ListArticlesClient {
  ListArticles(
    request: ListRequest,
    callback: (error: ServiceError | null, response?: ListResponse) => void,
  ): void;
  close(): void;
}

const BASE = Date.parse('2026-11-20T00:00:00Z');
const TOTAL = 1203;

/** Paging through more articles than one call may return, over real gRPC from the shared .proto. */
describe('NewsService ListArticles paging', () => {
  let ctx: TestContext;
  let client: ListArticlesClient;

  const call = (request: ListRequest) =>
    new Promise<ListResponse>((resolve, reject) =>
      client.ListArticles(request, (error, response) =>
        error ? reject(error) : resolve(response!),
      ),
    );

  const readAll = async (request: ListRequest) => {
    const pages: NewsArticleMessage[][] = [];
    let pageToken = '';
    do {
      const response = await call({ ...request, pageToken });
      pages.push(response.articles);
      pageToken = response.nextPageToken;
    } while (pageToken);
    return pages;
  };

  beforeAll(async () => {
    ctx = await startTestApp();
    const port = await freePort();
    ctx.app.connectMicroservice(newsGrpcServerOptions('127.0.0.1', port), {
      inheritAppConfig: false,
    });
    await ctx.app.startAllMicroservices();
    const definition = loadSync(protoFile('news/v1/news.proto'), {
      keepCase: false,
      defaults: true,
    });
    const loaded = loadPackageDefinition(definition) as unknown as {
      probedge: {
        news: { v1: { NewsService: new (address: string, creds: unknown) => ListArticlesClient } };
      };
    };
    client = new loaded.probedge.news.v1.NewsService(
      `127.0.0.1:${port}`,
      credentials.createInsecure(),
    );
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
    client?.close();
    await ctx?.close();
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
