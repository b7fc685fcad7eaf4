import { loadPackageDefinition, Server, ServerCredentials, status } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoFile } from '@probedge/kit';
import { freePort } from '@probedge/kit/testing';
import { NEWS_GRPC } from '@probedge/proto';
import type {
  ListArticlesRequest__Output,
  NewsProtoGrpcType,
  NewsServiceHandlers,
} from '@probedge/proto/grpc';
import type { NewsArticle } from '../src/news/news-article';

/**
 * NewsService served from the shared .proto by grpc-js, holding the articles a test gives it and
 * filtering them as the news service does; the insights client talks to it over real gRPC.
 */
export interface NewsServer {
  address: string;
  articles: NewsArticle[];
  /** Every ListArticles request received, in order. */
  requests: ListArticlesRequest__Output[];
  /** When set, calls fail with this gRPC status (every call, or the next `failTimes` calls). */
  failWith?: number;
  failTimes?: number;
  close(): Promise<void>;
}

export const NEWS_OUTAGE_DETAILS = 'connect ECONNREFUSED news-grpc.internal:5002';

export async function startNewsServer(): Promise<NewsServer> {
  const definition = loadSync(protoFile(NEWS_GRPC.file), NEWS_GRPC.loader);
  const loaded = loadPackageDefinition(definition) as unknown as NewsProtoGrpcType;
  const server = new Server();
  const state: NewsServer = {
    address: '',
    articles: [],
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
      }),
  };
  const implementation: NewsServiceHandlers = {
    ListArticles(call, callback) {
      state.requests.push(call.request);
      if (state.failWith !== undefined && (state.failTimes === undefined || state.failTimes > 0)) {
        if (state.failTimes !== undefined) state.failTimes -= 1;
        // Details as a real outage reports them: an internal address that must not reach readers.
        callback({ code: state.failWith, details: NEWS_OUTAGE_DETAILS });
        return;
      }
      const { feed, since, until, limit, pageToken } = call.request;
      const matching = state.articles
        .filter((article) => !feed || article.feed === feed)
        .filter((article) => !since || article.publishedAt >= new Date(since).toISOString())
        .filter((article) => !until || article.publishedAt < new Date(until).toISOString())
        .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));
      // The token is opaque to clients; this stand-in makes it the offset of the next page.
      const start = pageToken ? Number(pageToken) : 0;
      const end = start + (limit || 100);
      callback(null, {
        articles: matching.slice(start, end),
        nextPageToken: end < matching.length ? String(end) : '',
      });
    },
  };
  server.addService(loaded.probedge.news.v1.NewsService.service, implementation);
  const port = await freePort();
  await new Promise<void>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  state.address = `127.0.0.1:${port}`;
  return state;
}

export { status };

let sequence = 0;

/** An article published `minutesAgo` before `now`. */
export function article(
  fields: Partial<NewsArticle> & { title: string },
  minutesAgo: number,
  now = Date.now(),
): NewsArticle {
  sequence += 1;
  return {
    id: `a-${sequence}`,
    description: '',
    url: `https://news.example.com/${sequence}`,
    publishedAt: new Date(now - minutesAgo * 60_000).toISOString(),
    feed: 'business',
    sourceId: 'wire',
    category: '',
    tickers: [],
    ...fields,
  };
}
