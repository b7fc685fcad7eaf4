import { status } from '@grpc/grpc-js';
import { INTERNAL_LIST_LIMIT, isFeed, type Feed } from '@probedge/proto';
import type { ListArticlesRequest__Output } from '@probedge/proto/grpc';
import { RpcException } from '@nestjs/microservices';
import type { ListArticlesQuery, PageCursor } from '../articles/articles.service';

export const GRPC_LIST_LIMIT = INTERNAL_LIST_LIMIT;

/** Opaque to callers: base64url of the last article's publication instant and id. */
export function encodePageToken(cursor: PageCursor): string {
  return Buffer.from(
    JSON.stringify({ p: cursor.publishedAt.toISOString(), i: cursor.id }),
  ).toString('base64url');
}

export function decodePageToken(token: string): PageCursor {
  try {
    const { p, i } = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      p?: unknown;
      i?: unknown;
    };
    const publishedAt = new Date(typeof p === 'string' ? p : Number.NaN);
    if (Number.isNaN(publishedAt.getTime()) || typeof i !== 'string' || i === '') {
      throw new Error('incomplete');
    }
    return { publishedAt, id: i };
  } catch {
    throw invalid('page_token is not one this service issued');
  }
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

/** Proto3 sends defaults for absent fields: empty feed/since/page_token and limit 0 mean "not given". */
export function parseListArticlesRequest(
  request: ListArticlesRequest__Output,
): ListArticlesQuery & { cursor?: PageCursor } {
  const { feed, since, limit } = request;
  if (feed !== '' && !isFeed(feed)) throw invalid(`feed "${feed}" is not one of the known feeds`);
  const sinceDate = parseInstant('since', since);
  const untilDate = parseInstant('until', request.until);
  if (!Number.isInteger(limit) || limit < 0 || limit > GRPC_LIST_LIMIT.max) {
    throw invalid(`limit must be an integer from 1 to ${GRPC_LIST_LIMIT.max}`);
  }
  return {
    feed: feed === '' ? undefined : (feed as Feed),
    since: sinceDate,
    until: untilDate,
    limit: limit === 0 ? GRPC_LIST_LIMIT.fallback : limit,
    cursor: request.pageToken ? decodePageToken(request.pageToken) : undefined,
  };
}
