import type Redis from 'ioredis';

/**
 * Adds to each key its amount (a key may repeat); returns each key's count after its addition
 * followed by its window's remaining ms, in key order. A new key expires with its window.
 */
const ADD_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCRBY', key, ARGV[i + 1])
  if count == tonumber(ARGV[i + 1]) then redis.call('PEXPIRE', key, ARGV[1]) end
  out[#out + 1] = count
  out[#out + 1] = redis.call('PTTL', key)
end
return out
`;

/** The client with the script registered: sent once, then called by its SHA (EVALSHA). */
type AddingRedis = Redis & {
  addCounts(keyCount: number, ...keysThenWindowMsThenAmounts: string[]): Promise<number[]>;
};

/** One request's place in a key's count, once Redis has it: the count then, and ms left in the window. */
export type Counted = [count: number, remainingMs: number];

interface Waiter {
  /** Which of the key's unsent requests this is (1-based). */
  ordinal: number;
  resolve(counted: Counted): void;
  reject(error: Error): void;
}

/** What this replica knows of one key (one bucket, client and window). */
interface KeyCount {
  key: string;
  window: number;
  /** The shared count Redis last reported, this replica's requests sent by then included. */
  shared: number;
  /** Whether Redis has reported it yet. */
  reported: boolean;
  /** Counted here and sent, no reply yet. */
  sending: number;
  /** Counted here, not yet sent. */
  unsent: number;
  /** Requests among the unsent that wait for their count. */
  waiters: Waiter[];
}

/** Keys remembered between windows are dropped when the window changes; beyond this, too. */
const MAX_KEYS = 100_000;

/**
 * Counts requests per key in Redis, shared by every gateway replica, with as few round trips as
 * the caller's precision allows. `exact` waits for the count Redis gives this request: the
 * requests of one event-loop turn share one script call. `counted` does not wait: it is for keys
 * whose count is known to be far from their limit, and its increments reach Redis in one call
 * every SYNC_MS. The counts any caller sees therefore include every request of this replica, and
 * those of the others as of this replica's last reply.
 */
export class SharedCounts {
  private readonly redis: AddingRedis;
  private readonly keys = new Map<string, KeyCount>();
  /** Keys with requests to send. */
  private dirty = new Set<KeyCount>();
  private urgent = false;
  private timer: NodeJS.Timeout | undefined;
  private window = -1;

  constructor(
    redis: Redis,
    private readonly windowMs: number,
    /** How long the increments that nobody waits for may gather before they are sent. */
    private readonly syncMs: number,
    /** A Redis that does not answer a call this fast is treated as away. */
    private readonly budgetMs: number,
    private readonly onSyncError: (error: Error) => void,
  ) {
    redis.defineCommand('addCounts', { lua: ADD_SCRIPT });
    this.redis = redis as AddingRedis;
  }

  /**
   * This replica's best knowledge of the key's count with one more request, when Redis has
   * reported the key before; undefined when only Redis can tell.
   */
  estimate(key: string): number | undefined {
    const entry = this.keys.get(key);
    return entry?.reported ? entry.shared + entry.sending + entry.unsent + 1 : undefined;
  }

  /** Counts one request without waiting. */
  counted(key: string, window: number): void {
    this.add(key, window);
    this.timer ??= setTimeout(() => this.flush(), this.syncMs);
  }

  /** Counts one request and resolves with its count in the shared window. */
  exact(key: string, window: number): Promise<Counted> {
    const entry = this.add(key, window);
    if (!this.urgent) {
      this.urgent = true;
      setImmediate(() => this.flush());
    }
    return new Promise((resolve, reject) => {
      entry.waiters.push({ ordinal: entry.unsent, resolve, reject });
    });
  }

  /** One more request of this replica's on the key, to be sent with the next call. */
  private add(key: string, window: number): KeyCount {
    const entry = this.entry(key, window);
    entry.unsent += 1;
    this.dirty.add(entry);
    return entry;
  }

  private entry(key: string, window: number): KeyCount {
    if (window !== this.window) this.forgetBefore(window);
    let entry = this.keys.get(key);
    if (!entry) {
      entry = { key, window, shared: 0, reported: false, sending: 0, unsent: 0, waiters: [] };
      if (this.keys.size < MAX_KEYS) this.keys.set(key, entry);
    }
    return entry;
  }

  /** Keys of windows that have ended are of no more use. */
  private forgetBefore(window: number): void {
    this.window = window;
    for (const [key, entry] of this.keys) {
      if (entry.window < window) this.keys.delete(key);
    }
  }

  /** Sends every key's unsent requests in one call; each key's reply settles its waiters. */
  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.urgent = false;
    const batch = [...this.dirty].map((entry) => {
      const sent = { entry, amount: entry.unsent, waiters: entry.waiters };
      entry.sending += entry.unsent;
      entry.unsent = 0;
      entry.waiters = [];
      return sent;
    });
    this.dirty = new Set();
    if (batch.length === 0) return;
    const waiting = batch.filter(({ waiters }) => waiters.length > 0);
    let settled = false;
    const rejectWaiting = (error: Error) => {
      if (settled) return;
      settled = true;
      for (const { waiters } of waiting) for (const waiter of waiters) waiter.reject(error);
    };
    // Only requests that wait need a deadline; the others' counts arrive when they arrive.
    const budget =
      waiting.length > 0
        ? setTimeout(
            () => rejectWaiting(new Error(`no answer within ${this.budgetMs} ms`)),
            this.budgetMs,
          )
        : undefined;
    const args = [
      ...batch.map(({ entry }) => entry.key),
      String(this.windowMs),
      ...batch.map(({ amount }) => String(amount)),
    ];
    this.redis.addCounts(batch.length, ...args).then(
      (counts) => {
        clearTimeout(budget);
        batch.forEach(({ entry, amount, waiters }, i) => {
          const count = counts[2 * i];
          const remainingMs = counts[2 * i + 1];
          entry.sending -= amount;
          // Replies come in the order the calls went; a later one knows more.
          entry.shared = count;
          entry.reported = true;
          if (settled) return;
          for (const waiter of waiters) {
            waiter.resolve([count - amount + waiter.ordinal, remainingMs]);
          }
        });
      },
      (error: Error) => {
        clearTimeout(budget);
        for (const { entry, amount } of batch) entry.sending -= amount;
        rejectWaiting(error);
        this.onSyncError(error);
      },
    );
  }

  /** Sends what is still unsent. */
  stop(): void {
    if (this.dirty.size > 0) this.flush();
  }
}
