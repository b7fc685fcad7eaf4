import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER, type ServiceName } from '@probedge/proto';
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
 * A stored answer. Its header blocks (the gateway's fixed headers, Vary, then the service's own,
 * as the proxied answer had them) and its body as written are made once, when it is first
 * replayed: an answer refreshed by every hard reload is often replaced before anyone reads it.
 */
class StoredAnswer implements CachedResponse {
  readonly service: ServiceName;
  readonly route: string;
  readonly status: number;
  readonly size: number;
  readonly etag: string | undefined;
  readonly storedAt: number;
  readonly expiresAt: number;
  private readonly upstreamHeaders: IncomingHttpHeaders;
  private heads: { full: string[]; notModified: string[] } | undefined;
  /** The body as the service sent it, then (from its first replay) as it is written. */
  private stored: Buffer | string;

  constructor(
    answer: Answer,
    private readonly fixedHeaders: HeaderPairs,
  ) {
    this.upstreamHeaders = answer.headers;
    this.service = answer.service;
    this.route = answer.route;
    this.status = answer.status;
    this.stored = answer.body;
    this.size = answer.body.length;
    this.etag = answer.headers.etag as string | undefined;
    this.storedAt = answer.storedAt;
    this.expiresAt = answer.storedAt + answer.lifetime * 1000;
  }

  get body(): string {
    if (typeof this.stored !== 'string') this.stored = this.stored.toString('latin1');
    return this.stored;
  }

  get head(): string[] {
    return this.built().full;
  }

  get notModifiedHead(): string[] {
    return this.built().notModified;
  }

  private built(): { full: string[]; notModified: string[] } {
    if (this.heads) return this.heads;
    const headers = [
      ...this.fixedHeaders,
      ['vary', 'Origin'] as const,
      ...storedHeaders(this.upstreamHeaders),
    ];
    this.heads = {
      full: flatHeaders(headers, [['content-length', this.size]]),
      notModified: flatHeaders(headers.filter(([name]) => !BODY_HEADERS.has(name.toLowerCase()))),
    };
    return this.heads;
  }
}

export function toEntry(answer: Answer, fixedHeaders: HeaderPairs): CachedResponse {
  return new StoredAnswer(answer, fixedHeaders);
}

/**
 * Writes a stored answer (or 304 when the client holds it) in one writeHead: its headers, then
 * the request's own id and age, and its own headers (CORS for an allowed origin).
 */
export function writeStoredAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  requestId: string,
  own: readonly (readonly [string, string])[],
): void {
  const notModified = etagMatches(req.headers['if-none-match'], entry.etag);
  const age = Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000));
  const head = (notModified ? entry.notModifiedHead : entry.head).concat(
    REQUEST_ID_HEADER,
    requestId,
    'age',
    String(age),
  );
  for (const [name, value] of own) head.push(name, value);
  res.writeHead(notModified ? 304 : entry.status, head);
  if (notModified || req.method === 'HEAD') res.end();
  else res.end(entry.body, 'latin1');
}
