import type { CacheInvalidation, ServiceName } from '@probedge/proto';
import type Redis from 'ioredis';
import { createRedis } from './redis';

/** Anything that can PUBLISH: a Redis client, or a pipeline or transaction to send with others. */
export interface Publisher {
  publish(channel: string, message: string): unknown;
}

/**
 * Tells the shared caches in front of a service (every gateway replica's response cache) that its
 * public answers changed, on the Redis channel they listen to; they drop what they hold from it.
 */
export function publishChange(
  publisher: Publisher,
  channel: string,
  service: ServiceName,
  reason: string,
): unknown {
  const message: CacheInvalidation = { service, reason };
  return publisher.publish(channel, JSON.stringify(message));
}

/** publishChange over a connection of its own, for a process that has no other plain client. */
export class ChangeAnnouncer {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly service: ServiceName,
  ) {
    this.redis = createRedis({ url });
  }

  async announce(reason: string): Promise<void> {
    await publishChange(this.redis, this.channel, this.service, reason);
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
