import { credentials, loadPackageDefinition, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoFile } from '@probedge/kit';
import { freePort } from '@probedge/kit/testing';
import { newsGrpcServerOptions } from '../src/grpc/grpc-options';
import type { NewsArticleMessage } from '../src/grpc/list-articles.request';
import { startTestApp, type TestContext } from './support';

export interface ListRequest {
  feed?: string;
  since?: string;
  until?: string;
  limit?: number;
  pageToken?: string;
}

export interface ListResponse {
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

/** The test app serving gRPC on a free port, and one ListArticles call through a real client. */
export interface GrpcTestApp {
  ctx: TestContext;
  list(request: ListRequest): Promise<ListResponse>;
  close(): Promise<void>;
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

export async function startGrpcTestApp(): Promise<GrpcTestApp> {
  const ctx = await startTestApp();
  const port = await freePort();
  ctx.app.connectMicroservice(newsGrpcServerOptions('127.0.0.1', port), {
    inheritAppConfig: false,
  });
  await ctx.app.startAllMicroservices();
  const client = newsClient(port);
  return {
    ctx,
    list: (request) =>
      new Promise<ListResponse>((resolve, reject) =>
        client.ListArticles(request, (error, response) =>
          error ? reject(error) : resolve(response!),
        ),
      ),
    async close() {
      client.close();
      await ctx.close();
    },
  };
}
