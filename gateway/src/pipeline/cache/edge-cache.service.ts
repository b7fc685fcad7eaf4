import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Metrics, parseByteSize } from '@probedge/kit';
import type { CompiledRoute, ServiceName } from '@probedge/proto';
import type { Counter } from 'prom-client';
import type { GatewayConfig } from '../../config/env';
import { GATEWAY_CONFIG } from '../../config/gateway-config';
import { SECURITY_HEADERS } from '../security-headers';
import type { AnswerCopy, AnswerTap } from '../shared/answer-tap';
import { toEntry } from './answer-writer';
import { servableFromCache, sharedLifetime, type HeaderPairs } from './cache-policy';
import { Invalidation } from './invalidation';
import { ResponseStore, type CachedResponse } from './response-store';
import { SingleFlight, type Flight } from './single-flight';

/** A single answer larger than this is passed through and never kept. */
const MAX_ENTRY_BYTES = 1024 * 1024;

/** A request whose answer may be kept: where, and what it knew when it left. */
interface Expected {
  key: string;
  service: ServiceName;
  route: string;
  /** The service's invalidation count when the request left; a change since means stale. */
  generation: number;
  /** Requests to the same target waiting for this one's answer, when it fetches for them. */
  flight: Flight | undefined;
}

/** The request goes on to the service; the tap, when set, is shown its answer to keep a copy. */
export interface Miss {
  kind: 'miss';
  tap: AnswerTap | undefined;
}

/** A fresh stored answer for the request's target. */
interface Hit {
  kind: 'hit';
  entry: CachedResponse;
}

/**
 * What the cache has for one request, asked once: a stored answer, or a miss (with a tap for the
 * proxy when the answer may be kept), or, while another request fetches the same target, the hit
 * or miss that fetch ends in.
 */
export type CacheVerdict = Hit | Miss | { kind: 'wait'; outcome: Promise<Hit | Miss> };

/** The verdict for a request whose answer is never kept (not a GET, or the cache off). */
const PASSED_ON: Miss = Object.freeze({ kind: 'miss', tap: undefined });

/**
 * The gateway's shared cache of public GET answers: what a service marks shareable
 * (`Cache-Control: s-maxage`, or `public, max-age`) is kept in memory by request target, for at
 * most GATEWAY_CACHE_MAX_SECONDS, and replayed to later requests, which still pass every gateway
 * check before it (rate limits, CORS). Its parts: the store, one fetch per target (single flight),
 * invalidation by the services' announcements, and the writing of stored answers.
 */
@Injectable()
export class EdgeCache implements OnModuleInit, OnModuleDestroy {
  private readonly store: ResponseStore;
  private readonly flights: SingleFlight;
  private readonly invalidation: Invalidation;
  private readonly lookups: Counter<'result'>;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(SECURITY_HEADERS) private readonly fixedHeaders: HeaderPairs,
    metrics: Metrics,
  ) {
    const store = new ResponseStore({
      maxEntries: config.GATEWAY_CACHE_MAX_ENTRIES,
      maxBytes: parseByteSize(config.GATEWAY_CACHE_MAX_BYTES),
    });
    this.store = store;
    this.flights = new SingleFlight(2 * config.GATEWAY_CACHE_MAX_ENTRIES);
    this.invalidation = new Invalidation(store);
    this.lookups = metrics.counter({
      name: 'gateway_cache_lookups_total',
      help: 'API reads (GET/HEAD): answered from the response cache (hit), after waiting for another request to the same target (collapsed), or passed on (miss)',
      labelNames: ['result'],
    });
    metrics.gauge({
      name: 'gateway_cache_entries',
      help: 'Answers held in the gateway response cache',
      collect() {
        this.set(store.size);
      },
    });
    metrics.gauge({
      name: 'gateway_cache_bytes',
      help: 'Body bytes held in the gateway response cache',
      collect() {
        this.set(store.bytes);
      },
    });
  }

  get enabled(): boolean {
    return this.config.GATEWAY_CACHE_MAX_SECONDS > 0;
  }

  onModuleInit(): void {
    if (this.enabled) {
      this.invalidation.listen(this.config.REDIS_URL, this.config.CACHE_INVALIDATION_CHANNEL);
    }
  }

  onModuleDestroy(): void {
    this.invalidation.stop();
  }

  /**
   * The cache's one say on a request: the fresh stored answer for its target, or the answer another
   * request is fetching for it, or a miss. A GET that misses a target kept before fetches for the
   * requests arriving meanwhile; any GET that misses gets a tap that keeps its answer if the
   * service marks it shareable (a hard reload's answer refreshes the stored one).
   */
  lookup(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    route: CompiledRoute,
  ): CacheVerdict {
    if (!this.enabled) return PASSED_ON;
    // Not answered from the store (a reload, a body, credentials), but a GET's answer may refresh it.
    if (!servableFromCache(req.method, req.headers)) return this.missed(req, key, route, undefined);
    const entry = this.store.get(key);
    if (entry) {
      this.lookups.inc({ result: 'hit' });
      return { kind: 'hit', entry };
    }
    const wait = this.flights.join(key);
    if (wait) {
      this.lookups.inc({ result: 'collapsed' });
      const outcome = wait.then((found): Hit | Miss =>
        found ? { kind: 'hit', entry: found } : this.missed(req, key, route, undefined),
      );
      return { kind: 'wait', outcome };
    }
    this.lookups.inc({ result: 'miss' });
    const flight = req.method === 'GET' ? this.flights.begin(key) : undefined;
    if (flight) {
      // However this request ends (refused, failed, cut off), nobody is left waiting on it.
      res.once('close', () => this.flights.release(key, flight, undefined));
    }
    return this.missed(req, key, route, flight);
  }

  /** Drops one service's answers (or all) and marks answers in flight from it as stale. */
  invalidate(service: ServiceName | undefined): number {
    return this.invalidation.invalidate(service);
  }

  /** A miss; for a GET, with a tap that offers the service's answer to the store. */
  private missed(
    req: IncomingMessage,
    key: string,
    route: CompiledRoute,
    flight: Flight | undefined,
  ): Miss {
    if (req.method !== 'GET') return PASSED_ON;
    const expected: Expected = {
      key,
      service: route.service,
      route: route.path,
      generation: this.invalidation.generation(route.service),
      flight,
    };
    return {
      kind: 'miss',
      tap: { offer: (status, headers) => this.copyOf(expected, status, headers) },
    };
  }

  /** A copy to fill as the answer's body streams to the client, kept once whole; or undefined. */
  private copyOf(
    expected: Expected,
    status: number,
    headers: IncomingHttpHeaders,
  ): AnswerCopy | undefined {
    const lifetime = this.lifetimeOf(expected, status, headers);
    if (lifetime === undefined) return undefined;
    const storedAt = Date.now();
    const chunks: Buffer[] = [];
    let size = 0;
    return {
      add: (chunk) => {
        size += chunk.length;
        if (size <= MAX_ENTRY_BYTES) chunks.push(chunk);
      },
      complete: () => {
        if (size > MAX_ENTRY_BYTES) return;
        const body = Buffer.concat(chunks, size);
        this.keepAnswer(expected, status, headers, body, storedAt, lifetime);
      },
    };
  }

  /** How long an answer may be kept, or undefined (and nobody waits for it any more). */
  private lifetimeOf(
    expected: Expected,
    status: number,
    headers: IncomingHttpHeaders,
  ): number | undefined {
    const lifetime = sharedLifetime(status, headers, this.config.GATEWAY_CACHE_MAX_SECONDS);
    if (lifetime === undefined) {
      this.flights.forget(expected.key);
      this.flights.release(expected.key, expected.flight, undefined);
    }
    return lifetime;
  }

  private keepAnswer(
    expected: Expected,
    status: number,
    headers: IncomingHttpHeaders,
    body: Buffer,
    storedAt: number,
    lifetime: number,
  ): void {
    // A change announced while this answer was on its way makes it stale already.
    if (this.invalidation.generation(expected.service) !== expected.generation) return;
    const entry = toEntry(
      {
        service: expected.service,
        route: expected.route,
        status,
        headers,
        body,
        storedAt,
        lifetime,
      },
      this.fixedHeaders,
    );
    if (!this.store.set(expected.key, entry)) return;
    this.flights.remember(expected.key);
    this.flights.release(expected.key, expected.flight, entry);
  }
}
