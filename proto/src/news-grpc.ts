/**
 * How the news server and its callers load proto/news/v1/news.proto (the file is shipped in this
 * package; `protoFile(NEWS_GRPC.file)` of the kit gives its path). The loader options are the ones
 * the types of `@probedge/proto/grpc` were generated for (scripts/generate-grpc-types.mjs):
 * camelCase field names, 64-bit integers as numbers, every field present. Change both together.
 */
export const NEWS_GRPC = {
  package: 'probedge.news.v1',
  service: 'NewsService',
  file: 'news/v1/news.proto',
  loader: { keepCase: false, longs: Number, defaults: true, arrays: true },
} as const;
