import type { NewsArticle__Output } from '@probedge/proto/grpc';

/** An article as the news service hands it over gRPC: NewsService's message, every field set. */
export type NewsArticle = NewsArticle__Output;
