import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import {
  credentials,
  loadPackageDefinition,
  status,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoFile } from '@probedge/kit';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import type { NewsArticle } from './news-article';

/** The most the news service returns per call (proto/news/v1/news.proto). */
export const NEWS_PAGE_LIMIT = 500;

interface ListArticlesRequest {
  feed?: string;
  since?: string;
  until?: string;
  limit?: number;
}

interface NewsServiceClient extends Client {
  ListArticles(
    request: ListArticlesRequest,
    options: { deadline: Date },
    callback: (error: ServiceError | null, response?: { articles?: NewsArticle[] }) => void,
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
  private readonly client: NewsServiceClient;

  constructor(@Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig) {
    const NewsService = loadNewsService();
    this.client = new NewsService(config.NEWS_GRPC_URL, credentials.createInsecure());
  }

  /** Every feed's articles published in [since, until), newest first, at most 500. */
  listArticles(since: Date, until: Date): Promise<NewsArticle[]> {
    const request = {
      since: since.toISOString(),
      until: until.toISOString(),
      limit: NEWS_PAGE_LIMIT,
    };
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
          resolve(response?.articles ?? []);
        }
      }),
    );
  }

  onModuleDestroy(): void {
    this.client.close();
  }
}
