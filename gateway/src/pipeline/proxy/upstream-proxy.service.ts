import {
  Agent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  CLIENT_ADDRESS_HEADER,
  REQUEST_ID_HEADER,
  SERVICES,
  type ServiceName,
} from '@probedge/proto';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { EdgeCache } from '../cache/edge-cache.service';
import { ConnectionSlots, type Release } from './connection-slots';
import { upstreamUrlOf, type GatewayConfig } from '../../config/env';
import { GATEWAY_CONFIG } from '../../config/gateway-config';
import { requestIdOf, sendApiError } from '../../errors/api-error.util';

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
]);

/** Keep-alive pools of `maxSockets` connections per service. */
function agentOptions(maxSockets: number) {
  return {
    keepAlive: true,
    maxSockets,
    // As many idle sockets as busy ones: a smaller pool closes sockets after every burst above it
    // and opens new ones on the next, so keep-alive would stop working exactly under load.
    maxFreeSockets: maxSockets,
    // Lets Node honour the services' Keep-Alive hint, so an idle socket is dropped before they close it.
    timeout: 30_000,
  };
}

function pooledAgent(https: boolean, maxSockets: number): Agent {
  const options = agentOptions(maxSockets);
  return https ? new HttpsAgent(options) : new Agent(options);
}

interface Upstream {
  target: string;
  agent: Agent;
  /** As many as the pool has connections: requests beyond wait here, with a deadline. */
  slots: ConnectionSlots;
  handler: RequestHandler<IncomingMessage, ServerResponse>;
}

/** A service's whole answer to a request the gateway made itself (see UpstreamProxy.get). */
export interface UpstreamAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** Why a request the gateway made itself got no answer: the service was unreachable or too slow. */
export class UpstreamFailure extends Error {
  constructor(
    readonly service: ServiceName,
    readonly timedOut: boolean,
    /** No connection to the service came free in time: it is busy, not down. */
    readonly busy = false,
  ) {
    super(
      busy
        ? busyMessage(service)
        : timedOut
          ? `The ${service} service did not answer in time`
          : `The ${service} service is unavailable`,
    );
  }
}

function busyMessage(service: ServiceName): string {
  return `The ${service} service is busy; try again in a moment`;
}

/** Answers larger than this are not read into memory (a search answer is a few kilobytes). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** One keep-alive connection pool and proxy per service, forwarding requests the route table allows. */
@Injectable()
export class UpstreamProxy implements OnApplicationShutdown {
  private readonly logger = new Logger(UpstreamProxy.name);
  private readonly upstreams: Map<ServiceName, Upstream>;
  private readonly timedOut = new WeakSet<IncomingMessage>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly cache: EdgeCache,
  ) {
    this.upstreams = new Map(SERVICES.map((service) => [service, this.createUpstream(service)]));
  }

  /**
   * Forwards the request as it arrived: same method, target, headers and body bytes, plus the
   * visitor's address, which always replaces whatever the client sent under that name.
   */
  forward(
    service: ServiceName,
    target: string,
    req: IncomingMessage,
    res: ServerResponse,
    client: string,
  ): void {
    const upstream = this.upstreams.get(service);
    if (!upstream) throw new Error(`No upstream for ${service}`);
    req.url = target;
    req.headers[REQUEST_ID_HEADER] = requestIdOf(req, res);
    req.headers[CLIENT_ADDRESS_HEADER] = client;
    // x-forwarded-host is rebuilt from Host so a client cannot pose as another public host.
    delete req.headers['x-forwarded-host'];
    const proxy = (release: Release) => {
      res.once('close', release);
      void upstream.handler(req, res);
    };
    const now = upstream.slots.tryAcquire();
    if (now) {
      proxy(now);
      return;
    }
    void upstream.slots.acquire(this.config.UPSTREAM_QUEUE_TIMEOUT_MS).then((release) => {
      if (!release) {
        this.logger.warn({ service, requestId: requestIdOf(req, res) }, 'upstream busy');
        sendApiError(req, res, 503, busyMessage(service), { 'retry-after': '1' });
      } else if (res.destroyed || res.writableEnded) {
        // The client left while waiting.
        release();
      } else {
        proxy(release);
      }
    });
  }

  /**
   * A GET the gateway makes itself on the service's pooled connections, with the request's id and
   * the visitor's address, read whole; rejects with UpstreamFailure after UPSTREAM_TIMEOUT_MS or
   * when the service cannot be reached.
   */
  get(
    service: ServiceName,
    target: string,
    req: IncomingMessage,
    res: ServerResponse,
    client: string,
  ): Promise<UpstreamAnswer> {
    const upstream = this.upstreams.get(service);
    if (!upstream) return Promise.reject(new Error(`No upstream for ${service}`));
    return upstream.slots.acquire(this.config.UPSTREAM_QUEUE_TIMEOUT_MS).then((release) => {
      if (!release) {
        this.logger.warn({ service, requestId: requestIdOf(req, res) }, 'upstream busy');
        throw new UpstreamFailure(service, false, true);
      }
      return this.getWithSlot(upstream, service, target, req, res, client).finally(release);
    });
  }

  private getWithSlot(
    upstream: Upstream,
    service: ServiceName,
    target: string,
    req: IncomingMessage,
    res: ServerResponse,
    client: string,
  ): Promise<UpstreamAnswer> {
    const base = new URL(upstream.target);
    const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (timedOut: boolean, error?: Error) => {
        if (settled) return;
        settled = true;
        this.logger.warn(
          { service, timedOut, code: (error as { code?: string } | undefined)?.code },
          'upstream request failed',
        );
        reject(new UpstreamFailure(service, timedOut));
      };
      const outgoing = send(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          // The target byte for byte, as the proxy sends it (a URL would normalise it: "?" goes).
          path: `${base.pathname.replace(/\/$/, '')}${target}`,
          method: 'GET',
          agent: upstream.agent,
          timeout: this.config.UPSTREAM_TIMEOUT_MS,
          headers: {
            accept: 'application/json',
            [REQUEST_ID_HEADER]: requestIdOf(req, res),
            [CLIENT_ADDRESS_HEADER]: client,
          },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) answer.destroy(new Error('answer too large'));
            else chunks.push(chunk);
          });
          answer.once('error', (error) => fail(false, error));
          answer.once('end', () => {
            if (settled) return;
            settled = true;
            resolve({
              status: answer.statusCode ?? 502,
              headers: answer.headers,
              body: Buffer.concat(chunks),
            });
          });
        },
      );
      outgoing.once('timeout', () => {
        outgoing.destroy();
        fail(true);
      });
      outgoing.once('error', (error) => fail(false, error));
      outgoing.end();
    });
  }

  /** Runs after the listener has drained, so in-flight proxied requests keep their sockets. */
  onApplicationShutdown(): void {
    for (const { agent } of this.upstreams.values()) agent.destroy();
  }

  private createUpstream(service: ServiceName): Upstream {
    const target = upstreamUrlOf(this.config, service);
    const agent = pooledAgent(target.startsWith('https:'), this.config.UPSTREAM_MAX_SOCKETS);
    const handler = createProxyMiddleware<IncomingMessage, ServerResponse>({
      target,
      agent,
      changeOrigin: true,
      xfwd: true,
      // Sends req.url as the path byte for byte instead of re-escaping it through url.parse.
      toProxy: true,
      proxyTimeout: this.config.UPSTREAM_TIMEOUT_MS,
      on: {
        proxyReq: (proxyReq: ClientRequest, req: IncomingMessage) => {
          proxyReq.once('timeout', () => this.timedOut.add(req));
        },
        proxyRes: (proxyRes: IncomingMessage, req: IncomingMessage) => {
          // The public surface names no framework, whatever a service sends.
          delete proxyRes.headers['x-powered-by'];
          this.cache.offer(req, proxyRes);
        },
        error: (error, req, res) => this.onProxyError(service, error, req, res as ServerResponse),
      },
    });
    return { target, agent, handler, slots: new ConnectionSlots(this.config.UPSTREAM_MAX_SOCKETS) };
  }

  private onProxyError(
    service: ServiceName,
    error: Error & { code?: string },
    req: IncomingMessage,
    res: ServerResponse,
  ): void {
    const timedOut = this.timedOut.has(req);
    this.logger.warn(
      { service, code: error.code, timedOut, requestId: requestIdOf(req, res) },
      'upstream request failed',
    );
    if (res.headersSent) {
      // The status line already left; cutting the connection is the only honest signal left.
      res.destroy();
      return;
    }
    if (timedOut) {
      sendApiError(req, res, 504, `The ${service} service did not answer in time`);
      return;
    }
    if (error.code && !UNREACHABLE_CODES.has(error.code)) {
      this.logger.error({ service, err: error }, 'unexpected proxy error');
    }
    sendApiError(req, res, 502, `The ${service} service is unavailable`);
  }
}
