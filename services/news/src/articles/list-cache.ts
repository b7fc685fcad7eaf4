import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { dropOnChanges, publishChange } from '@probedge/kit';
import type { Feed } from '@probedge/proto';
import type Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { NewsConfig } from '../config/env';
import { NEWS_CONFIG } from '../config/news-config';

export const NEWS_REDIS = Symbol('NEWS_REDIS');

const VERSION_TTL_SECONDS = 86_400;
/** Lists a replica keeps in memory: every feed view and limit, and the categories most asked. */
const HELD_LISTS = 500;

interface Held {
  until: number;
  value: Promise<unknown>;
}

/**
 * One round trip for a cached read: the feeds' versions name the list's key, which is read in the
 * same call. KEYS are the version keys; ARGV the list key's prefix, the list's own part, then the
 * feed of each version key. (The list key is worked out inside the script, so it cannot be in KEYS:
 * fine on one Redis, not on a cluster.)
 */
const READ_SCRIPT = `
local parts = {}
for i, key in ipairs(KEYS) do
  parts[i] = ARGV[i + 2] .. '.' .. (redis.call('GET', key) or '0')
end
local listKey = ARGV[1] .. table.concat(parts, ',') .. ':' .. ARGV[2]
return { listKey, redis.call('GET', listKey) }
`;

/** The client with the read script registered (sent once, then called by its SHA). */
type ReadingRedis = Redis & {
  readList(
    keyCount: number,
    ...keysThenArgs: string[]
  ): Promise<[listKey: string, value: string | null]>;
};

/**
 * Short-lived cache of list responses. Each feed has a version number that ingestion bumps when it
 * writes; a cached list's key names the versions of the feeds it reads, so a write makes it unreachable
 * at once and the TTL clears it out. When Redis is away, reads go straight to the database.
 * The same write is announced on CACHE_INVALIDATION_CHANNEL for the caches in front of the API.
 *
 * In front of Redis, each replica answers a list from memory for NEWS_READ_REUSE_MS (requests
 * arriving together share one read); the announcement of a write, or a reconnection that may have
 * missed one, empties that memory at once, so the reuse time only bounds staleness while the
 * announcements cannot be heard.
 */
@Injectable()
export class ListCache implements OnModuleDestroy {
  private readonly logger = new Logger(ListCache.name);
  private readonly redis: ReadingRedis;
  private readonly held = new LRUCache<string, Held>({ max: HELD_LISTS });
  /** Listening starts with the first read: a worker, which only writes, never subscribes. */
  private stopListening?: () => void;

  constructor(
    @Inject(NEWS_CONFIG) private readonly config: NewsConfig,
    @Inject(NEWS_REDIS) redis: Redis,
  ) {
    redis.defineCommand('readList', { lua: READ_SCRIPT });
    this.redis = redis as ReadingRedis;
  }

  private versionKey(feed: Feed): string {
    return `${this.config.NEWS_CACHE_PREFIX}version:${feed}`;
  }

  private get usable(): boolean {
    return this.config.NEWS_CACHE_TTL_SECONDS > 0 && this.redis.status === 'ready';
  }

  getOrLoad<T>(feeds: readonly Feed[], key: string, load: () => Promise<T>): Promise<T> {
    const reuseMs = this.config.NEWS_READ_REUSE_MS;
    if (reuseMs === 0 || this.config.NEWS_CACHE_TTL_SECONDS === 0) {
      return this.readThrough(feeds, key, load);
    }
    this.listen();
    const name = `${feeds.join(',')}|${key}`;
    const now = Date.now();
    const held = this.held.get(name);
    if (held && held.until > now) return held.value as Promise<T>;
    const value = this.readThrough(feeds, key, load);
    this.held.set(name, { until: now + reuseMs, value });
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (this.held.get(name)?.value === value) this.held.delete(name);
    });
    return value;
  }

  private listen(): void {
    if (this.stopListening) return;
    this.stopListening = dropOnChanges(
      this.config.REDIS_URL,
      this.config.CACHE_INVALIDATION_CHANNEL,
      'news',
      () => this.held.clear(),
    );
  }

  private async readThrough<T>(
    feeds: readonly Feed[],
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    if (!this.usable) return load();
    let cacheKey: string;
    try {
      const versionKeys = feeds.map((feed) => this.versionKey(feed));
      const [listKey, hit] = await this.redis.readList(
        versionKeys.length,
        ...versionKeys,
        `${this.config.NEWS_CACHE_PREFIX}list:`,
        key,
        ...feeds,
      );
      cacheKey = listKey;
      if (hit !== null) return JSON.parse(hit) as T;
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'list cache unavailable');
      return load();
    }
    const value = await load();
    this.redis
      .set(cacheKey, JSON.stringify(value), 'EX', this.config.NEWS_CACHE_TTL_SECONDS)
      .catch(() => undefined);
    return value;
  }

  async articlesChanged(feeds: Feed[]): Promise<void> {
    // This replica's copies go at once; after the versions move, so does any read made meanwhile.
    this.held.clear();
    try {
      await this.bumpVersions(feeds);
    } finally {
      this.held.clear();
    }
  }

  private async bumpVersions(feeds: Feed[]): Promise<void> {
    if (this.redis.status !== 'ready') return;
    const pipeline = this.redis.multi();
    for (const feed of feeds) {
      pipeline.incr(this.versionKey(feed));
      // Outlives any cached entry (TTL at most an hour), so a version that lapses cannot revive one.
      pipeline.expire(this.versionKey(feed), VERSION_TTL_SECONDS);
    }
    // Shared caches in front of the API (the gateway's) drop their copies of news answers.
    publishChange(
      pipeline,
      this.config.CACHE_INVALIDATION_CHANNEL,
      'news',
      `feeds ${feeds.join(', ')}`,
    );
    await pipeline.exec();
  }

  onModuleDestroy(): void {
    this.stopListening?.();
    this.redis.disconnect();
  }
}
