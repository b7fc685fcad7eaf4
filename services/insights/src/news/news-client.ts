import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import {
  credentials,
  loadPackageDefinition,
  status,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoFile } from '@probedge/kit';
import { INTERNAL_LIST_LIMIT } from '@probedge/proto';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { NEWS_FAILURE_PREFIX } from '../jobs/daily-kinds';
import type { NewsArticle } from './news-article';

/** The most the news service returns per call (proto/news/v1/news.proto). */
export const NEWS_PAGE_LIMIT = INTERNAL_LIST_LIMIT.max;

interface ListArticlesRequest {
  feed?: string;
  since?: string;
  until?: string;
  limit?: number;
  pageToken?: string;
}

interface ListArticlesResponse {
  articles?: NewsArticle[];
  nextPageToken?: string;
}

interface NewsServiceClient extends Client {
  ListArticles(
    request: ListArticlesRequest,
    options: { deadline: Date },
    callback: (error: ServiceError | null, response?: ListArticlesResponse) => void,
  ): void;
}

type NewsServiceConstructor = new (address: string, creds: unknown) => NewsServiceClient;

/** Raised when the news service cannot answer; the job's retry policy decides what comes next. */
export class NewsUnavailableError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'NewsUnavailableError';
  }
}

function loadNewsService(): NewsServiceConstructor {
  const definition = loadSync(protoFile('news/v1/news.proto'), {
    keepCase: false,
    longs: Number,
    defaults: true,
    arrays: true,
  });
  const loaded = loadPackageDefinition(definition) as unknown as {
    probedge: { news: { v1: { NewsService: NewsServiceConstructor } } };
  };
  return loaded.probedge.news.v1.NewsService;
}

/** Reads ingested articles from the news service; never from its database. */
@Injectable()
export class NewsClient implements OnModuleDestroy {
  private readonly logger = new Logger(NewsClient.name);
  private readonly client: NewsServiceClient;

  constructor(@Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig) {
    const NewsService = loadNewsService();
    this.client = new NewsService(config.NEWS_GRPC_URL, credentials.createInsecure());
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
      articles.push(...(page.articles ?? []));
      pageToken = page.nextPageToken ?? '';
    } while (pageToken && articles.length < max);
    if (pageToken) {
      this.logger.warn(
        { since: since.toISOString(), until: until.toISOString(), max },
        'more articles than INSIGHTS_MAX_ARTICLES in the window; the newest are used',
      );
    }
    return articles;
  }

  private page(request: ListArticlesRequest): Promise<ListArticlesResponse> {
    const deadline = new Date(Date.now() + this.config.NEWS_GRPC_TIMEOUT_MS);
    return new Promise((resolve, reject) =>
      this.client.ListArticles(request, { deadline }, (error, response) => {
        if (error) {
          const reason =
            error.code === status.DEADLINE_EXCEEDED
              ? `no answer within ${this.config.NEWS_GRPC_TIMEOUT_MS} ms`
              : error.details || error.message;
          reject(new NewsUnavailableError(`${NEWS_FAILURE_PREFIX} ${reason}`, error.code));
        } else {
          resolve(response ?? {});
        }
      }),
    );
  }

  onModuleDestroy(): void {
    this.client.close();
  }
}
