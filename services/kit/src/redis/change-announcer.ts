import type { CacheInvalidation, ServiceName } from '@probedge/proto';
import type Redis from 'ioredis';
import { createRedis } from './redis';

/**
 * Tells the shared caches in front of a service (every gateway replica's response cache) that its
 * public answers changed, on the Redis channel they listen to; they drop what they hold from it.
 */
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
    const message: CacheInvalidation = { service: this.service, reason };
    await this.redis.publish(this.channel, JSON.stringify(message));
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
