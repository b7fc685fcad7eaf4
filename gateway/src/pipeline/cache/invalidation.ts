import { Logger } from '@nestjs/common';
import { listenForChanges } from '@probedge/kit';
import { SERVICES, type ServiceName } from '@probedge/proto';
import type { ResponseStore } from './response-store';

/**
 * Keeps the store in step with the services: each announces its changes on a Redis channel and its
 * answers are dropped at once. A generation per service marks answers still on their way when a
 * change was announced as stale. While Redis is away, the lifetime alone bounds how stale an
 * answer can be; after reconnecting, everything held is dropped (announcements may have been missed).
 */
export class Invalidation {
  private readonly logger = new Logger(Invalidation.name);
  private readonly generations = new Map<ServiceName, number>(
    SERVICES.map((service) => [service, 0]),
  );
  private stopListening?: () => void;

  constructor(private readonly store: ResponseStore) {}

  /** The service's count of changes; an answer whose count differs from its request's is stale. */
  generation(service: ServiceName): number {
    return this.generations.get(service) ?? 0;
  }

  listen(redisUrl: string, channel: string): void {
    this.stopListening = listenForChanges(redisUrl, channel, {
      onChange: (service, reason) => {
        const dropped = this.invalidate(service);
        this.logger.debug({ service, dropped, reason }, 'cache invalidated');
      },
      onConnect: () => {
        const dropped = this.invalidate(undefined);
        if (dropped > 0) this.logger.log({ dropped }, 'cache cleared after reconnecting to Redis');
      },
      onUnreadable: (message) => {
        this.logger.warn({ message: message.slice(0, 200) }, 'unreadable cache invalidation');
      },
      onSubscribeFailed: (error) => {
        this.logger.warn({ err: error.message }, 'cache invalidation channel not subscribed');
      },
    });
  }

  stop(): void {
    this.stopListening?.();
  }

  /** Drops one service's answers (or all) and marks answers in flight from it as stale. */
  invalidate(service: ServiceName | undefined): number {
    for (const name of service ? [service] : SERVICES) {
      this.generations.set(name, this.generation(name) + 1);
    }
    return this.store.drop(service);
  }
}
