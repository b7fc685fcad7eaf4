import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';

/** A bound far above the texts there are: it keeps a mistake from growing the cache without limit. */
const MAX_ENTRIES = 10_000;

/** Any value but null and undefined, which lru-cache does not keep. */
type Value = NonNullable<unknown>;
type Load = () => Promise<Value>;

/**
 * The editorial texts change only when a sync runs, yet every page view reads them: each replica
 * keeps what it read for CONTENT_CACHE_SECONDS. Concurrent misses share one database read; a failed
 * read is not kept. A sync in this process clears it at once (reads under way still answer, and
 * are not kept); one in another process (the deploy step) is seen within the TTL.
 */
@Injectable()
export class ContentCache {
  private readonly entries: LRUCache<string, Value, Load> | undefined;

  constructor(@Inject(CONTENT_CONFIG) config: ContentConfig) {
    const ttl = config.CONTENT_CACHE_SECONDS * 1000;
    this.entries =
      ttl === 0
        ? undefined
        : new LRUCache<string, Value, Load>({
            max: MAX_ENTRIES,
            ttl,
            // The clock is read on every get, so an entry is kept for exactly the TTL.
            ttlResolution: 0,
            fetchMethod: (_key, _stale, { context }) => context(),
            // A clear must not fail the reads under way; what they read is not kept.
            ignoreFetchAbort: true,
          });
  }

  remember<T extends Value>(key: string, load: () => Promise<T>): Promise<T> {
    return this.entries ? (this.entries.fetch(key, { context: load }) as Promise<T>) : load();
  }

  clear(): void {
    this.entries?.clear();
  }
}
