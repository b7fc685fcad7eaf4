import { ROUTES, type ServiceName } from '@probedge/proto';
import { Pool } from 'undici';
import { upstreamUrlOf, type GatewayConfig } from '../../config/env';
import { ConcurrencyLimit } from '../shared/concurrency-limit';
import { ConnectionSlots } from './connection-slots';

/** The service whose connections keep a reserve for webhook deliveries. */
const WEBHOOK_SERVICE = ROUTES.find((route) => route.webhook)?.service;

/** One service behind the gateway: its connections and who may use them. */
export interface Upstream {
  /** The service URL's path, without a trailing slash, put before every target. */
  basePath: string;
  /** The Host header the service gets: its own. */
  host: string;
  /** Keep-alive connections to the service, at most UPSTREAM_MAX_SOCKETS. */
  pool: Pool;
  /** As many as the pool has connections: requests beyond wait here, with a deadline. */
  slots: ConnectionSlots;
  /** Each client's (group's) share of those: UPSTREAM_CLIENT_SHARE at once. */
  shares: ConcurrencyLimit;
}

/** The pool, slots and shares of one service, as the configuration sets them. */
export function createUpstream(config: GatewayConfig, service: ServiceName): Upstream {
  const url = new URL(upstreamUrlOf(config, service));
  return {
    basePath: url.pathname.replace(/\/$/, ''),
    host: url.host,
    pool: new Pool(url.origin, {
      connections: config.UPSTREAM_MAX_SOCKETS,
      // HTTP/1.1 only, whatever an https service offers (undici 8 takes HTTP/2 by default): the
      // slots and shares count one request per connection, and the exchange reads and writes
      // HTTP/1.1 heads (status message, hop-by-hop headers).
      allowH2: false,
      // The services' Keep-Alive hint decides how long an idle connection is kept; without one, 30 s.
      keepAliveTimeout: 30_000,
      connectTimeout: config.UPSTREAM_TIMEOUT_MS,
      // Its deadlines for the answer's head and body take a timer per request; IdleDeadlines
      // keeps UPSTREAM_TIMEOUT_MS instead.
      headersTimeout: 0,
      bodyTimeout: 0,
    }),
    slots: new ConnectionSlots(
      config.UPSTREAM_MAX_SOCKETS,
      service === WEBHOOK_SERVICE ? config.UPSTREAM_WEBHOOK_RESERVE : 0,
    ),
    shares: new ConcurrencyLimit(config.UPSTREAM_CLIENT_SHARE),
  };
}
