import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER, type ServiceName } from '@probedge/proto';
import { corsHeaders } from '../route/cors';
import { etagMatches, flatHeaders, storedHeaders, type HeaderPairs } from './cache-policy';
import type { CachedResponse } from './response-store';

/** What a 304 leaves out: it has no body. */
const BODY_HEADERS = new Set(['content-type', 'content-length']);

export interface Answer {
  service: ServiceName;
  route: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  storedAt: number;
  /** Seconds it stays fresh. */
  lifetime: number;
}

/**
 * A stored answer with its header block built once: the gateway's fixed headers, Vary, then the
 * service's own, as the proxied answer had them.
 */
export function toEntry(answer: Answer, fixedHeaders: HeaderPairs): CachedResponse {
  const headers = [...fixedHeaders, ['vary', 'Origin'] as const, ...storedHeaders(answer.headers)];
  return {
    service: answer.service,
    route: answer.route,
    status: answer.status,
    head: flatHeaders(headers, [['content-length', answer.body.length]]),
    notModifiedHead: flatHeaders(headers.filter(([name]) => !BODY_HEADERS.has(name.toLowerCase()))),
    body: answer.body,
    etag: answer.headers.etag as string | undefined,
    storedAt: answer.storedAt,
    expiresAt: answer.storedAt + answer.lifetime * 1000,
  };
}

/**
 * Writes a stored answer (or 304 when the client holds it) in one writeHead: its headers, then
 * the request's own id, age and CORS headers.
 */
export function writeStoredAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  requestId: string,
  corsOrigin: string | undefined,
): void {
  const notModified = etagMatches(req.headers['if-none-match'], entry.etag);
  const age = Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000));
  const head = (notModified ? entry.notModifiedHead : entry.head).concat(
    REQUEST_ID_HEADER,
    requestId,
    'age',
    String(age),
  );
  if (corsOrigin !== undefined) {
    for (const [name, value] of corsHeaders(corsOrigin)) head.push(name, value);
  }
  res.writeHead(notModified ? 304 : entry.status, head);
  res.end(notModified || req.method === 'HEAD' ? undefined : entry.body);
}
