import { randomBytes } from 'node:crypto';
import {
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { freePort } from '@probedge/kit/testing';
import { SERVICES, type ServiceName } from '@probedge/proto';
import Redis from 'ioredis';
import {
  createGatewayApp,
  operatorViews,
  serveOperatorPort,
} from '../../src/bootstrap/gateway-app';
import { loadGatewayConfig, type GatewayConfig } from '../../src/config/env';
import { FakeUpstream } from './upstream';

export interface RunningGateway {
  app: NestExpressApplication;
  url: string;
  config: GatewayConfig;
  close(): Promise<void>;
}

export async function startGateway(
  overrides: Partial<GatewayConfig> = {},
): Promise<RunningGateway> {
  const config: GatewayConfig = {
    ...loadGatewayConfig({ LOG_LEVEL: 'silent' }),
    WEB_DIST_DIR: undefined,
    // Each gateway counts apart in the shared Redis, and only the rate-limit tests hit limits.
    RATE_LIMIT_PREFIX: `gateway-test-${randomBytes(4).toString('hex')}:`,
    // Nobody else's announcements reach this gateway's response cache.
    CACHE_INVALIDATION_CHANNEL: `gateway-test-${randomBytes(4).toString('hex')}`,
    RATE_LIMIT_GENERAL: 1_000_000,
    RATE_LIMIT_GENERATE: 1_000_000,
    RATE_LIMIT_CHECKOUT: 1_000_000,
    RATE_LIMIT_ACTIVATION: 1_000_000,
    RATE_LIMIT_NEWSLETTER: 1_000_000,
    RATE_LIMIT_SIGN_IN: 1_000_000,
    RATE_LIMIT_SEARCH: 1_000_000,
    ...overrides,
  };
  const app = await createGatewayApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  await untilCacheListens(config);
  return { app, url: `http://127.0.0.1:${port}`, config, close: () => app.close() };
}

/**
 * Waits for the response cache's subscription to its invalidation channel. On connecting, the cache
 * drops what it holds (announcements may have been missed before), so an answer cached before
 * that would be fetched again: a test counting upstream fetches starts once it is in place. A
 * gateway whose Redis does not answer (the outage tests) has nothing to wait for.
 */
async function untilCacheListens(config: GatewayConfig): Promise<void> {
  if (config.GATEWAY_CACHE_MAX_SECONDS <= 0) return;
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch {
    return;
  }
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [, listeners] = (await redis.pubsub('NUMSUB', config.CACHE_INVALIDATION_CHANNEL)) as [
        string,
        number,
      ];
      if (Number(listeners) > 0) return;
      if (Date.now() > deadline) throw new Error('the gateway never subscribed to its channel');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    redis.disconnect();
  }
}

export type Upstreams = Record<ServiceName, FakeUpstream>;

export async function startUpstreams(): Promise<Upstreams> {
  const started = await Promise.all(SERVICES.map((name) => new FakeUpstream(name).start()));
  return Object.fromEntries(started.map((upstream) => [upstream.name, upstream])) as Upstreams;
}

export function upstreamUrls(upstreams: Upstreams): Partial<GatewayConfig> {
  return {
    CONTENT_URL: upstreams.content.url,
    NEWS_URL: upstreams.news.url,
    INSIGHTS_URL: upstreams.insights.url,
    BILLING_URL: upstreams.billing.url,
    MARKETS_URL: upstreams.markets.url,
  };
}

export async function stopUpstreams(upstreams: Upstreams): Promise<void> {
  await Promise.all(Object.values(upstreams).map((upstream) => upstream.stop()));
}

/** How many requests the upstreams have received between them. */
export function requestsReceived(upstreams: Upstreams): number {
  return Object.values(upstreams).reduce((sum, upstream) => sum + upstream.received.length, 0);
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface RawRequestOptions {
  method?: string;
  headers?: Record<string, string | string[]>;
  body?: Buffer | string;
  /** The loopback address to send from (any of 127.0.0.0/8), so one test plays many clients. */
  localAddress?: string;
}

/** A body is sent as JSON unless the test names another type (the gateway refuses non-JSON). */
function withJsonType(options: RawRequestOptions): RawRequestOptions['headers'] {
  if (options.body === undefined) return options.headers;
  const named = Object.keys(options.headers ?? {}).some(
    (name) => name.toLowerCase() === 'content-type',
  );
  return named ? options.headers : { 'content-type': 'application/json', ...options.headers };
}

/**
 * Sends the request target exactly as written: fetch and supertest would normalise
 * "/api/../openapi.json" before it ever left the client.
 */
export function send(
  baseUrl: string,
  target: string,
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        path: target,
        method: options.method ?? 'GET',
        headers: withJsonType(options),
        agent: false,
        localAddress: options.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text,
            json: () => JSON.parse(text),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A webhook delivered as Stripe sends one: raw bytes with their length and signature. */
export function deliverWebhook(
  baseUrl: string,
  body: Buffer,
  signature: string,
): Promise<RawResponse> {
  return send(baseUrl, '/api/stripe/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
      'stripe-signature': signature,
    },
    body,
  });
}

/**
 * A POST whose body the test writes itself (slowly, or once told to continue): `write` gets the
 * open request; resolves with the answer's status.
 */
export function postWrittenBy(
  baseUrl: string,
  target: string,
  headers: Record<string, string>,
  write: (req: ClientRequest) => void,
): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      hostname,
      port,
      path: target,
      method: 'POST',
      agent: false,
      headers,
    });
    req.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    write(req);
  });
}

export interface UpstreamsFixture {
  upstreams: Upstreams;
  /**
   * A gateway in front of these upstreams (`overrides` on top of their URLs). It is closed with them
   * at the end of the block unless the test closes it before.
   */
  startGateway(overrides?: Partial<GatewayConfig>): Promise<RunningGateway>;
}

/** Fake upstreams for every service, for the enclosing describe block, and gateways in front of them. */
export function useUpstreams(): UpstreamsFixture {
  const open = new Set<RunningGateway>();
  const fixture: UpstreamsFixture = {
    upstreams: {} as Upstreams,
    startGateway: async (overrides = {}) => {
      const gateway = await startGateway({ ...upstreamUrls(fixture.upstreams), ...overrides });
      open.add(gateway);
      return {
        ...gateway,
        close: async () => {
          open.delete(gateway);
          await gateway.close();
        },
      };
    },
  };
  beforeAll(async () => {
    fixture.upstreams = await startUpstreams();
  });
  afterAll(async () => {
    await Promise.all([...open].map((gateway) => gateway.close()));
    open.clear();
    if (fixture.upstreams.news) await stopUpstreams(fixture.upstreams);
  });
  return fixture;
}

export interface GatewayFixture extends UpstreamsFixture {
  gateway: RunningGateway;
}

/**
 * Fake upstreams for every service and a gateway in front of them, for the enclosing describe block.
 * `overrides` may be worked out once the upstreams run (their handlers set, a port taken).
 */
export function useGatewayWithUpstreams(
  overrides:
    | Partial<GatewayConfig>
    | ((upstreams: Upstreams) => Partial<GatewayConfig> | Promise<Partial<GatewayConfig>>) = {},
): GatewayFixture {
  const fixture = useUpstreams() as GatewayFixture;
  beforeAll(async () => {
    const extra = typeof overrides === 'function' ? await overrides(fixture.upstreams) : overrides;
    fixture.gateway = await fixture.startGateway(extra);
  });
  return fixture;
}

/**
 * The operators' views (/metrics, /readyz) of the block's gateway on a port of their own, as
 * METRICS_PORT serves them: on `port()` where the gateway was told one, else on a free port.
 */
export function useOperatorPort(fixture: GatewayFixture, port?: () => number): { url: string } {
  const served = { url: '' };
  let server: Server | undefined;
  beforeAll(async () => {
    const chosen = port ? port() : await freePort();
    server = await serveOperatorPort(operatorViews(fixture.gateway.app), chosen, '127.0.0.1');
    served.url = `http://127.0.0.1:${chosen}`;
  });
  afterAll(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );
  return served;
}
