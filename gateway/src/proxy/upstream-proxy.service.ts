import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  CLIENT_ADDRESS_HEADER,
  REQUEST_ID_HEADER,
  SERVICES,
  type ServiceName,
} from '@probedge/proto';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { EdgeCache } from '../cache/edge-cache.service';
import { upstreamUrlOf, type GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';
import { requestIdOf, sendApiError } from '../errors/api-error.util';

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

const MAX_SOCKETS = 256;

const AGENT_OPTIONS = {
  keepAlive: true,
  maxSockets: MAX_SOCKETS,
  // As many idle sockets as busy ones: a smaller pool closes sockets after every burst above it
  // and opens new ones on the next, so keep-alive would stop working exactly under load.
  maxFreeSockets: MAX_SOCKETS,
  // Lets Node honour the services' Keep-Alive hint, so an idle socket is dropped before they close it.
  timeout: 30_000,
};

interface Upstream {
  agent: Agent;
  handler: RequestHandler<IncomingMessage, ServerResponse>;
}

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
    // Express trims req.url to the middleware's mount point; the service gets the full target.
    req.url = target;
    req.headers[REQUEST_ID_HEADER] = requestIdOf(req, res);
    req.headers[CLIENT_ADDRESS_HEADER] = client;
    // x-forwarded-host is rebuilt from Host so a client cannot pose as another public host.
    delete req.headers['x-forwarded-host'];
    void upstream.handler(req, res);
  }

  /** Runs after the listener has drained, so in-flight proxied requests keep their sockets. */
  onApplicationShutdown(): void {
    for (const { agent } of this.upstreams.values()) agent.destroy();
  }

  private createUpstream(service: ServiceName): Upstream {
    const target = upstreamUrlOf(this.config, service);
    const agent = target.startsWith('https:')
      ? new HttpsAgent(AGENT_OPTIONS)
      : new Agent(AGENT_OPTIONS);
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
    return { agent, handler };
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
