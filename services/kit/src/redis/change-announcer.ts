import { SERVICES, type CacheInvalidation, type ServiceName } from '@probedge/proto';
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

export interface ChangeListener {
  /** Called with the service that announced a change and why. */
  onChange(service: ServiceName, reason: string | undefined): void;
  /**
   * Called on every (re)connection: announcements may have been missed while away, so whatever
   * was held from before cannot be trusted.
   */
  onConnect(): void;
  /** An announcement that could not be read. */
  onUnreadable?(message: string): void;
  /** The subscription failed: changes go unseen until the next connection. */
  onSubscribeFailed?(error: Error): void;
}

/**
 * Listens to the announcements publishChange makes, on a connection of its own, (re)subscribing on
 * every connection; returns the function that stops listening.
 */
export function listenForChanges(url: string, channel: string, listener: ChangeListener) {
  const subscriber = createRedis({ url });
  subscriber.on('message', (_channel: string, message: string) => {
    let announced: Partial<CacheInvalidation>;
    try {
      announced = JSON.parse(message) as Partial<CacheInvalidation>;
    } catch {
      listener.onUnreadable?.(message);
      return;
    }
    const service = SERVICES.find((name) => name === announced.service);
    if (service) listener.onChange(service, announced.reason);
    else listener.onUnreadable?.(message);
  });
  subscriber.on('ready', () => {
    listener.onConnect();
    subscriber.subscribe(channel).catch((error: Error) => listener.onSubscribeFailed?.(error));
  });
  return (): void => subscriber.disconnect();
}

/**
 * For a replica's in-memory copies of one service's answers: `drop` runs whenever that service
 * announces a change, and on every (re)connection, since announcements may have been missed while
 * away. Returns the function that stops listening.
 */
export function dropOnChanges(
  url: string,
  channel: string,
  service: ServiceName,
  drop: () => void,
): () => void {
  return listenForChanges(url, channel, {
    onChange: (announced) => {
      if (announced === service) drop();
    },
    onConnect: drop,
  });
}
