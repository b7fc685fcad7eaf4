import type { ChildProcess } from 'node:child_process';
import { createRedis } from '@probedge/kit';
import { freePort, killProcess, startRedisServer } from '@probedge/kit/testing';
import type Redis from 'ioredis';
import { SharedCounts } from '../src/pipeline/rate-limit/shared-counts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WINDOW_MS = 60_000;
const SYNC_MS = 10;

const clients: Redis[] = [];
const prefix = `gateway-test-counts-${process.pid}-${Date.now()}:`;
let keys = 0;
const newKey = () => `${prefix}${(keys += 1)}`;

/**
 * A SharedCounts on a client that is already connected, so that no budget covers the connection.
 * Only the stall test is about the budget; the others get one no busy machine reaches.
 */
async function counts(
  errors: Error[] = [],
  url = REDIS_URL,
  budgetMs = 10_000,
): Promise<SharedCounts> {
  const redis = createRedis({ url });
  clients.push(redis);
  await redis.ping();
  return new SharedCounts(redis, WINDOW_MS, SYNC_MS, budgetMs, (error) => errors.push(error));
}

const reader = createRedis({ url: REDIS_URL });

afterAll(async () => {
  const written = await reader.keys(`${prefix}*`);
  if (written.length > 0) await reader.del(...written);
  for (const client of [...clients, reader]) client.disconnect();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, SYNC_MS * 5));

describe('SharedCounts', () => {
  it("gives the requests of one turn each its own place in the key's count, and the window's rest", async () => {
    const shared = await counts();
    const key = newKey();
    const answers = await Promise.all([1, 2, 3, 4].map(() => shared.exact(key, 1)));
    expect(answers.map(([count]) => count)).toEqual([1, 2, 3, 4]);
    for (const [, remainingMs] of answers) {
      expect(remainingMs).toBeGreaterThan(WINDOW_MS - 5_000);
      expect(remainingMs).toBeLessThanOrEqual(WINDOW_MS);
    }
    expect(await reader.get(key)).toBe('4');
    expect(shared.estimate(key)).toBe(5);
  });

  it('counts without waiting, sends the counts within a sync, and counts them in the next exact answer', async () => {
    const shared = await counts();
    const key = newKey();
    expect(shared.estimate(key)).toBeUndefined();
    await shared.exact(key, 1);
    for (let i = 0; i < 20; i += 1) shared.counted(key, 1);
    // Known at once, before Redis has them.
    expect(shared.estimate(key)).toBe(22);
    expect(await reader.get(key)).toBe('1');
    await tick();
    expect(await reader.get(key)).toBe('21');
    expect(await reader.pttl(key)).toBeGreaterThan(0);
    expect(shared.estimate(key)).toBe(22);
    shared.counted(key, 1);
    const [count] = await shared.exact(key, 1);
    expect(count).toBe(23);
  });

  it("counts two replicas together: each exact answer includes the other's counts sent so far", async () => {
    const [a, b] = await Promise.all([counts(), counts()]);
    const key = newKey();
    const seen: number[] = [];
    for (let i = 0; i < 6; i += 1) seen.push((await (i % 2 ? b : a).exact(key, 1))[0]);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    for (let i = 0; i < 5; i += 1) a.counted(key, 1);
    // b learns of a's counts once a has sent them and b has asked again.
    expect(b.estimate(key)).toBe(7);
    await tick();
    expect((await b.exact(key, 1))[0]).toBe(12);
    expect(b.estimate(key)).toBe(13);
  });

  it('forgets the keys of a window once the next one has begun', async () => {
    const shared = await counts();
    const [old, current] = [newKey(), newKey()];
    await shared.exact(old, 1);
    expect(shared.estimate(old)).toBe(2);
    await shared.exact(current, 2);
    expect(shared.estimate(old)).toBeUndefined();
    expect(shared.estimate(current)).toBe(2);
  });

  describe('with a Redis of its own that stalls, then stops', () => {
    let server: ChildProcess;
    let url: string;

    beforeAll(async () => {
      const port = await freePort();
      server = await startRedisServer(port);
      url = `redis://127.0.0.1:${port}`;
    });
    afterAll(async () => {
      for (const client of clients.splice(0)) client.disconnect();
      await killProcess(server);
      // A client whose server has gone keeps a 2 s timer from disconnect() (connectTimeout).
      await new Promise((resolve) => setTimeout(resolve, 2_100));
    });

    it('gives up on an exact count after the budget; the late answer still counts', async () => {
      const errors: Error[] = [];
      // The pause outlasts the budget by a second and ends before the client's own command
      // timeout (2 s), after which the call would fail rather than answer late.
      const shared = await counts(errors, url, 500);
      const key = newKey();
      // The first count goes without a deadline: only the one during the pause is about the budget.
      shared.counted(key, 1);
      await waitFor(() => shared.estimate(key) === 2);
      const stall = createRedis({ url });
      clients.push(stall);
      await stall.call('CLIENT', 'PAUSE', '1500', 'ALL');
      await expect(shared.exact(key, 1)).rejects.toThrow('no answer within 500 ms');
      // The late answer still counts: Redis has both requests, and so does this replica.
      await waitFor(() => shared.estimate(key) === 3 && errors.length === 0);
      expect(await stall.get(key)).toBe('2');
      await new Promise((resolve) => setTimeout(resolve, SYNC_MS * 5));
      expect(shared.estimate(key)).toBe(3);
      expect(errors).toEqual([]);
    });

    it('reports counts that could not be sent, and leaves its knowledge as it was', async () => {
      const errors: Error[] = [];
      const shared = await counts(errors, url, 500);
      const key = newKey();
      await shared.exact(key, 1);
      await killProcess(server);
      shared.counted(key, 1);
      await waitFor(() => errors.length > 0);
      expect(shared.estimate(key)).toBe(2);
    });
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 100 && !condition(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(condition()).toBe(true);
}
