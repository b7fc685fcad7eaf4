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
 */
export class ConnectionSlots {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly capacity: number) {}

  /** Requests holding a slot now. */
  get inUse(): number {
    return this.active;
  }

  /** A slot if one is free now. */
  tryAcquire(): Release | undefined {
    if (this.active >= this.capacity) return undefined;
    this.active += 1;
    return this.releaser();
  }

  /** A slot as soon as one is free, or undefined after `waitMs` without one. */
  acquire(waitMs: number): Promise<Release | undefined> {
    const now = this.tryAcquire();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index !== -1) this.waiting.splice(index, 1);
          resolve(undefined);
        }, waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) {
        // The slot passes straight to the next in line; the count does not change.
        clearTimeout(next.timer);
        next.grant(this.releaser());
      } else {
        this.active -= 1;
      }
    };
  }
}
