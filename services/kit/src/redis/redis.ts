import Redis, { type RedisOptions } from 'ioredis';

export interface RedisFactoryOptions {
  url: string;
  /** BullMQ needs null here: its blocking commands must not be cut off. */
  maxRetriesPerRequest?: number | null;
  /** Key prefix, e.g. to keep each test's keys apart. */
  keyPrefix?: string;
}

/**
 * Request paths fail fast while Redis is away (one reconnect attempt, then a command timeout), and the
 * client keeps reconnecting in the background so work resumes without a restart. Commands issued before
 * the first connection wait for it instead of failing.
 */
export function createRedis(options: RedisFactoryOptions): Redis {
  const forQueues = options.maxRetriesPerRequest === null;
  const redisOptions: RedisOptions = {
    enableOfflineQueue: true,
    maxRetriesPerRequest:
      options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
    // Blocking queue commands wait on purpose; everything else gives up rather than hang a request.
    commandTimeout: forQueues ? undefined : 2000,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    // disconnect() is the hard stop (quit() the graceful one). ioredis then waits this long for the
    // socket's close before destroying it; when the socket had closed already (Redis away), its
    // timer simply runs out, and at the default 2 s it kept a closing process alive that long.
    disconnectTimeout: 250,
    keyPrefix: options.keyPrefix,
  };
  const client = new Redis(options.url, redisOptions);
  // Connection errors are reported through readiness; an unhandled 'error' event would crash the process.
  client.on('error', () => undefined);
  return client;
}

/**
 * Whether the client has lost its connection and not yet got it back. A command sent now would
 * wait for a reconnect or its timeout; a caller that can do without Redis skips it instead. While
 * the first connection is being made, commands wait for it (see createRedis), so that is not away.
 */
export function isRedisAway(client: Redis): boolean {
  const { status } = client;
  return status === 'reconnecting' || status === 'close' || status === 'end';
}

export async function pingRedis(client: Redis): Promise<void> {
  const answer = await client.ping();
  if (answer !== 'PONG') throw new Error(`unexpected PING answer ${answer}`);
}
