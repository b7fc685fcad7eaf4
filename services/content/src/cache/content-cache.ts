import { Inject, Injectable } from '@nestjs/common';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';

interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

/**
 * The editorial texts change only when a sync runs, yet every page view reads them: each replica
 * keeps what it read for CONTENT_CACHE_SECONDS. Concurrent misses share one database read; a failed
 * read is not kept. A sync in this process clears it at once; one in another process (the deploy
 * step) is seen within the TTL.
 */
@Injectable()
export class ContentCache {
  private readonly entries = new Map<string, Entry>();

  constructor(@Inject(CONTENT_CONFIG) private readonly config: ContentConfig) {}

  remember<T>(key: string, load: () => Promise<T>, now: number = Date.now()): Promise<T> {
    const ttlMs = this.config.CONTENT_CACHE_SECONDS * 1000;
    if (ttlMs === 0) return load();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value as Promise<T>;
    const value = load();
    this.entries.set(key, { expiresAt: now + ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
