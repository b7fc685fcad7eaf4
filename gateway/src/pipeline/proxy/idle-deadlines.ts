/** Something waiting on a service: when it last heard from it, and what to do when it gives up. */
export interface Watched {
  /** Date.now() of the last sign of life. */
  quietSince: number;
  /** Where it is in the list being watched; -1 when not watched. */
  watchSlot: number;
  expire(): void;
}

/**
 * One deadline for every request waiting on a service: a request that has heard nothing for
 * `idleMs` expires. One sweep checks them all, `sweepMs` apart (a quarter of the deadline, at most
 * a second), so a deadline costs no timer per request: a timer made per request is linked into
 * Node's long-lived timer lists, outlives the young generation of the heap and, at thousands of
 * requests a second, fills the old one with garbage (the gateway grew to 300 MB under load). For
 * the same reason the sweep's own timer, once started, runs until stop(), even with nothing to watch.
 */
export class IdleDeadlines {
  private readonly watched: Watched[] = [];
  private readonly sweepMs: number;
  private timer?: NodeJS.Timeout;

  constructor(private readonly idleMs: number) {
    this.sweepMs = Math.max(10, Math.min(1000, Math.floor(idleMs / 4)));
  }

  get size(): number {
    return this.watched.length;
  }

  /** Starts (or restarts) the clock of `item`. */
  watch(item: Watched): void {
    item.quietSince = Date.now();
    if (item.watchSlot >= 0) return;
    item.watchSlot = this.watched.length;
    this.watched.push(item);
    this.timer ??= setInterval(() => this.sweep(), this.sweepMs).unref();
  }

  forget(item: Watched): void {
    const slot = item.watchSlot;
    if (slot < 0) return;
    item.watchSlot = -1;
    const last = this.watched.pop()!;
    if (last !== item) {
      this.watched[slot] = last;
      last.watchSlot = slot;
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Expires every item quiet for the deadline or longer; `now` is for tests. */
  sweep(now = Date.now()): void {
    const expired = this.watched.filter((item) => now - item.quietSince >= this.idleMs);
    for (const item of expired) {
      this.forget(item);
      item.expire();
    }
  }
}
