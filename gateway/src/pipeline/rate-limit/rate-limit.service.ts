import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createRedis, Metrics } from '@probedge/kit';
import type Redis from 'ioredis';
import type { GatewayConfig } from '../../config/env';
import { GATEWAY_CONFIG } from '../../config/gateway-config';

/**
 * Counts one request per key (a key may repeat) in fixed windows; returns each count followed by
 * its window's remaining ms, in key order.
 */
const COUNT_SCRIPT = `
local out = {}
for _, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  out[#out + 1] = count
  out[#out + 1] = redis.call('PTTL', key)
end
return out
`;

/** The client with the count script registered: sent once, then called by its SHA (EVALSHA). */
type CountingRedis = Redis & {
  countRequests(keyCount: number, ...keysThenWindowMs: string[]): Promise<number[]>;
};

interface PendingCount {
  key: string;
  resolve(result: [number, number]): void;
  reject(error: Error): void;
}

/** A Redis that does not answer this fast is treated as away, so the API never waits on it. */
const REDIS_BUDGET_MS = 250;

export type Bucket = 'general' | 'generate' | 'checkout' | 'activation' | 'newsletter' | 'signin';

/** The tight buckets by API path; every /api request also counts in the general one. */
export const BUCKET_OF_PATH: Readonly<Record<string, Exclude<Bucket, 'general'>>> = {
  '/api/generate-analysis': 'generate',
  '/api/generate-opinion': 'generate',
  '/api/create-checkout-session': 'checkout',
  '/api/activate-subscription': 'activation',
  '/api/newsletter': 'newsletter',
  '/api/members/sign-in': 'signin',
  '/api/members/sign-in/confirm': 'signin',
};

export interface LimitVerdict {
  /** Seconds until the client may try again; undefined when allowed. */
  retryAfter?: number;
  bucket?: Bucket;
}

/**
 * Per-client fixed-window limits kept in Redis, so every gateway replica counts together. When
 * Redis is away the limits are not enforced (and a warning is logged): the API stays up.
 */
@Injectable()
export class RateLimitService implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly redis: CountingRedis;
  private readonly limits: Record<Bucket, number>;
  private readonly windowMs: number;
  private batch: PendingCount[] = [];
  private lastWarning = 0;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly metrics: Metrics,
  ) {
    const redis = createRedis({ url: config.REDIS_URL });
    redis.defineCommand('countRequests', { lua: COUNT_SCRIPT });
    this.redis = redis as CountingRedis;
    this.windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
    this.limits = {
      general: config.RATE_LIMIT_GENERAL,
      generate: config.RATE_LIMIT_GENERATE,
      checkout: config.RATE_LIMIT_CHECKOUT,
      activation: config.RATE_LIMIT_ACTIVATION,
      newsletter: config.RATE_LIMIT_NEWSLETTER,
      signin: config.RATE_LIMIT_SIGN_IN,
    };
  }

  async check(client: string, method: string, pathname: string): Promise<LimitVerdict> {
    const buckets: Bucket[] = ['general'];
    const tight = BUCKET_OF_PATH[pathname.replace(/\/+$/, '')];
    if (tight && method === 'POST') buckets.push(tight);
    // Between reconnect attempts there is no point waiting; while first connecting, the budget applies.
    if (['reconnecting', 'close', 'end'].includes(this.redis.status)) {
      return this.unenforced(`redis is ${this.redis.status}`);
    }
    const window = Math.floor(Date.now() / this.windowMs);
    try {
      const keys = buckets.map(
        (bucket) => `${this.config.RATE_LIMIT_PREFIX}${bucket}:${client}:${window}`,
      );
      // Most requests count in one bucket only; that path creates no extra promise.
      const results =
        keys.length === 1
          ? [await this.count(keys[0])]
          : await Promise.all(keys.map((key) => this.count(key)));
      for (const [index, [count, ttl]] of results.entries()) {
        const bucket = buckets[index];
        if (count > this.limits[bucket]) {
          this.metrics
            .counter({
              name: 'gateway_rate_limited_total',
              help: 'Requests answered 429 by rate-limit bucket',
              labelNames: ['bucket'],
            })
            .inc({ bucket });
          return { retryAfter: Math.max(1, Math.ceil(ttl / 1000)), bucket };
        }
      }
      return {};
    } catch (error) {
      return this.unenforced((error as Error).message);
    }
  }

  /**
   * The counts of one event-loop turn go to Redis as one script call: the requests parsed in the
   * same turn share one write and one reply, instead of a round of system calls each. The budget
   * runs per batch as well.
   */
  private count(key: string): Promise<[number, number]> {
    return new Promise((resolve, reject) => {
      if (this.batch.length === 0) setImmediate(() => this.flush());
      this.batch.push({ key, resolve, reject });
    });
  }

  private flush(): void {
    const batch = this.batch;
    this.batch = [];
    let settled = false;
    const settle = (outcome: (pending: PendingCount, index: number) => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      batch.forEach(outcome);
    };
    const timer = setTimeout(() => {
      const error = new Error(`no answer within ${REDIS_BUDGET_MS} ms`);
      settle((pending) => pending.reject(error));
    }, REDIS_BUDGET_MS);
    const keys = batch.map((pending) => pending.key);
    this.redis.countRequests(keys.length, ...keys, String(this.windowMs)).then(
      (counts) => settle((pending, i) => pending.resolve([counts[2 * i], counts[2 * i + 1]])),
      (error: Error) => settle((pending) => pending.reject(error)),
    );
  }

  private unenforced(reason: string): LimitVerdict {
    if (Date.now() - this.lastWarning > 60_000) {
      this.lastWarning = Date.now();
      this.logger.warn({ reason }, 'rate limits not enforced while Redis is unavailable');
    }
    return {};
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
