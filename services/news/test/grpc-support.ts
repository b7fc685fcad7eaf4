import { credentials, loadPackageDefinition } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoFile } from '@probedge/kit';
import { freePort } from '@probedge/kit/testing';
import { NEWS_GRPC } from '@probedge/proto';
import type {
  ListArticlesRequest,
  ListArticlesResponse__Output,
  NewsProtoGrpcType,
  NewsServiceClient,
} from '@probedge/proto/grpc';
import { newsGrpcServerOptions } from '../src/grpc/grpc-options';
import type { SourceDefinition } from '../src/sources/source-definition';
import { startTestApp, type TestContext } from './support';

/** The two sources the gRPC tests' articles come from. */
export const GRPC_TEST_SOURCES: SourceDefinition[] = [
  { id: 'wire', url: 'https://wire.example.com/rss', feed: 'business' },
  { id: 'views', url: 'https://views.example.com/rss', feed: 'opinion' },
];

export type ListRequest = ListArticlesRequest;
export type ListResponse = ListArticlesResponse__Output;

/** The test app serving gRPC on a free port, and one ListArticles call through a real client. */
export interface GrpcTestApp {
  ctx: TestContext;
  list(request: ListRequest): Promise<ListResponse>;
  close(): Promise<void>;
}

/** A plain grpc-js client built from the shared .proto file, as any internal caller would. */
function newsClient(port: number): NewsServiceClient {
  const definition = loadSync(protoFile(NEWS_GRPC.file), NEWS_GRPC.loader);
  const loaded = loadPackageDefinition(definition) as unknown as NewsProtoGrpcType;
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
