import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Metrics, parseByteSize } from '@probedge/kit';
import type { ServiceName } from '@probedge/proto';
import type { Counter } from 'prom-client';
import type { GatewayConfig } from '../../config/env';
import { GATEWAY_CONFIG } from '../../config/gateway-config';
import { SECURITY_HEADERS } from '../security-headers';
import { toEntry } from './answer-writer';
import { servableFromCache, sharedLifetime, type HeaderPairs } from './cache-policy';
import { Invalidation } from './invalidation';
import { ResponseStore, type CachedResponse } from './response-store';
import { SingleFlight, type Flight } from './single-flight';

/** A single answer larger than this is passed through and never kept. */
const MAX_ENTRY_BYTES = 1024 * 1024;

interface Expected {
  key: string;
  service: ServiceName;
  route: string;
  /** The service's invalidation count when the request left; a change since means stale. */
  generation: number;
  /** Requests to the same target waiting for this one's answer, when it fetches for them. */
  flight: Flight | undefined;
}

/** What the cache has for a request: a stored answer, or one on its way from another request. */
export type Lookup = { entry: CachedResponse } | { wait: Promise<CachedResponse | undefined> };

/** A copy of one answer being received: its body chunks, then `complete` once it arrived whole. */
export interface AnswerCopy {
  add(chunk: Buffer): void;
  complete(): void;
}

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
  private readonly expected = new WeakMap<IncomingMessage, Expected>();
  /** The flight a missing request fetches for. */
  private readonly fetching = new WeakMap<IncomingMessage, Flight>();
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
   * The fresh stored answer for this request target, or the answer another request is fetching
   * for it; undefined when the request must go on to the service (and, for a target kept before,
   * fetch for the requests arriving meanwhile).
   */
  lookup(req: IncomingMessage, res: ServerResponse, key: string): Lookup | undefined {
    if (!this.enabled || !servableFromCache(req.method, req.headers)) return undefined;
    const entry = this.store.get(key);
    if (entry) {
      this.lookups.inc({ result: 'hit' });
      return { entry };
    }
    const wait = this.flights.join(key);
    if (wait) {
      this.lookups.inc({ result: 'collapsed' });
      return { wait };
    }
    this.lookups.inc({ result: 'miss' });
    const flight = req.method === 'GET' ? this.flights.begin(key) : undefined;
    if (flight) {
      this.fetching.set(req, flight);
      // However this request ends (refused, failed, cut off), nobody is left waiting on it.
      res.once('close', () => this.flights.release(key, flight, undefined));
    }
    return undefined;
  }

  /** Marks a GET about to be proxied to a service: its answer may be kept under `key`. */
  expect(req: IncomingMessage, key: string, service: ServiceName, route: string): void {
    if (!this.enabled || req.method !== 'GET') return;
    this.expected.set(req, {
      key,
      service,
      route,
      generation: this.invalidation.generation(service),
      flight: this.fetching.get(req),
    });
  }

  /**
   * Sees the start of the service's answer to `req`: a copy to fill as its body streams to the
   * client, kept once the answer is whole, or undefined when it may not be kept.
   */
  offer(
    req: IncomingMessage,
    status: number,
    headers: IncomingHttpHeaders,
  ): AnswerCopy | undefined {
    const expected = this.taken(req);
    if (!expected) return undefined;
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

  /** Drops one service's answers (or all) and marks answers in flight from it as stale. */
  invalidate(service: ServiceName | undefined): number {
    return this.invalidation.invalidate(service);
  }

  private taken(req: IncomingMessage): Expected | undefined {
    const expected = this.expected.get(req);
    this.expected.delete(req);
    return expected;
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
