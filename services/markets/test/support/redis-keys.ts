import Redis from 'ioredis';

/** The machine's Redis, shared with other suites: tests use keys under a prefix of their own. */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** A prefix no other run uses, e.g. `markets-chain-spec-1a2b3c4d:`. */
export function uniquePrefix(label: string): string {
  return `${label}-${Math.random().toString(16).slice(2, 10)}:`;
}

/**
 * Deletes every key under `prefix` (and nothing else) on the shared Redis, with a connection of its
 * own, so a closed app or client leaves nothing behind.
 */
export async function deleteKeysUnder(prefix: string): Promise<number> {
  // Never a pattern that could reach another suite's or another service's keys.
  if (prefix.length < 8 || /[*?[\]\\]/.test(prefix)) {
    throw new Error(`refusing to delete keys under the prefix ${JSON.stringify(prefix)}`);
  }
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
