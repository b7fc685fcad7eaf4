import { Logger } from '@nestjs/common';
import { isRedisAway } from '@probedge/kit';
import type Redis from 'ioredis';

/** One stored answer: the value (null: the providers do not know the thing), and when it ages. */
export interface CacheEntry<T> {
  value: T;
  source: string;
  fetchedAt: number;
  freshUntil: number;
}

/** The connection adds the service's prefix; this one versions the stored shape. */
const PREFIX = 'v1:';

/**
 * Provider answers in Redis, shared by every replica. An entry is fresh until its `freshUntil`; it is
 * kept `staleMaxSeconds` beyond that, to be served marked stale while no provider answers. When
 * Redis is away nothing is read or kept, and every call goes to the providers (within their budgets);
 * once the client knows it is away, without waiting for Redis at all.
 */
export class MarketCache {
  private readonly logger = new Logger(MarketCache.name);
  private warnedAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly staleMaxSeconds: number,
  ) {}

  async read<T>(keys: readonly string[]): Promise<(CacheEntry<T> | null)[]> {
    if (keys.length === 0) return [];
    if (isRedisAway(this.redis)) {
      this.warn(new Error(`redis is ${this.redis.status}`));
      return keys.map(() => null);
    }
    try {
      const raw = await this.redis.mget(...keys.map((key) => PREFIX + key));
      return raw.map((text) => (text === null ? null : parse<T>(text)));
    } catch (error) {
      this.warn(error);
      return keys.map(() => null);
    }
  }

  async write<T>(key: string, entry: CacheEntry<T>): Promise<void> {
    const keepMs = Math.max(1000, entry.freshUntil - entry.fetchedAt) + this.staleMaxSeconds * 1000;
    if (isRedisAway(this.redis)) return;
    try {
      await this.redis.set(PREFIX + key, JSON.stringify(entry), 'PX', keepMs);
    } catch (error) {
      this.warn(error);
    }
  }

  private warn(error: unknown): void {
    // One line a minute while Redis is away, not one per request.
    if (Date.now() - this.warnedAt < 60_000) return;
    this.warnedAt = Date.now();
    this.logger.warn(`market cache unavailable: ${(error as Error).message}`);
  }
}

function parse<T>(text: string): CacheEntry<T> | null {
  try {
    const entry = JSON.parse(text) as CacheEntry<T>;
    return typeof entry.freshUntil === 'number' && typeof entry.source === 'string' ? entry : null;
  } catch {
    return null;
  }
}
