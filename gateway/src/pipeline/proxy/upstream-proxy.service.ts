import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { HeaderPairs } from '@probedge/kit';
import {
  CLIENT_ADDRESS_HEADER,
  REQUEST_ID_HEADER,
  SERVICES,
  type ServiceName,
} from '@probedge/proto';
import type { Dispatcher } from 'undici';
import type { GatewayConfig } from '../../config/env';
import { GATEWAY_CONFIG } from '../../config/gateway-config';
import { requestIdOf, sendApiError } from '../../errors/api-error.util';
import { setHeaders } from '../security-headers';
import type { AnswerTap } from '../shared/answer-tap';
import type { Release } from './connection-slots';
import { forwardedHeaders } from './forwarded-headers';
import { IdleDeadlines } from './idle-deadlines';
import { ProxiedExchange } from './proxied-exchange';
import { answerProxyFailure } from './proxy-failure';
import { createUpstream, type Upstream } from './upstreams';

/** One request as the pipeline hands it to the proxy. */
export interface Outbound {
  /** The visitor's address, sent to the service in CLIENT_ADDRESS_HEADER. */
  client: string;
  /** Its group (an IPv6 client holds a whole /64): the shares count by it. */
  group: string;
  /** The whole body (read before a connection is taken), or null for none. */
  body: Buffer | null;
  /** The gateway's own headers; the service's of the same name take their place. */
  own: HeaderPairs;
  /** A Stripe webhook delivery: it may take billing's reserved connections. */
  webhook: boolean;
  /** Shown the service's answer, to keep a copy (the response cache), or undefined. */
  tap: AnswerTap | undefined;
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

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.upstreams = new Map(SERVICES.map((service) => [service, createUpstream(config, service)]));
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
    const { client, group, own, webhook } = outbound;
    req.headers[REQUEST_ID_HEADER] = requestIdOf(req, res);
    req.headers[CLIENT_ADDRESS_HEADER] = client;
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

  /**
   * One proxied exchange on the service's pooled keep-alive connections: the request's method,
   * target and body bytes as they arrived, its headers as forwardedHeaders makes them; the answer
   * as ProxiedExchange passes it back.
   */
  private send(
    service: ServiceName,
    upstream: Upstream,
    target: string,
    req: IncomingMessage,
    res: ServerResponse,
    { own, body, tap }: Outbound,
  ): void {
    const exchange = new ProxiedExchange(res, own, tap, this.deadlines, (error) => {
      setHeaders(res, own);
      answerProxyFailure(this.logger, service, error, req, res);
    });
    upstream.pool.dispatch(
      {
        // The target byte for byte (a URL would normalise it).
        path: `${upstream.basePath}${target}`,
        method: req.method as Dispatcher.HttpMethod,
        // With a body read whole, the pool writes its Content-Length (a chunked one had none).
        headers: forwardedHeaders(req, upstream.host),
        body,
      },
      exchange,
    );
  }
}
