/** Gives a slot back; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
  timer: NodeJS.Timeout;
}

/**
 * At most `capacity` requests to one service at a time, the size of its connection pool, so the
 * pool itself never queues: a request beyond waits here in order, for at most the time it is
 * given, and learns at once when none came free, instead of waiting in the pool with no deadline.
 * The last `reserved` slots are for priority requests only (Stripe's webhook deliveries to
 * billing), which also go before every ordinary request waiting.
 */
export class ConnectionSlots {
  private active = 0;
  private readonly waiting: { priority: Waiter[]; ordinary: Waiter[] } = {
    priority: [],
    ordinary: [],
  };

  constructor(
    private readonly capacity: number,
    private readonly reserved = 0,
  ) {}

  /** Requests holding a slot now. */
  get inUse(): number {
    return this.active;
  }

  /** A slot if one is free now for a request of this kind. */
  tryAcquire(priority = false): Release | undefined {
    if (!this.free(priority)) return undefined;
    this.active += 1;
    return this.releaser();
  }

  /** A slot as soon as one is free, or undefined after `waitMs` without one. */
  acquire(waitMs: number, priority = false): Promise<Release | undefined> {
    const now = this.tryAcquire(priority);
    if (now) return Promise.resolve(now);
    const queue = priority ? this.waiting.priority : this.waiting.ordinary;
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          const index = queue.indexOf(waiter);
          if (index !== -1) queue.splice(index, 1);
          resolve(undefined);
        }, waitMs),
      };
      queue.push(waiter);
    });
  }

  private free(priority: boolean): boolean {
    return this.active < (priority ? this.capacity : this.capacity - this.reserved);
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      // The freed slot goes to the next in line who may take it: priority requests first.
      const next =
        (this.free(true) && this.waiting.priority.shift()) ||
        (this.free(false) && this.waiting.ordinary.shift()) ||
        undefined;
      if (next) {
        clearTimeout(next.timer);
        this.active += 1;
        next.grant(this.releaser());
      }
    };
  }
}
