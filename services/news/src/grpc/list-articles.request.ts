import { status } from '@grpc/grpc-js';
import { isFeed, type Feed } from '@probedge/proto';
import { RpcException } from '@nestjs/microservices';

export const GRPC_LIST_LIMIT = { fallback: 100, max: 500 } as const;

/** The wire shapes of proto/news/v1/news.proto, as the loader presents them (camelCase). */
export interface ListArticlesRequest {
  feed?: string;
  since?: string;
  until?: string;
  limit?: number;
}

export interface NewsArticleMessage {
  id: string;
  title: string;
  description: string;
  url: string;
  publishedAt: string;
  feed: string;
  sourceId: string;
  category: string;
  tickers: string[];
}

export interface ListArticlesQuery {
  feed?: Feed;
  since?: Date;
  until?: Date;
  limit: number;
}

function invalid(message: string): RpcException {
  return new RpcException({ code: status.INVALID_ARGUMENT, message });
}

function parseInstant(field: string, value: string): Date | undefined {
  if (value === '') return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid(`${field} must be an ISO-8601 instant`);
  return date;
}

/** Proto3 sends defaults for absent fields: empty feed/since and limit 0 mean "not given". */
export function parseListArticlesRequest(request: ListArticlesRequest): ListArticlesQuery {
  const feed = request.feed ?? '';
  const since = request.since ?? '';
  const limit = request.limit ?? 0;
  if (feed !== '' && !isFeed(feed)) throw invalid(`feed "${feed}" is not one of the known feeds`);
  const sinceDate = parseInstant('since', since);
  const untilDate = parseInstant('until', request.until ?? '');
  if (!Number.isInteger(limit) || limit < 0 || limit > GRPC_LIST_LIMIT.max) {
    throw invalid(`limit must be an integer from 1 to ${GRPC_LIST_LIMIT.max}`);
  }
  return {
    feed: feed === '' ? undefined : (feed as Feed),
    since: sinceDate,
    until: untilDate,
    limit: limit === 0 ? GRPC_LIST_LIMIT.fallback : limit,
  };
}
