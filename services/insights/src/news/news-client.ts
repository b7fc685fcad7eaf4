import { type DynamicModule, Inject, Injectable, Logger } from '@nestjs/common';
import { status } from '@grpc/grpc-js';
import { type ClientGrpc, ClientsModule, Transport } from '@nestjs/microservices';
import { protoFile } from '@probedge/kit';
import { INTERNAL_LIST_LIMIT, NEWS_GRPC } from '@probedge/proto';
import type {
  ListArticlesRequest,
  ListArticlesResponse__Output,
  NewsServiceClient,
} from '@probedge/proto/grpc';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { NewsUnavailableError } from '../failures/generation-failures';
import type { NewsArticle } from './news-article';

/** The most the news service returns per call (proto/news/v1/news.proto). */
export const NEWS_PAGE_LIMIT = INTERNAL_LIST_LIMIT.max;

/** The ClientGrpc of the news service's NewsService. */
export const NEWS_GRPC_CLIENT = Symbol('NEWS_GRPC_CLIENT');

/** The channel to NewsService at NEWS_GRPC_URL; ClientsModule closes it when the application stops. */
export function newsGrpcClientModule(config: InsightsConfig): DynamicModule {
  return ClientsModule.register([
    {
      name: NEWS_GRPC_CLIENT,
      transport: Transport.GRPC,
      options: {
        package: NEWS_GRPC.package,
        protoPath: protoFile(NEWS_GRPC.file),
        url: config.NEWS_GRPC_URL,
        loader: NEWS_GRPC.loader,
      },
    },
  ]);
}

/** Reads ingested articles from the news service; never from its database. */
@Injectable()
export class NewsClient {
  private readonly logger = new Logger(NewsClient.name);
  private readonly client: NewsServiceClient;

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    @Inject(NEWS_GRPC_CLIENT) grpc: ClientGrpc,
  ) {
    // The generated grpc-js client rather than getService's observables: each call takes its own
    // deadline and one awaited answer, and errors keep their gRPC status.
    this.client = grpc.getClientByServiceName<NewsServiceClient>(NEWS_GRPC.service);
  }

  /**
   * Every feed's articles published in [since, until), newest first, page after page until the
   * window is covered or INSIGHTS_MAX_ARTICLES are read.
   */
  async listArticles(since: Date, until: Date): Promise<NewsArticle[]> {
    const max = this.config.INSIGHTS_MAX_ARTICLES;
    const articles: NewsArticle[] = [];
    let pageToken = '';
    do {
      const page = await this.page({
        since: since.toISOString(),
        until: until.toISOString(),
        limit: Math.min(NEWS_PAGE_LIMIT, max - articles.length),
        pageToken,
      });
      articles.push(...page.articles);
      pageToken = page.nextPageToken;
    } while (pageToken && articles.length < max);
    if (pageToken) {
      this.logger.warn(
        { since: since.toISOString(), until: until.toISOString(), max },
        'more articles than INSIGHTS_MAX_ARTICLES in the window; the newest are used',
      );
    }
    return articles;
  }

  private page(request: ListArticlesRequest): Promise<ListArticlesResponse__Output> {
    const deadline = new Date(Date.now() + this.config.NEWS_GRPC_TIMEOUT_MS);
    return new Promise((resolve, reject) =>
      this.client.ListArticles(request, { deadline }, (error, response) => {
        if (error) {
          const reason =
            error.code === status.DEADLINE_EXCEEDED
              ? `no answer within ${this.config.NEWS_GRPC_TIMEOUT_MS} ms`
              : error.details || error.message;
          reject(new NewsUnavailableError(`news service: ${reason}`, error.code));
        } else {
          resolve(response ?? { articles: [], nextPageToken: '' });
        }
      }),
    );
  }
}
