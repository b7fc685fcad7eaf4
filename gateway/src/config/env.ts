import { existsSync } from 'node:fs';
import path from 'node:path';
import { baseShape, ConfigError, env, loadConfig, sharedEnv } from '@probedge/kit';
import { DEFAULT_GATEWAY_PORT, DEFAULT_SERVICE_PORTS, type ServiceName } from '@probedge/proto';
import { z } from 'zod';

/** The base URL of a service only the gateway calls (content's and markets' are in sharedEnv). */
const upstreamUrl = (service: Exclude<ServiceName, 'content' | 'markets'>) =>
  env
    .serviceUrl(`http://127.0.0.1:${DEFAULT_SERVICE_PORTS[service]}`)
    .describe(`Base URL of the ${service} service.`);

export const gatewayShape = {
  ...baseShape,
  PORT: sharedEnv.PORT(DEFAULT_GATEWAY_PORT),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .meta({
      description:
        "Operators' port, never published, serving `/metrics` and `/readyz` with each service's readiness; unset, `/metrics` stays on `PORT` (the local stack).",
      examples: [9464],
    }),
  CONTENT_URL: sharedEnv.CONTENT_URL(),
  NEWS_URL: upstreamUrl('news'),
  INSIGHTS_URL: upstreamUrl('insights'),
  BILLING_URL: upstreamUrl('billing'),
  MARKETS_URL: sharedEnv.MARKETS_URL(),
  UPSTREAM_TIMEOUT_MS: env
    .positiveInt(10_000)
    .describe(
      'Silence allowed from a service once it has the whole request, and between parts of its answer (504 beyond).',
    ),
  UPSTREAM_MAX_SOCKETS: env
    .positiveInt(256)
    .describe('Keep-alive connections per service; requests beyond wait for a free one.'),
  UPSTREAM_QUEUE_TIMEOUT_MS: env
    .positiveInt(5_000)
    .describe(
      'Longest wait for a free connection to a service (503 with Retry-After beyond), instead of queueing behind slow requests.',
    ),
  UPSTREAM_CLIENT_SHARE: env
    .positiveInt(32)
    .describe(
      'Requests one client (IPv6: one /64) may have with one service at once (429 beyond), well below `UPSTREAM_MAX_SOCKETS`.',
    ),
  UPSTREAM_WEBHOOK_RESERVE: env
    .integer(8, { min: 0 })
    .describe(
      "Billing connections only Stripe's webhook deliveries may take; below `UPSTREAM_MAX_SOCKETS`.",
    ),
  CLIENT_MAX_CONCURRENT_REQUESTS: env
    .positiveInt(64)
    .describe('API requests one client (IPv6: one /64) may have under way at once (429 beyond).'),
  CLIENT_REQUEST_TIMEOUT_MS: env
    .positiveInt(15_000)
    .describe(
      'Time a client has to send a whole request, headers and body (408 and the connection closed beyond).',
    ),
  WEB_DIST_DIR: z
    .string()
    .optional()
    .meta({
      description:
        'Web build (with `index.html`) served with SPA fallback; unset, `web/dist` when built, else the API only.',
      examples: ['web/dist'],
    }),
  PUBLIC_URL: sharedEnv.PUBLIC_URL(),
  /** Rate-limit counters shared by every gateway replica. */
  REDIS_URL: sharedEnv.REDIS_URL(),
  RATE_LIMIT_PREFIX: z
    .string()
    .default('ratelimit:')
    .describe('Redis key prefix of the rate-limit counters.'),
  RATE_LIMIT_WINDOW_SECONDS: env.positiveInt(60).describe('Window of the rate limits.'),
  RATE_LIMIT_GENERAL: env
    .positiveInt(600)
    .describe('Requests per client and window over all of `/api` (429 with Retry-After beyond).'),
  RATE_LIMIT_GENERATE: env
    .positiveInt(10)
    .describe('Analysis and opinion generation requests (POST) per client and window.'),
  RATE_LIMIT_CHECKOUT: env
    .positiveInt(10)
    .describe('Checkout sessions created (POST) per client and window.'),
  RATE_LIMIT_ACTIVATION: env
    .positiveInt(20)
    .describe('Subscription activations (POST) per client and window.'),
  RATE_LIMIT_NEWSLETTER: env
    .positiveInt(5)
    .describe('Newsletter sign-ups (POST) per client and window.'),
  RATE_LIMIT_SIGN_IN: env
    .positiveInt(10)
    .describe(
      'Member sign-in requests and confirmations per client and window (billing also limits per address).',
    ),
  RATE_LIMIT_SEARCH: env
    .positiveInt(60)
    .describe('Searches (`GET /api/search`) per client and window, cached answers included.'),
  GATEWAY_CACHE_MAX_SECONDS: env
    .integer(30, { min: 0, max: 3600 })
    .describe(
      'Longest the gateway keeps a public GET answer a service marked shareable (s-maxage); 0 turns the response cache off.',
    ),
  GATEWAY_CACHE_MAX_ENTRIES: env
    .positiveInt(1000)
    .describe('Answers the response cache holds at most; the least recently used go first.'),
  GATEWAY_CACHE_MAX_BYTES: env
    .byteSize('16mb')
    .describe('Total body size the response cache holds at most.'),
  CACHE_INVALIDATION_CHANNEL: env.cacheInvalidationChannel(),
  TRUSTED_PROXY_HOPS: env
    .integer(0, { min: 0, max: 5 })
    .describe(
      'Proxies in front of the gateway (ingress, load balancer) whose X-Forwarded-For entry names the client; 0 where visitors reach it directly.',
    ),
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
    })
    .meta({
      description:
        "Other origins (comma-separated) allowed to call the API from a browser, besides `PUBLIC_URL`'s; never `*`.",
      examples: ['https://partner.example'],
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
