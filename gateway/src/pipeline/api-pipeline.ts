import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Metrics, requestIdOfIncoming, ROOT_LOGGER } from '@probedge/kit';
import type { Logger as PinoRoot } from 'pino';
import { REQUEST_ID_HEADER, type CompiledRoute } from '@probedge/proto';
import type { GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';
import { notFoundMessage, sendApiError } from '../errors/api-error.util';
import { writeStoredAnswer } from './cache/answer-writer';
import type { HeaderPairs } from './cache/cache-policy';
import { EdgeCache } from './cache/edge-cache.service';
import type { CachedResponse } from './cache/response-store';
import { readBody } from './body/read-body';
import { clientAddress, clientGroup } from './client/client-address';
import { ConcurrencyLimit } from './client/concurrency-limit';
import { AccessLog, type Logged } from './log/access-log';
import { RateLimitService, type LimitVerdict } from './rate-limit/rate-limit.service';
import { UpstreamProxy } from './proxy/upstream-proxy.service';
import { hasBody } from './route/body-policy';
import { answerPreflight, corsHeaders } from './route/cors';
import { RouteStep, type ErrorAnswer, type RouteDecision } from './route/route-step';
import { SECURITY_HEADERS, setHeaders } from './security-headers';
import { isApiPath, isDocsPath, parseRequestTarget } from './target/request-target';
import { searchTarget } from './target/search-target';

/** One /api request on its way through the pipeline. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  id: string;
  /**
   * The request target as it arrived, path and query (a search's `q` cleaned, see searchTarget):
   * the cache key and what is proxied.
   */
  target: string;
  pathname: string;
  corsOrigin: string | undefined;
  logged: Logged;
}

/**
 * Every /api request (but the docs) walks this pipeline once, in order: parse and check the
 * target, match the route, the client's address, its rate limit, the response cache, then the
 * proxy (or the gateway's own answer), the cache keeping a copy, and the access log and metrics.
 * It is the HTTP server's first listener; everything else (web app, docs, health, robots, sitemap)
 * goes on to Nest. A body is read whole before the request takes a connection to its service, and
 * sent on byte for byte.
 */
@Injectable()
export class ApiPipeline {
  private readonly logger = new Logger(ApiPipeline.name);
  private readonly routes: RouteStep;
  /** Each client's requests being proxied; CLIENT_MAX_CONCURRENT_REQUESTS bounds them. */
  private readonly underWay: ConcurrencyLimit;
  private readonly accessLog: AccessLog;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(SECURITY_HEADERS) private readonly securityHeaders: HeaderPairs,
    private readonly limits: RateLimitService,
    private readonly cache: EdgeCache,
    private readonly proxy: UpstreamProxy,
    metrics: Metrics,
    @Inject(ROOT_LOGGER) root: PinoRoot,
  ) {
    this.routes = new RouteStep(config);
    this.underWay = new ConcurrencyLimit(config.CLIENT_MAX_CONCURRENT_REQUESTS);
    this.accessLog = new AccessLog(metrics, root);
  }

  /** Puts the pipeline in front of the server's other listeners (Nest), which get the rest. */
  install(server: Server): void {
    const rest = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    const passOn = (req: IncomingMessage, res: ServerResponse) => {
      for (const listener of rest) listener(req, res);
    };
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.take(req, res)) passOn(req, res);
    });
  }

  /** Answers the request if it is the pipeline's; false to leave it to Nest. */
  private take(req: IncomingMessage, res: ServerResponse): boolean {
    const raw = req.url ?? '/';
    const parsed = parseRequestTarget(raw);
    if (parsed.kind === 'ok' && (!isApiPath(parsed.pathname) || isDocsPath(parsed.pathname))) {
      return false;
    }
    const id = requestIdOfIncoming(req);
    // Where the error answers and the proxy look for it.
    (req as IncomingMessage & { id?: string }).id = id;
    const pathname = parsed.kind === 'malformed' ? raw.split('?')[0]! : parsed.pathname;
    const target = parsed.kind === 'ok' ? searchTarget(pathname, parsed.search, raw) : raw;
    const exchange: Exchange = {
      req,
      res,
      id,
      target,
      pathname,
      corsOrigin: undefined,
      logged: { route: 'other' },
    };
    this.accessLog.watch(req, res, exchange.logged);
    if (parsed.kind !== 'ok') {
      // A target no route could take, on any path: nothing behind the gateway sees it.
      this.prepare(exchange);
      if (parsed.kind === 'malformed') sendApiError(req, res, 400, parsed.reason);
      else sendApiError(req, res, 404, notFoundMessage(req.method, parsed.pathname));
      return true;
    }
    try {
      this.walk(exchange);
    } catch (error) {
      this.crashed(exchange, error);
    }
    return true;
  }

  private crashed(exchange: Exchange, error: unknown): void {
    const { req, res, id } = exchange;
    this.logger.error({ err: error, requestId: id }, 'request failed in the gateway');
    if (!res.headersSent) sendApiError(req, res, 500, 'The request could not be answered');
    else res.destroy();
  }

  /**
   * The steps in order. A step that has to wait (a rate-limit count near the limit, another
   * request's fetch of the same target) continues when its answer comes; the others run straight
   * through in the turn the request arrived in.
   */
  private walk(exchange: Exchange): void {
    const { req, res, pathname } = exchange;
    exchange.corsOrigin = this.routes.allowedOriginOf(req);
    const decision = this.routes.decide(req, pathname, exchange.corsOrigin);
    if (decision.kind === 'preflight') {
      this.prepare(exchange, false);
      answerPreflight(req, res, req.headers.origin!, decision.methods);
      return;
    }
    if (decision.kind === 'refused') {
      this.fail(exchange, decision);
      return;
    }
    if (decision.kind === 'route') exchange.logged.route = decision.route.path;
    // Worked out once: the service gets it in the one header it trusts; the limits count by its
    // group (an IPv6 client holds a whole /64).
    const client = clientAddress(req, this.config.TRUSTED_PROXY_HOPS);
    const bucket = decision.kind === 'route' ? decision.route.rateBucket : undefined;
    const verdict = this.limits.check(clientGroup(client), bucket);
    if (verdict instanceof Promise) {
      verdict
        .then((answer) => this.counted(exchange, decision, client, answer))
        .catch((error: unknown) => this.crashed(exchange, error));
    } else {
      this.counted(exchange, decision, client, verdict);
    }
  }

  /** Once the rate limits have counted the request: refused, answered from the cache, or proxied. */
  private counted(
    exchange: Exchange,
    decision: Extract<RouteDecision, { kind: 'route' | 'unrouted' }>,
    client: string,
    verdict: LimitVerdict,
  ): void {
    // A client that hung up meanwhile has had its close: whatever is taken from here on for it
    // (a place in its bound, a fetch others wait for) would never be given back.
    if (exchange.res.destroyed) return;
    if (verdict.retryAfter !== undefined) {
      this.fail(exchange, {
        status: 429,
        message: `Too many requests; try again in ${verdict.retryAfter} s`,
        headers: { 'retry-after': String(verdict.retryAfter) },
      });
      return;
    }
    if (decision.kind === 'unrouted') {
      this.fail(exchange, decision);
      return;
    }
    const found = this.cache.lookup(exchange.req, exchange.res, exchange.target);
    if (!found) {
      this.forward(exchange, decision.route, client);
    } else if ('entry' in found) {
      this.answerStored(exchange, found.entry);
    } else {
      found.wait
        .then((entry) => {
          if (entry) this.answerStored(exchange, entry);
          else this.forward(exchange, decision.route, client);
        })
        .catch((error: unknown) => this.crashed(exchange, error));
    }
  }

  /** To the service, within the client's share of the gateway, once its body has arrived whole. */
  private forward(exchange: Exchange, route: CompiledRoute, client: string): void {
    const { req, res } = exchange;
    // The client may have hung up while it waited for another request's fetch (see walk).
    if (res.destroyed) return;
    const group = clientGroup(client);
    if (!this.underWay.enter(group)) {
      this.fail(exchange, {
        status: 429,
        message: 'Too many requests under way from this client; wait for one to finish',
        headers: { 'retry-after': '1' },
      });
      return;
    }
    res.once('close', () => this.underWay.leave(group));
    if (!hasBody(req.headers)) {
      this.send(exchange, route, client, null);
      return;
    }
    readBody(req, this.routes.bodyLimit(exchange.pathname))
      .then((read) => {
        // Gone: its answer has closed already, nothing to send.
        if (read.kind === 'whole') this.send(exchange, route, client, read.body);
        else if (read.kind === 'too-large') {
          // The rest of the body is not read, so the connection cannot carry another request.
          res.setHeader('connection', 'close');
          this.fail(exchange, {
            status: 413,
            message: `The request body is larger than ${read.limit} bytes`,
          });
        }
      })
      .catch((error: unknown) => this.crashed(exchange, error));
  }

  private send(
    exchange: Exchange,
    route: CompiledRoute,
    client: string,
    body: Buffer | null,
  ): void {
    const { req, res } = exchange;
    this.cache.expect(req, exchange.target, route.service, route.path);
    // Given to the proxy rather than set now: it writes them with the service's answer in one go.
    this.proxy.forward(route.service, exchange.target, req, res, {
      client,
      body,
      own: this.ownHeaders(exchange),
      webhook: route.webhook === true,
    });
  }

  private answerStored(exchange: Exchange, entry: CachedResponse): void {
    exchange.logged.cache = 'hit';
    writeStoredAnswer(exchange.req, exchange.res, entry, exchange.id, exchange.corsOrigin);
  }

  private fail(exchange: Exchange, answer: ErrorAnswer): void {
    this.prepare(exchange);
    sendApiError(exchange.req, exchange.res, answer.status, answer.message, answer.headers);
  }

  /**
   * The headers every answer the gateway writes itself or proxies starts with: security headers,
   * the request id, and CORS for an allowed origin (every API answer varies by Origin). A stored
   * answer carries them already.
   */
  private prepare(exchange: Exchange, vary = true): void {
    setHeaders(exchange.res, this.ownHeaders(exchange, vary));
  }

  /** The headers prepare() sets, as a list: the proxy writes them with a service's answer. */
  private ownHeaders(exchange: Exchange, vary = true): HeaderPairs {
    const headers: HeaderPairs[number][] = [
      ...this.securityHeaders,
      [REQUEST_ID_HEADER, exchange.id],
    ];
    if (!vary) return headers;
    if (exchange.corsOrigin !== undefined) headers.push(...corsHeaders(exchange.corsOrigin));
    headers.push(['vary', 'Origin']);
    return headers;
  }
}
