import { CLIENT_ADDRESS_HEADER } from '@probedge/proto';

/** Fixed-window request counter per client key, kept in this process. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; returns the seconds to wait when over the limit, else undefined. */
  take(key: string): number | undefined {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.limit) return undefined;
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key);
    }
  }
}

/** What clientKey reads of a request: Express's request and Fastify's both have it. */
export interface ClientRequest {
  headers: Record<string, string | string[] | undefined>;
  socket: { remoteAddress?: string };
}

/**
 * The visitor as the gateway worked it out: the one header it always overwrites (services are
 * reachable only through it). Without it (a direct call in a test or on the pod network), the peer.
 */
export function clientKey(req: ClientRequest): string {
  const fromGateway = req.headers[CLIENT_ADDRESS_HEADER];
  const value = Array.isArray(fromGateway) ? fromGateway[0] : fromGateway;
  return value?.trim() || req.socket.remoteAddress || 'unknown';
}
