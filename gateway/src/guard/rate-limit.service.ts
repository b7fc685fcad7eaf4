import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createRedis, Metrics } from '@probedge/kit';
import type Redis from 'ioredis';
import type { GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';

/** Counts one request in a fixed window; returns the count and the window's remaining ms. */
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }
`;

/** A Redis that does not answer this fast is treated as away, so the API never waits on it. */
const REDIS_BUDGET_MS = 250;

export type Bucket = 'general' | 'generate' | 'checkout' | 'activation' | 'newsletter';

/** The tight buckets by API path; every /api request also counts in the general one. */
export const BUCKET_OF_PATH: Readonly<Record<string, Exclude<Bucket, 'general'>>> = {
  '/api/generate-analysis': 'generate',
  '/api/generate-opinion': 'generate',
  '/api/create-checkout-session': 'checkout',
  '/api/activate-subscription': 'activation',
  '/api/newsletter': 'newsletter',
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
  private readonly redis: Redis;
  private readonly limits: Record<Bucket, number>;
  private lastWarning = 0;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly metrics: Metrics,
  ) {
    this.redis = createRedis({ url: config.REDIS_URL });
    this.limits = {
      general: config.RATE_LIMIT_GENERAL,
      generate: config.RATE_LIMIT_GENERATE,
      checkout: config.RATE_LIMIT_CHECKOUT,
      activation: config.RATE_LIMIT_ACTIVATION,
      newsletter: config.RATE_LIMIT_NEWSLETTER,
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
    const windowMs = this.config.RATE_LIMIT_WINDOW_SECONDS * 1000;
    const window = Math.floor(Date.now() / windowMs);
    try {
      const results = await this.withinBudget(
        Promise.all(
          buckets.map(
            (bucket) =>
              this.redis.eval(
                COUNT_SCRIPT,
                1,
                `${this.config.RATE_LIMIT_PREFIX}${bucket}:${client}:${window}`,
                String(windowMs),
              ) as Promise<[number, number]>,
          ),
        ),
      );
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

  private withinBudget<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${REDIS_BUDGET_MS} ms`)),
        REDIS_BUDGET_MS,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
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
