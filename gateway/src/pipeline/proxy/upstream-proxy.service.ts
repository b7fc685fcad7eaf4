import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  CLIENT_ADDRESS_HEADER,
  ROUTES,
  REQUEST_ID_HEADER,
  SERVICES,
  type ServiceName,
} from '@probedge/proto';
import { Pool, type Dispatcher } from 'undici';
import { EdgeCache, type AnswerCopy } from '../cache/edge-cache.service';
import { ConcurrencyLimit } from '../client/concurrency-limit';
import { clientGroup } from '../client/client-address';
import { ConnectionSlots, type Release } from './connection-slots';
import { IdleDeadlines, type Watched } from './idle-deadlines';
import { upstreamUrlOf, type GatewayConfig } from '../../config/env';
import { GATEWAY_CONFIG } from '../../config/gateway-config';
import { requestIdOf, sendApiError } from '../../errors/api-error.util';
import type { HeaderPairs } from '../cache/cache-policy';
import { setHeaders } from '../security-headers';

/** Errors of a service that cannot be reached or dropped the connection: a 502, nothing unusual. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  // The connection closed under the request (the service stopped or restarted).
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Deadlines: connecting (the pool's), and silence from the service once it has the request (ours). */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UPSTREAM_IDLE_TIMEOUT']);

interface Upstream {
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

/** One request as the pipeline hands it to the proxy. */
export interface Outbound {
  /** The visitor's address, sent to the service in CLIENT_ADDRESS_HEADER. */
  client: string;
  /** The whole body (read before a connection is taken), or null for none. */
  body: Buffer | null;
  /** The gateway's own headers; the service's of the same name take their place. */
  own: HeaderPairs;
  /** A Stripe webhook delivery: it may take billing's reserved connections. */
  webhook: boolean;
}

/** The service whose connections keep a reserve for webhook deliveries. */
const WEBHOOK_SERVICE = ROUTES.find((route) => route.webhook)?.service;

/**
 * Headers of one connection or one exchange (RFC 9110 7.6.1): never forwarded either way; Node
 * and the pool write their own for each side.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Request headers that stay at the gateway besides those: Host is the service's own, and
 * `Expect: 100-continue` was answered by the gateway's server already.
 */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'host', 'expect']);

/** An answer this small with a known length is written in one go (one system call) once whole. */
const WRITE_WHOLE_BYTES = 64 * 1024;

/** Why the gateway stops a request to a service: its client left. */
class ClientLeft extends Error {
  constructor() {
    super('the client closed the connection');
  }
}

/** Why the gateway stops a request to a service: UPSTREAM_TIMEOUT_MS without a sign of it. */
class ServiceSilent extends Error {
  readonly code = 'UPSTREAM_IDLE_TIMEOUT';

  constructor() {
    super('the service sent nothing within UPSTREAM_TIMEOUT_MS');
  }
}

function busyMessage(service: ServiceName): string {
  return `The ${service} service is busy; try again in a moment`;
}

/** One keep-alive connection pool and proxy per service, forwarding requests the route table allows. */
@Injectable()
export class UpstreamProxy implements OnApplicationShutdown {
  private readonly logger = new Logger(UpstreamProxy.name);
  private readonly upstreams: Map<ServiceName, Upstream>;
  private readonly deadlines: IdleDeadlines;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly cache: EdgeCache,
  ) {
    this.upstreams = new Map(SERVICES.map((service) => [service, this.createUpstream(service)]));
    this.deadlines = new IdleDeadlines(config.UPSTREAM_TIMEOUT_MS);
  }

  /**
   * Forwards the request as it arrived: same method, target, headers and body bytes, plus the
   * visitor's address, which always replaces whatever the client sent under that name. Within the
   * client's share of the service's connections (429 beyond), then a free connection, waited for
   * at most UPSTREAM_QUEUE_TIMEOUT_MS (503 after).
   */
  forward(
    service: ServiceName,
    target: string,
    req: IncomingMessage,
    res: ServerResponse,
    outbound: Outbound,
  ): void {
    const upstream = this.upstreams.get(service);
    if (!upstream) throw new Error(`No upstream for ${service}`);
    const { client, own, webhook } = outbound;
    req.headers[REQUEST_ID_HEADER] = requestIdOf(req, res);
    req.headers[CLIENT_ADDRESS_HEADER] = client;
    const group = clientGroup(client);
    // Stripe's deliveries come from a handful of addresses; they are bounded by the reserve instead.
    if (!webhook) {
      if (!upstream.shares.enter(group)) {
        this.logger.warn({ service, requestId: requestIdOf(req, res) }, 'client share used up');
        setHeaders(res, own);
        sendApiError(
          req,
          res,
          429,
          `Too many of this client's requests are with the ${service} service; wait for one to finish`,
          { 'retry-after': '1' },
        );
        return;
      }
      res.once('close', () => upstream.shares.leave(group));
    }
    const proxy = (release: Release) => {
      res.once('close', release);
      this.send(service, upstream, target, req, res, outbound);
    };
    const now = upstream.slots.tryAcquire(webhook);
    if (now) {
      proxy(now);
      return;
    }
    void upstream.slots.acquire(this.config.UPSTREAM_QUEUE_TIMEOUT_MS, webhook).then((release) => {
      if (!release) {
        this.logger.warn({ service, requestId: requestIdOf(req, res) }, 'upstream busy');
        setHeaders(res, own);
        sendApiError(req, res, 503, busyMessage(service), { 'retry-after': '1' });
      } else if (res.destroyed || res.writableEnded) {
        // The client left while waiting.
        release();
      } else {
        proxy(release);
      }
    });
  }

  /** Runs after the listener has drained, so in-flight proxied requests keep their connections. */
  async onApplicationShutdown(): Promise<void> {
    this.deadlines.stop();
    await Promise.all([...this.upstreams.values()].map(({ pool }) => pool.destroy()));
  }

  private createUpstream(service: ServiceName): Upstream {
    const url = new URL(upstreamUrlOf(this.config, service));
    return {
      basePath: url.pathname.replace(/\/$/, ''),
      host: url.host,
      pool: new Pool(url.origin, {
        connections: this.config.UPSTREAM_MAX_SOCKETS,
        // HTTP/1.1 only, whatever an https service offers (undici 8 takes HTTP/2 by default): the
        // slots and shares count one request per connection, and the exchange reads and writes
        // HTTP/1.1 heads (status message, hop-by-hop headers).
        allowH2: false,
        // The services' Keep-Alive hint decides how long an idle connection is kept; without one, 30 s.
        keepAliveTimeout: 30_000,
        connectTimeout: this.config.UPSTREAM_TIMEOUT_MS,
        // Its deadlines for the answer's head and body take a timer per request; IdleDeadlines
        // keeps UPSTREAM_TIMEOUT_MS instead.
        headersTimeout: 0,
        bodyTimeout: 0,
      }),
      slots: new ConnectionSlots(
        this.config.UPSTREAM_MAX_SOCKETS,
        service === WEBHOOK_SERVICE ? this.config.UPSTREAM_WEBHOOK_RESERVE : 0,
      ),
      shares: new ConcurrencyLimit(this.config.UPSTREAM_CLIENT_SHARE),
    };
  }

  /**
   * One proxied exchange on the service's pooled keep-alive connections: the request's method,
   * target and body bytes as they arrived, its headers but the hop-by-hop ones, Host set to the
   * service's and X-Forwarded-* rebuilt from the connection (X-Forwarded-Host from the public Host,
   * so a client cannot pose as another host); the answer's status and headers as the service sent
   * them, its body streamed, or written in one go when small.
   */
  private send(
    service: ServiceName,
    upstream: Upstream,
    target: string,
    req: IncomingMessage,
    res: ServerResponse,
    { own, body }: Outbound,
  ): void {
    const exchange = new ProxiedExchange(req, res, own, this.cache, this.deadlines, (error) => {
      setHeaders(res, own);
      this.onProxyError(service, error, req, res);
    });
    upstream.pool.dispatch(
      {
        // The target byte for byte (a URL would normalise it).
        path: `${upstream.basePath}${target}`,
        method: req.method as Dispatcher.HttpMethod,
        // With a body read whole, the pool writes its Content-Length (a chunked one had none).
        headers: this.forwardedHeaders(req, upstream.host),
        body,
      },
      exchange,
    );
  }

  private forwardedHeaders(req: IncomingMessage, host: string): IncomingHttpHeaders {
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
    }
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const append = (name: string, value: string) => {
      const before = req.headers[name];
      headers[name] = before ? `${String(before)},${value}` : value;
    };
    append('x-forwarded-for', req.socket.remoteAddress ?? '');
    const hostPort = /:(\d+)$/.exec(req.headers.host ?? '')?.[1];
    append('x-forwarded-port', hostPort ?? (encrypted ? '443' : '80'));
    append('x-forwarded-proto', encrypted ? 'https' : 'http');
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers.host = host;
    return headers;
  }

  private onProxyError(
    service: ServiceName,
    error: Error & { code?: string },
    req: IncomingMessage,
    res: ServerResponse,
  ): void {
    const timedOut = error.code !== undefined && TIMEOUT_CODES.has(error.code);
    this.logger.warn(
      { service, code: error.code, timedOut, requestId: requestIdOf(req, res) },
      'upstream request failed',
    );
    if (res.headersSent || res.destroyed) {
      // The status line already left; cutting the connection is the only honest signal left.
      res.destroy();
      return;
    }
    if (timedOut) {
      sendApiError(req, res, 504, `The ${service} service did not answer in time`);
      return;
    }
    if (!error.code || !UNREACHABLE_CODES.has(error.code)) {
      this.logger.error({ service, err: error }, 'unexpected proxy error');
    }
    sendApiError(req, res, 502, `The ${service} service is unavailable`);
  }
}

/**
 * One request to a service and its answer on the way back to the client, and to the response
 * cache, which may keep a copy: status and headers as the service sent them (but the hop-by-hop
 * ones), the body written in one go once whole when it is small and its length known, else
 * streamed as it comes, the service's connection paused while the client cannot take more. The
 * deadline runs from the start (the request is whole), and restarts with each part of the answer.
 */
class ProxiedExchange implements Dispatcher.DispatchHandler, Watched {
  quietSince = 0;
  watchSlot = -1;
  private controller: Dispatcher.DispatchController | undefined;
  /** Why the gateway stopped the request, if it did. */
  private stopped: Error | undefined;
  private answered = false;
  private status = 502;
  private statusMessage: string | undefined;
  private readonly headers: OutgoingHttpHeaders = {};
  /** The body so far, when it is written once whole. */
  private chunks: Buffer[] | undefined;
  private copy: AnswerCopy | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    /** The gateway's own headers; the service's of the same name take their place. */
    private readonly own: HeaderPairs,
    private readonly cache: EdgeCache,
    private readonly deadlines: IdleDeadlines,
    private readonly fail: (error: Error & { code?: string }) => void,
  ) {
    // A client that leaves stops the work it asked for.
    res.once('close', () => {
      if (!res.writableFinished) this.stop(new ClientLeft());
    });
    // The request is whole (its body was read first), so the service's silence counts from now.
    deadlines.watch(this);
  }

  expire(): void {
    this.stop(new ServiceSilent());
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.stopped) controller.abort(this.stopped);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    this.quietSince = Date.now();
    this.answered = true;
    this.status = status;
    this.statusMessage = statusMessage || undefined;
    for (const name in headers) {
      const value = headers[name];
      // The public surface names no framework, whatever a service sends.
      if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'x-powered-by') {
        this.headers[name] = value;
      }
    }
    this.copy = this.cache.offer(this.req, status, headers);
    const length = Number(headers['content-length']);
    if (Number.isInteger(length) && length <= WRITE_WHOLE_BYTES) {
      this.chunks = [];
      return;
    }
    this.writeHead();
    this.res.on('drain', () => controller.resume());
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.quietSince = Date.now();
    this.copy?.add(chunk);
    if (this.chunks) this.chunks.push(chunk);
    else if (!this.res.write(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.deadlines.forget(this);
    this.copy?.complete();
    if (!this.chunks) {
      this.res.end();
      return;
    }
    this.writeHead();
    this.res.end(this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks));
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.deadlines.forget(this);
    if (this.stopped instanceof ClientLeft) return;
    // Cut off mid-answer: cutting the client's connection is the only honest signal left.
    if (this.answered) this.res.destroy();
    else this.fail(error);
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    this.deadlines.forget(this);
    this.controller?.abort(reason);
  }

  /** Status and every header in one list: nothing was set on the answer before (see ApiPipeline). */
  private writeHead(): void {
    const list: (string | number | readonly string[])[] = [];
    for (const [name, value] of this.own) {
      if (this.headers[name] === undefined) list.push(name, value);
    }
    for (const name in this.headers) list.push(name, this.headers[name]!);
    const head = list as unknown as OutgoingHttpHeaders;
    if (this.statusMessage === undefined) this.res.writeHead(this.status, head);
    else this.res.writeHead(this.status, this.statusMessage, head);
  }
}
