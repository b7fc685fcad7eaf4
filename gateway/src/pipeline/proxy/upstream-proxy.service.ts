import {
  Agent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
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
  /** Where requests go: the service URL's parts, worked out once. */
  protocol: string;
  hostname: string;
  port: string;
  /** The service URL's path, without a trailing slash, put before every target. */
  basePath: string;
  /** The Host header the service gets: its own. */
  host: string;
  send: typeof httpRequest;
  agent: Agent;
  /** As many as the pool has connections: requests beyond wait here, with a deadline. */
  slots: ConnectionSlots;
}

/**
 * Headers of one connection or one exchange (RFC 9110 7.6.1): never forwarded either way; Node
 * writes its own for each side.
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

/** An answer this small with a known length is written in one go (one system call) once whole. */
const WRITE_WHOLE_BYTES = 64 * 1024;

function busyMessage(service: ServiceName): string {
  return `The ${service} service is busy; try again in a moment`;
}

/** One keep-alive connection pool and proxy per service, forwarding requests the route table allows. */
@Injectable()
export class UpstreamProxy implements OnApplicationShutdown {
  private readonly logger = new Logger(UpstreamProxy.name);
  private readonly upstreams: Map<ServiceName, Upstream>;

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
    req.headers[REQUEST_ID_HEADER] = requestIdOf(req, res);
    req.headers[CLIENT_ADDRESS_HEADER] = client;
    const proxy = (release: Release) => {
      res.once('close', release);
      this.send(service, upstream, target, req, res);
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

  /** Runs after the listener has drained, so in-flight proxied requests keep their sockets. */
  onApplicationShutdown(): void {
    for (const { agent } of this.upstreams.values()) agent.destroy();
  }

  private createUpstream(service: ServiceName): Upstream {
    const target = upstreamUrlOf(this.config, service);
    const url = new URL(target);
    const https = url.protocol === 'https:';
    return {
      target,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port,
      basePath: url.pathname.replace(/\/$/, ''),
      host: url.host,
      send: https ? httpsRequest : httpRequest,
      agent: pooledAgent(https, this.config.UPSTREAM_MAX_SOCKETS),
      slots: new ConnectionSlots(this.config.UPSTREAM_MAX_SOCKETS),
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
  ): void {
    const outgoing = upstream.send({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      // The target byte for byte (a URL would normalise it).
      path: `${upstream.basePath}${target}`,
      method: req.method,
      agent: upstream.agent,
      headers: this.forwardedHeaders(req, upstream.host),
    });
    let timedOut = false;
    let clientLeft = false;
    outgoing.setTimeout(this.config.UPSTREAM_TIMEOUT_MS, () => {
      timedOut = true;
      outgoing.destroy();
    });
    outgoing.once('error', (error: Error & { code?: string }) => {
      if (!clientLeft) this.onProxyError(service, error, timedOut, req, res);
    });
    // A client that leaves stops the work it asked for.
    res.once('close', () => {
      if (res.writableFinished) return;
      clientLeft = true;
      outgoing.destroy();
    });
    outgoing.once('response', (answer) => this.relay(answer, req, res));
    req.pipe(outgoing);
  }

  private forwardedHeaders(req: IncomingMessage, host: string): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
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

  /** The service's answer to the client, and to the response cache, which may keep a copy. */
  private relay(answer: IncomingMessage, req: IncomingMessage, res: ServerResponse): void {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      // The public surface names no framework, whatever a service sends.
      if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'x-powered-by') {
        headers[name] = value;
      }
    }
    const status = answer.statusCode ?? 502;
    this.cache.offer(req, answer);
    const length = Number(answer.headers['content-length']);
    if (Number.isInteger(length) && length <= WRITE_WHOLE_BYTES) {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.once('end', () => {
        if (!answer.complete) return;
        res.writeHead(status, answer.statusMessage, headers);
        res.end(Buffer.concat(chunks));
      });
    } else {
      res.writeHead(status, answer.statusMessage, headers);
      answer.pipe(res);
    }
    // Cut off mid-answer: cutting the client's connection is the only honest signal left.
    answer.once('aborted', () => res.destroy());
    answer.once('error', () => res.destroy());
  }

  private onProxyError(
    service: ServiceName,
    error: Error & { code?: string },
    timedOut: boolean,
    req: IncomingMessage,
    res: ServerResponse,
  ): void {
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
    if (error.code && !UNREACHABLE_CODES.has(error.code)) {
      this.logger.error({ service, err: error }, 'unexpected proxy error');
    }
    sendApiError(req, res, 502, `The ${service} service is unavailable`);
  }
}
