import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { createRedis, Metrics, parseByteSize } from '@probedge/kit';
import {
  REQUEST_ID_HEADER,
  SERVICES,
  type CacheInvalidation,
  type ServiceName,
} from '@probedge/proto';
import type Redis from 'ioredis';
import type { Counter } from 'prom-client';
import type { GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';
import { corsHeaders } from '../guard/cors.util';
import {
  etagMatches,
  flatHeaders,
  servableFromCache,
  sharedLifetime,
  storedHeaders,
  type HeaderPairs,
} from './cache-policy.util';
import { ResponseCache, type CachedResponse } from './response-cache';

/** A single answer larger than this is passed through and never kept. */
const MAX_ENTRY_BYTES = 1024 * 1024;

/** How long a request waits for another request's answer to the same target before going itself. */
const COLLAPSE_WAIT_MS = 2000;

/** What a 304 leaves out: it has no body. */
const BODY_HEADERS = new Set(['content-type', 'content-length']);

interface Expected {
  key: string;
  service: ServiceName;
  route: string;
  /** The service's invalidation count when the request left; a change since means stale. */
  generation: number;
  /** Requests to the same target waiting for this one's answer, when it fetches for them. */
  waiters: Waiter[] | undefined;
}

/** A request waiting for another's answer: the stored answer, or nothing to wait for any more. */
type Waiter = (entry: CachedResponse | undefined) => void;

/** What the cache has for a request: a stored answer, or one on its way from another request. */
export type Lookup = { entry: CachedResponse } | { wait: Promise<CachedResponse | undefined> };

type RequestWithOriginalUrl = IncomingMessage & { originalUrl?: string };

/**
 * The gateway's shared cache of public GET answers: what a service marks shareable
 * (`Cache-Control: s-maxage`, or `public, max-age`) is kept in memory by request target, for at
 * most GATEWAY_CACHE_MAX_SECONDS, and replayed to later requests, which still pass every gateway
 * check (rate limits, CORS). A service announces changes on a Redis channel and its entries are
 * dropped at once; while Redis is away, the lifetime alone bounds how stale an answer can be.
 */
@Injectable()
export class EdgeCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EdgeCache.name);
  private readonly cache: ResponseCache;
  private readonly expected = new WeakMap<IncomingMessage, Expected>();
  private readonly generations = new Map<ServiceName, number>(
    SERVICES.map((service) => [service, 0]),
  );
  private readonly lookups: Counter<'result'>;
  /** Targets whose answer was stored before: a miss on one of them waits for a single fetch. */
  private readonly known = new Set<string>();
  /** Per target, the requests waiting for the one fetching it. */
  private readonly fills = new Map<string, Waiter[]>();
  /** The waiting list a fetching request serves. */
  private readonly fetchers = new WeakMap<IncomingMessage, Waiter[]>();
  private subscriber?: Redis;
  /** Set on every answer before the service's own headers (the gateway's security headers). */
  private fixedHeaders: HeaderPairs = [];

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    metrics: Metrics,
  ) {
    this.cache = new ResponseCache({
      maxEntries: config.GATEWAY_CACHE_MAX_ENTRIES,
      maxBytes: parseByteSize(config.GATEWAY_CACHE_MAX_BYTES),
    });
    this.lookups = metrics.counter({
      name: 'gateway_cache_lookups_total',
      help: 'API reads (GET/HEAD): answered from the response cache (hit), after waiting for another request to the same target (collapsed), or passed on (miss)',
      labelNames: ['result'],
    });
    const cache = this.cache;
    metrics.gauge({
      name: 'gateway_cache_entries',
      help: 'Answers held in the gateway response cache',
      collect() {
        this.set(cache.size);
      },
    });
    metrics.gauge({
      name: 'gateway_cache_bytes',
      help: 'Body bytes held in the gateway response cache',
      collect() {
        this.set(cache.bytes);
      },
    });
  }

  get enabled(): boolean {
    return this.config.GATEWAY_CACHE_MAX_SECONDS > 0;
  }

  onModuleInit(): void {
    if (!this.enabled) return;
    const channel = this.config.CACHE_INVALIDATION_CHANNEL;
    const subscriber = createRedis({ url: this.config.REDIS_URL });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, message: string) => this.onInvalidation(message));
    // On every (re)connection: announcements may have been missed while away, so nothing held
    // from before can be trusted, and the subscription is (re)made.
    subscriber.on('ready', () => {
      const dropped = this.invalidate(undefined);
      if (dropped > 0) this.logger.log({ dropped }, 'cache cleared after reconnecting to Redis');
      subscriber.subscribe(channel).catch((error: Error) => {
        this.logger.warn({ err: error.message }, 'cache invalidation channel not subscribed');
      });
    });
  }

  onModuleDestroy(): void {
    this.subscriber?.disconnect();
  }

  /** The headers every gateway answer starts with; stored answers are written with them. */
  useFixedHeaders(headers: HeaderPairs): void {
    this.fixedHeaders = headers;
  }

  /** Sets the fixed headers on a response that is not a stored answer (e.g. a 429 instead). */
  setFixedHeaders(res: ServerResponse): void {
    for (const [name, value] of this.fixedHeaders) res.setHeader(name, value);
  }

  /**
   * The fresh stored answer for this request, or the answer another request is fetching for the
   * same target; undefined when the request must go on to the service. A miss on a target whose
   * answer was kept before makes this request fetch for every other one arriving meanwhile, so
   * concurrent misses (after an expiry or a change) cost the service one request, not one each.
   */
  lookup(req: IncomingMessage, res: ServerResponse): Lookup | undefined {
    const key = req.url;
    if (!this.enabled || !key?.startsWith('/api/')) return undefined;
    if (!servableFromCache(req.method, req.headers)) return undefined;
    const entry = this.cache.get(key);
    if (entry) {
      this.lookups.inc({ result: 'hit' });
      return { entry };
    }
    const fetching = this.fills.get(key);
    if (fetching) {
      this.lookups.inc({ result: 'collapsed' });
      return { wait: this.waitFor(fetching) };
    }
    this.lookups.inc({ result: 'miss' });
    if (req.method === 'GET' && this.known.has(key)) {
      const waiters: Waiter[] = [];
      this.fills.set(key, waiters);
      this.fetchers.set(req, waiters);
      // However this request ends (refused, failed, cut off), nobody is left waiting on it.
      res.once('close', () => this.release(key, waiters, undefined));
    }
    return undefined;
  }

  private waitFor(waiters: Waiter[]): Promise<CachedResponse | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), COLLAPSE_WAIT_MS);
      waiters.push((found) => {
        clearTimeout(timer);
        resolve(found);
      });
    });
  }

  /** Marks a GET about to be proxied to a service: its answer may be kept. */
  expect(req: IncomingMessage, service: ServiceName, route: string): void {
    if (!this.enabled || req.method !== 'GET') return;
    const key = (req as RequestWithOriginalUrl).originalUrl ?? req.url;
    if (!key?.startsWith('/api/')) return;
    this.expected.set(req, {
      key,
      service,
      route,
      generation: this.generations.get(service) ?? 0,
      waiters: this.fetchers.get(req),
    });
  }

  /** Sees the service's answer as it streams to the client, and keeps a copy if it may. */
  offer(req: IncomingMessage, upstream: IncomingMessage): void {
    const expected = this.expected.get(req);
    if (!expected) return;
    this.expected.delete(req);
    const lifetime = this.lifetimeOf(expected, upstream.statusCode ?? 0, upstream.headers);
    if (lifetime === undefined) return;
    const storedAt = Date.now();
    const chunks: Buffer[] = [];
    let size = 0;
    upstream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_ENTRY_BYTES) chunks.push(chunk);
    });
    upstream.once('end', () => {
      if (!upstream.complete || size > MAX_ENTRY_BYTES) return;
      this.store(expected, {
        status: upstream.statusCode ?? 200,
        headers: upstream.headers,
        body: Buffer.concat(chunks, size),
        storedAt,
        lifetime,
      });
    });
  }

  /**
   * An answer the gateway composed itself for an expected request (a search across services): kept
   * under the same rules as a service's, by the Cache-Control it carries.
   */
  keep(req: IncomingMessage, status: number, headers: IncomingHttpHeaders, body: Buffer): void {
    const expected = this.expected.get(req);
    if (!expected) return;
    this.expected.delete(req);
    const lifetime = this.lifetimeOf(expected, status, headers);
    if (lifetime === undefined || body.length > MAX_ENTRY_BYTES) return;
    this.store(expected, { status, headers, body, storedAt: Date.now(), lifetime });
  }

  /** How long an answer may be kept, or undefined (and nobody waits for it any more). */
  private lifetimeOf(
    expected: Expected,
    status: number,
    headers: IncomingHttpHeaders,
  ): number | undefined {
    const lifetime = sharedLifetime(status, headers, this.config.GATEWAY_CACHE_MAX_SECONDS);
    if (lifetime === undefined) {
      // No longer shareable: later misses go to the service each, instead of queueing.
      this.known.delete(expected.key);
      this.release(expected.key, expected.waiters, undefined);
    }
    return lifetime;
  }

  private store(
    expected: Expected,
    answer: {
      status: number;
      headers: IncomingHttpHeaders;
      body: Buffer;
      storedAt: number;
      lifetime: number;
    },
  ): void {
    // A change announced while this answer was on its way makes it stale already.
    if (this.generations.get(expected.service) !== expected.generation) return;
    // As the proxied answer had them: the fixed headers, Vary, then the service's own.
    const headers = [
      ...this.fixedHeaders,
      ['vary', 'Origin'] as const,
      ...storedHeaders(answer.headers),
    ];
    const entry: CachedResponse = {
      service: expected.service,
      route: expected.route,
      status: answer.status,
      head: flatHeaders(headers, [['content-length', answer.body.length]]),
      notModifiedHead: flatHeaders(
        headers.filter(([name]) => !BODY_HEADERS.has(name.toLowerCase())),
      ),
      body: answer.body,
      etag: answer.headers.etag as string | undefined,
      storedAt: answer.storedAt,
      expiresAt: answer.storedAt + answer.lifetime * 1000,
    };
    if (!this.cache.set(expected.key, entry)) return;
    this.remember(expected.key);
    this.release(expected.key, expected.waiters, entry);
  }

  /** Hands a fetching request's outcome to the requests waiting for it, once. */
  private release(key: string, waiters: Waiter[] | undefined, entry: CachedResponse | undefined) {
    if (!waiters || this.fills.get(key) !== waiters) return;
    this.fills.delete(key);
    for (const waiter of waiters.splice(0)) waiter(entry);
  }

  /** Notes a target as shareable; as many are remembered as the cache holds answers, twice over. */
  private remember(key: string): void {
    this.known.delete(key);
    this.known.add(key);
    if (this.known.size > 2 * this.config.GATEWAY_CACHE_MAX_ENTRIES) {
      const oldest = this.known.values().next().value as string;
      this.known.delete(oldest);
    }
  }

  /**
   * Writes a stored answer (or 304 when the client holds it) in one writeHead: its headers, then
   * the request's own id, age and CORS headers.
   */
  write(
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

  /** Drops one service's entries (or all) and marks answers in flight from it as stale. */
  invalidate(service: ServiceName | undefined): number {
    for (const name of service ? [service] : SERVICES) {
      this.generations.set(name, (this.generations.get(name) ?? 0) + 1);
    }
    return this.cache.drop(service);
  }

  private onInvalidation(message: string): void {
    let announced: Partial<CacheInvalidation>;
    try {
      announced = JSON.parse(message) as Partial<CacheInvalidation>;
    } catch {
      this.logger.warn({ message: message.slice(0, 200) }, 'unreadable cache invalidation');
      return;
    }
    const service = SERVICES.find((name) => name === announced.service);
    if (!service) {
      this.logger.warn({ message: message.slice(0, 200) }, 'cache invalidation for no service');
      return;
    }
    const dropped = this.invalidate(service);
    this.logger.debug({ service, dropped, reason: announced.reason }, 'cache invalidated');
  }
}
