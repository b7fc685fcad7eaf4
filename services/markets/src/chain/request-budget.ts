import { Logger } from '@nestjs/common';
import { isRedisAway } from '@probedge/kit';
import type Redis from 'ioredis';

export interface BudgetLimits {
  perMinute: number;
  /** 0: no daily limit. */
  perDay: number;
}

/**
 * KEYS: the provider's pause key, its minute window, its day window. ARGV: the cost, the minute
 * limit, the day limit (0 for none). Answers the calls left in the minute, -1 while the provider
 * asked us to pause, -2 when the call would pass a limit (then nothing is counted).
 */
const TAKE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
local cost = tonumber(ARGV[1])
local minute = tonumber(redis.call('GET', KEYS[2]) or '0')
local day = tonumber(redis.call('GET', KEYS[3]) or '0')
if minute + cost > tonumber(ARGV[2]) then return -2 end
if tonumber(ARGV[3]) > 0 and day + cost > tonumber(ARGV[3]) then return -2 end
redis.call('INCRBY', KEYS[2], cost)
redis.call('EXPIRE', KEYS[2], 120)
redis.call('INCRBY', KEYS[3], cost)
redis.call('EXPIRE', KEYS[3], 172800)
return tonumber(ARGV[2]) - minute - cost
`;

type BudgetRedis = Redis & {
  takeBudget(keyCount: number, ...keysThenArgs: (string | number)[]): Promise<number>;
};

export type TakeResult = { ok: true; left: number } | { ok: false; reason: 'paused' | 'spent' };

/**
 * Calls a provider's plan allows, shared by every replica through Redis: a minute window, a day
 * window, and a pause the provider asked for (429 with Retry-After). While Redis is away each
 * replica counts on its own, so the plan is still respected per replica.
 */
export class RequestBudget {
  private readonly logger = new Logger(RequestBudget.name);
  private readonly redis: BudgetRedis;
  private local = { minute: '', used: 0, pausedUntil: 0 };

  constructor(
    redis: Redis,
    private readonly provider: string,
    private readonly limits: BudgetLimits,
    private readonly clock: () => number = Date.now,
  ) {
    this.redis = redis as BudgetRedis;
    if (typeof this.redis.takeBudget !== 'function') {
      redis.defineCommand('takeBudget', { lua: TAKE_SCRIPT });
    }
  }

  private keys(now: number): [string, string, string] {
    const iso = new Date(now).toISOString();
    const base = `budget:${this.provider}`;
    return [`${base}:pause`, `${base}:m:${iso.slice(0, 16)}`, `${base}:d:${iso.slice(0, 10)}`];
  }

  async take(cost: number): Promise<TakeResult> {
    const now = this.clock();
    // Known to be away: counted here at once, rather than after a wait for Redis.
    if (isRedisAway(this.redis)) return this.takeLocally(now, cost);
    try {
      const left = await this.redis.takeBudget(
        3,
        ...this.keys(now),
        cost,
        this.limits.perMinute,
        this.limits.perDay,
      );
      if (left === -1) return { ok: false, reason: 'paused' };
      if (left === -2) return { ok: false, reason: 'spent' };
      return { ok: true, left };
    } catch (error) {
      this.logger.warn(
        `${this.provider}: shared budget unreadable (${(error as Error).message}); counting locally`,
      );
      return this.takeLocally(now, cost);
    }
  }

  private takeLocally(now: number, cost: number): TakeResult {
    if (now < this.local.pausedUntil) return { ok: false, reason: 'paused' };
    const minute = new Date(now).toISOString().slice(0, 16);
    if (this.local.minute !== minute) this.local = { ...this.local, minute, used: 0 };
    if (this.local.used + cost > this.limits.perMinute) return { ok: false, reason: 'spent' };
    this.local.used += cost;
    return { ok: true, left: this.limits.perMinute - this.local.used };
  }

  /** The provider asked for a pause (Retry-After): no replica calls it until it is over. */
  async pause(ms: number): Promise<void> {
    const now = this.clock();
    this.local.pausedUntil = now + ms;
    if (isRedisAway(this.redis)) return;
    await this.redis.set(this.keys(now)[0], '1', 'PX', Math.max(1, Math.ceil(ms))).catch(() => {
      // The local pause above still holds this replica back.
    });
  }
}
