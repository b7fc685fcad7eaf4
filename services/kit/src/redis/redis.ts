import Redis, { type RedisOptions } from 'ioredis';

export interface RedisFactoryOptions {
  url: string;
  /** BullMQ needs null here: its blocking commands must not be cut off. */
  maxRetriesPerRequest?: number | null;
  /** Key prefix, e.g. to keep each test's keys apart. */
  keyPrefix?: string;
}

/**
 * Request paths fail fast while Redis is away (no offline queue), and the client keeps
 * reconnecting in the background so work resumes without a restart.
 */
export function createRedis(options: RedisFactoryOptions): Redis {
  const redisOptions: RedisOptions = {
    lazyConnect: false,
    enableOfflineQueue: options.maxRetriesPerRequest === null,
    maxRetriesPerRequest:
      options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    keyPrefix: options.keyPrefix,
  };
  const client = new Redis(options.url, redisOptions);
  // Connection errors are reported through readiness; an unhandled 'error' event would crash the process.
  client.on('error', () => undefined);
  return client;
}

export async function pingRedis(client: Redis): Promise<void> {
  const answer = await client.ping();
  if (answer !== 'PONG') throw new Error(`unexpected PING answer ${answer}`);
}
