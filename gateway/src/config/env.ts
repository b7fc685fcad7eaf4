import { existsSync } from 'node:fs';
import path from 'node:path';
import { baseShape, ConfigError, env, loadConfig } from '@probedge/kit';
import { DEFAULT_GATEWAY_PORT, DEFAULT_SERVICE_PORTS, type ServiceName } from '@probedge/proto';
import { z } from 'zod';

const upstreamUrl = (service: ServiceName) =>
  env.serviceUrl(`http://127.0.0.1:${DEFAULT_SERVICE_PORTS[service]}`);

export const gatewayShape = {
  ...baseShape,
  PORT: env.port(DEFAULT_GATEWAY_PORT),
  /**
   * The operators' port (never published): /metrics for Prometheus instead of on PORT, where
   * visitors arrive, and /readyz with each service's readiness. Unset: /metrics stays on PORT (the
   * local stack).
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  CONTENT_URL: upstreamUrl('content'),
  NEWS_URL: upstreamUrl('news'),
  INSIGHTS_URL: upstreamUrl('insights'),
  BILLING_URL: upstreamUrl('billing'),
  MARKETS_URL: upstreamUrl('markets'),
  UPSTREAM_TIMEOUT_MS: env.positiveInt(10_000),
  /** Keep-alive connections per service; requests beyond wait for one to be free. */
  UPSTREAM_MAX_SOCKETS: env.positiveInt(256),
  /**
   * How long a request may wait for a free connection to its service before it is answered 503
   * (with Retry-After), instead of queueing behind a pool that slow requests hold.
   */
  UPSTREAM_QUEUE_TIMEOUT_MS: env.positiveInt(5_000),
  /**
   * A client's (IPv6: its /64's) requests with one service at once, well below the pool: however
   * slowly a service answers, a few clients cannot hold all its connections (429 beyond).
   */
  UPSTREAM_CLIENT_SHARE: env.positiveInt(32),
  /** Billing connections only Stripe's webhook deliveries may take, so they get through a busy pool. */
  UPSTREAM_WEBHOOK_RESERVE: z.coerce.number().int().min(0).default(8),
  /**
   * API requests one client (address) may have under way at once; more get 429 until one ends, so
   * a single client cannot take the connections to a service from everyone else.
   */
  CLIENT_MAX_CONCURRENT_REQUESTS: env.positiveInt(64),
  /**
   * A client has this long to send a whole request, headers and body (408 and the connection closed
   * beyond), so slow senders cannot hold the sockets to the services.
   */
  CLIENT_REQUEST_TIMEOUT_MS: env.positiveInt(15_000),
  /** Folder of the web build (with index.html); unset means the gateway serves only the API. */
  WEB_DIST_DIR: z.string().optional(),
  PUBLIC_URL: env.url('http://localhost:8080'),
  /** Rate-limit counters shared by every gateway replica. */
  REDIS_URL: env.redisUrl('redis://127.0.0.1:6379'),
  RATE_LIMIT_PREFIX: z.string().default('ratelimit:'),
  RATE_LIMIT_WINDOW_SECONDS: env.positiveInt(60),
  /** Requests per client and window over all of /api. */
  RATE_LIMIT_GENERAL: env.positiveInt(600),
  /** Tighter limits per client and window for the expensive or sensitive calls. */
  RATE_LIMIT_GENERATE: env.positiveInt(10),
  RATE_LIMIT_CHECKOUT: env.positiveInt(10),
  RATE_LIMIT_ACTIVATION: env.positiveInt(20),
  RATE_LIMIT_NEWSLETTER: env.positiveInt(5),
  /** Sign-in link requests and confirmations per client and window (billing also limits per address). */
  RATE_LIMIT_SIGN_IN: env.positiveInt(10),
  /** Searches (GET /api/search) per client and window, cached answers included. */
  RATE_LIMIT_SEARCH: env.positiveInt(60),
  /**
   * Upper bound, in seconds, on how long the gateway keeps a public GET answer a service marked
   * shareable (Cache-Control s-maxage, or public max-age); 0 turns the response cache off.
   */
  GATEWAY_CACHE_MAX_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Most answers held at once, and their total body size; the least recently used go first. */
  GATEWAY_CACHE_MAX_ENTRIES: env.positiveInt(1000),
  GATEWAY_CACHE_MAX_BYTES: env.byteSize('16mb'),
  /** Redis pub/sub channel on which services announce changes; the same value as theirs. */
  CACHE_INVALIDATION_CHANNEL: env.cacheInvalidationChannel(),
  /** Proxies in front of the gateway (ingress, load balancer) whose X-Forwarded-For hop to trust. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /** Other origins (comma-separated) allowed to call the API from a browser; PUBLIC_URL's always is. */
  CORS_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value, context) => {
      const origins: string[] = [];
      for (const entry of value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        try {
          const url = new URL(entry);
          if (entry === '*' || url.origin === 'null') throw new Error('not an origin');
          origins.push(url.origin);
        } catch {
          context.addIssue({ code: 'custom', message: `"${entry}" is not an http(s) origin` });
        }
      }
      return origins;
    }),
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayShape>>;

/** Which variable names each service's base URL; a service added to SERVICES fails to compile here. */
const UPSTREAM_URL_KEYS = {
  content: 'CONTENT_URL',
  news: 'NEWS_URL',
  insights: 'INSIGHTS_URL',
  billing: 'BILLING_URL',
  markets: 'MARKETS_URL',
} as const satisfies Record<ServiceName, keyof GatewayConfig>;

export function upstreamUrlOf(config: GatewayConfig, service: ServiceName): string {
  return config[UPSTREAM_URL_KEYS[service]];
}

const DEFAULT_WEB_DIST_DIR = path.resolve(__dirname, '..', '..', '..', 'web', 'dist');

const hasIndexHtml = (dir: string) => existsSync(path.join(dir, 'index.html'));

export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const config = loadConfig(gatewayShape, source);
  if (config.UPSTREAM_WEBHOOK_RESERVE >= config.UPSTREAM_MAX_SOCKETS) {
    throw new ConfigError([
      `UPSTREAM_WEBHOOK_RESERVE: ${config.UPSTREAM_WEBHOOK_RESERVE} leaves none of billing's ${config.UPSTREAM_MAX_SOCKETS} connections (UPSTREAM_MAX_SOCKETS) to other requests`,
    ]);
  }
  if (config.WEB_DIST_DIR === undefined) {
    // The local stack builds the web next to the gateway; containers without it serve the API only.
    return {
      ...config,
      WEB_DIST_DIR: hasIndexHtml(DEFAULT_WEB_DIST_DIR) ? DEFAULT_WEB_DIST_DIR : undefined,
    };
  }
  const webDistDir = path.resolve(config.WEB_DIST_DIR);
  if (!hasIndexHtml(webDistDir)) {
    throw new ConfigError([`WEB_DIST_DIR: no index.html in ${webDistDir}`]);
  }
  return { ...config, WEB_DIST_DIR: webDistDir };
}
