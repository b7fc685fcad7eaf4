import type { ServiceName } from '@probedge/proto';

/** One stored upstream answer to a GET, replayed to later requests for the same target. */
export interface CachedResponse {
  service: ServiceName;
  /** The route-table pattern, for metrics. */
  route: string;
  status: number;
  /** Every header of the answer but the per-request ones, as a flat name, value list. */
  head: string[];
  /** The same for a 304: without the body's type and length. */
  notModifiedHead: string[];
  body: Buffer;
  etag?: string;
  /** Epoch ms when stored, and when it stops being fresh. */
  storedAt: number;
  expiresAt: number;
}

export interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * Fresh answers by request target, least recently used dropped first once the entry or byte
 * budget is full. A Map keeps insertion order, so re-inserting on use is the LRU bookkeeping.
 */
export class ResponseStore {
  private readonly entries = new Map<string, CachedResponse>();
  private totalBytes = 0;

  constructor(
    private readonly limits: CacheLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** The fresh entry for this target, if any; a stale one is removed on the way. */
  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedResponse): boolean {
    const size = entry.body.length;
    if (size > this.limits.maxBytes || this.limits.maxEntries === 0) return false;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    while (
      this.entries.size >= this.limits.maxEntries ||
      this.totalBytes + size > this.limits.maxBytes
    ) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, CachedResponse];
      this.remove(oldestKey, oldest);
    }
    this.entries.set(key, entry);
    this.totalBytes += size;
    return true;
  }

  /** Drops everything one service answered (after it announced a change), or everything. */
  drop(service?: ServiceName): number {
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (service === undefined || entry.service === service) {
        this.remove(key, entry);
        dropped += 1;
      }
    }
    return dropped;
  }

  private remove(key: string, entry: CachedResponse): void {
    this.entries.delete(key);
    this.totalBytes -= entry.body.length;
  }
}
