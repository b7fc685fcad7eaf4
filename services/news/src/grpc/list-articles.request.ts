import { status } from '@grpc/grpc-js';
import { INTERNAL_LIST_LIMIT, isFeed, type Feed } from '@probedge/proto';
import type { ListArticlesRequest__Output } from '@probedge/proto/grpc';
import { RpcException } from '@nestjs/microservices';
import type { ListArticlesQuery, PageCursor } from '../articles/articles.service';

export const GRPC_LIST_LIMIT = INTERNAL_LIST_LIMIT;

/** The instants a request may name: four-digit years, as ISO-8601 writes them and the database stores them. */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** A date, or a date and time with seconds optional and its offset required (Z or ±hh:mm). */
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;

const ARTICLE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function invalid(message: string): RpcException {
  return new RpcException({ code: status.INVALID_ARGUMENT, message });
}

function inRange(date: Date): boolean {
  const time = date.getTime();
  return !Number.isNaN(time) && time >= EARLIEST && time <= LATEST;
}

/** The instant an ISO-8601 text names, or undefined when it is not one or names no real day or time. */
function isoInstant(value: string): Date | undefined {
  const match = ISO_INSTANT.exec(value);
  if (!match) return undefined;
  const [
    ,
    year,
    month,
    day,
    hour = '0',
    minute = '0',
    second = '0',
    offsetHour = '0',
    offsetMinute = '0',
  ] = match;
  const calendar = new Date(0);
  calendar.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  const realDay =
    calendar.getUTCMonth() === Number(month) - 1 && calendar.getUTCDate() === Number(day);
  const realTime =
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHour) <= 23 &&
    Number(offsetMinute) <= 59;
  if (!realDay || !realTime) return undefined;
  const date = new Date(value);
  return inRange(date) ? date : undefined;
}

/** Opaque to callers: base64url of the last article's publication instant and id. */
export function encodePageToken(cursor: PageCursor): string {
  return Buffer.from(
    JSON.stringify({ p: cursor.publishedAt.toISOString(), i: cursor.id }),
  ).toString('base64url');
}

function readPageToken(token: string): PageCursor | undefined {
  if (!BASE64URL.test(token)) return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof fields !== 'object' || fields === null) return undefined;
  const { p, i } = fields as { p?: unknown; i?: unknown };
  if (typeof p !== 'string' || typeof i !== 'string' || !ARTICLE_ID.test(i)) return undefined;
  const publishedAt = new Date(p);
  if (!inRange(publishedAt)) return undefined;
  const cursor = { publishedAt, id: i };
  // Only the exact text this service writes: no extra fields, other spellings or trailing bytes.
  return encodePageToken(cursor) === token ? cursor : undefined;
}

export function decodePageToken(token: string): PageCursor {
  const cursor = readPageToken(token);
  if (!cursor) throw invalid('page_token is not one this service issued');
  return cursor;
}

function parseInstant(field: string, value: string): Date | undefined {
  if (value === '') return undefined;
  const date = isoInstant(value);
  if (!date) {
    throw invalid(
      `${field} must be an ISO-8601 instant from 0001-01-01 to 9999-12-31, like 2026-11-20T14:30:00Z`,
    );
  }
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
  if (sinceDate && untilDate && untilDate < sinceDate) {
    throw invalid('until must not be before since');
  }
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
