/** The backend services behind the gateway, with their default local HTTP ports. */
export const SERVICES = ['content', 'news', 'insights', 'billing', 'markets'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const DEFAULT_SERVICE_PORTS: Record<ServiceName, number> = {
  content: 4001,
  news: 4002,
  insights: 4003,
  billing: 4004,
  markets: 4005,
};

export const DEFAULT_GATEWAY_PORT = 8080;

/** Every service serves its OpenAPI document here; the gateway gathers them under /api/docs. */
export const OPENAPI_PATH = '/openapi.json';

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The visitor's address as the gateway worked it out (TRUSTED_PROXY_HOPS applied). The gateway
 * always overwrites it, so a value a client sends never reaches a service; per-client limits in the
 * services key on it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

/**
 * Redis pub/sub channel on which a service announces that its public answers changed, so shared
 * caches in front of it (the gateway's) drop what they hold from it at once.
 */
export const CACHE_INVALIDATION_CHANNEL = 'probedge:cache-invalidation';

/** The message published on CACHE_INVALIDATION_CHANNEL, as JSON. */
export interface CacheInvalidation {
  service: ServiceName;
  /** What changed, for the logs (e.g. the feeds a news ingestion wrote). */
  reason?: string;
}
