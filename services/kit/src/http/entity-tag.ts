import type { IncomingHttpHeaders } from 'node:http';
import { etag } from 'etag';
import fresh from 'fresh';

/** The parts of a Fastify reply the ETag step reads and writes. */
interface TaggedReply {
  statusCode: number;
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
  code(status: number): unknown;
}

/**
 * What Express's `res.send` does for every body, for the Fastify apps: a weak ETag made by the
 * `etag` package (version 2: the body's length and SHA-256, not Express 5's SHA-1 tag of etag 1,
 * so the tags held before the upgrade are revalidated once with a full answer), and 304 with no
 * body to a GET or HEAD whose If-None-Match still matches a 2xx answer. Runs as an `onSend` hook,
 * on the serialised payload; returns the payload to send.
 */
export function withEntityTag<Payload>(
  request: { method: string; headers: IncomingHttpHeaders },
  reply: TaggedReply,
  payload: Payload,
): Payload | '' {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  let tag = reply.getHeader('etag');
  if (tag === undefined) {
    tag = etag(payload, { weak: true });
    reply.header('etag', tag as string);
  }
  const ok = reply.statusCode >= 200 && reply.statusCode < 300;
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (ok && read && fresh(request.headers, { etag: tag as string })) {
    reply.code(304);
    return '';
  }
  return payload;
}
