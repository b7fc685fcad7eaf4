import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createRedis, isRedisAway, Metrics } from '@probedge/kit';
import type { RateBucket } from '@probedge/proto';
import type Redis from 'ioredis';
import type { GatewayConfig } from '../../config/env';
import { GATEWAY_CONFIG } from '../../config/gateway-config';
import { SharedCounts, type Counted } from './shared-counts';

/** A Redis that does not answer this fast is treated as away, so the API never waits on it. */
const REDIS_BUDGET_MS = 250;

/**
 * While a client's general count (as this replica knows it) stays within this share of its limit,
 * its requests are counted without waiting for Redis; nearer the limit, and in the tight buckets
 * always, each request waits for its exact count. What one replica knows lags the others by at
 * most a sync: only for a client the other replicas have already taken past half its limit can
 * that lag let a few requests through unchecked.
 */
const UNCHECKED_SHARE = 0.5;

/** How long the counts nobody waits for gather before they go to Redis in one call. */
const SYNC_MS = 10;

const ALLOWED: LimitVerdict = Object.freeze({});

/** The general bucket every /api request counts in, and the tight ones routes name in the route table. */
export type Bucket = 'general' | RateBucket;

export interface LimitVerdict {
  /** Seconds until the client may try again; undefined when allowed. */
  retryAfter?: number;
  bucket?: Bucket;
}

/**
 * Per-client fixed-window limits kept in Redis, so every gateway replica counts together. A
 * client far from its general limit is counted without a round trip per request (UNCHECKED_SHARE);
 * near it, and for the tight buckets, every request waits for its exact count. When Redis is away
 * the limits are not enforced (and a warning is logged): the API stays up.
 */
@Injectable()
export class RateLimitService implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly redis: Redis;
  private readonly counts: SharedCounts;
  private readonly limits: Record<Bucket, number>;
  private readonly windowMs: number;
  private lastWarning = 0;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly metrics: Metrics,
  ) {
    this.redis = createRedis({ url: config.REDIS_URL });
    this.windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
    this.counts = new SharedCounts(this.redis, this.windowMs, SYNC_MS, REDIS_BUDGET_MS, (error) =>
      this.unenforced(error.message),
    );
    this.limits = {
      general: config.RATE_LIMIT_GENERAL,
      generate: config.RATE_LIMIT_GENERATE,
      checkout: config.RATE_LIMIT_CHECKOUT,
      activation: config.RATE_LIMIT_ACTIVATION,
      newsletter: config.RATE_LIMIT_NEWSLETTER,
      signin: config.RATE_LIMIT_SIGN_IN,
      search: config.RATE_LIMIT_SEARCH,
    };
  }

  /**
   * Counts the request in the general bucket and in its route's tight one (`tight`, from the route
   * table), if any; the verdict comes at once while the client is far from its general limit and
   * the request has no bucket of its own.
   */
  check(client: string, tight: RateBucket | undefined): LimitVerdict | Promise<LimitVerdict> {
    // Between reconnect attempts there is no point waiting; while first connecting, the budget applies.
    if (isRedisAway(this.redis)) return this.unenforced(`redis is ${this.redis.status}`);
    const window = Math.floor(Date.now() / this.windowMs);
    const general = this.keyOf('general', client, window);
    const estimate = this.counts.estimate(general);
    const unchecked = estimate !== undefined && estimate <= this.limits.general * UNCHECKED_SHARE;
    if (unchecked) {
      this.counts.counted(general, window);
      if (!tight) return ALLOWED;
    }
    const waits: [Bucket, Promise<Counted>][] = [];
    if (!unchecked) waits.push(['general', this.counts.exact(general, window)]);
    if (tight) waits.push([tight, this.counts.exact(this.keyOf(tight, client, window), window)]);
    return this.verdictOf(waits);
  }

  private keyOf(bucket: Bucket, client: string, window: number): string {
    return `${this.config.RATE_LIMIT_PREFIX}${bucket}:${client}:${window}`;
  }

  private async verdictOf(waits: [Bucket, Promise<Counted>][]): Promise<LimitVerdict> {
    try {
      const results = await Promise.all(waits.map(([, counted]) => counted));
      for (const [index, [count, remainingMs]] of results.entries()) {
        const bucket = waits[index][0];
        if (count > this.limits[bucket]) {
          this.metrics
            .counter({
              name: 'gateway_rate_limited_total',
              help: 'Requests answered 429 by rate-limit bucket',
              labelNames: ['bucket'],
            })
            .inc({ bucket });
          return { retryAfter: Math.max(1, Math.ceil(remainingMs / 1000)), bucket };
        }
      }
      return ALLOWED;
    } catch (error) {
      return this.unenforced((error as Error).message);
    }
  }

  private unenforced(reason: string): LimitVerdict {
    if (Date.now() - this.lastWarning > 60_000) {
      this.lastWarning = Date.now();
      this.logger.warn({ reason }, 'rate limits not enforced while Redis is unavailable');
    }
    return ALLOWED;
  }

  onModuleDestroy(): void {
    this.counts.stop();
    this.redis.disconnect();
  }
}
