import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Metrics, requestIdOfIncoming, ROOT_LOGGER, type HeaderPairs } from '@probedge/kit';
import type { Logger as PinoRoot } from 'pino';
import { REQUEST_ID_HEADER, type CompiledRoute } from '@probedge/proto';
import type { GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';
import { notFoundMessage, sendApiError } from '../errors/api-error.util';
import { writeStoredAnswer } from './cache/answer-writer';
import { EdgeCache, type CacheVerdict } from './cache/edge-cache.service';
import type { CachedResponse } from './cache/response-store';
import { readBody, type BodyRead } from './body/read-body';
import { clientAddress, clientGroup } from './client/client-address';
import { AccessLog, type Logged } from './log/access-log';
import { RateLimitService, type LimitVerdict } from './rate-limit/rate-limit.service';
import { UpstreamProxy } from './proxy/upstream-proxy.service';
import { hasBody } from './route/body-policy';
import { answerPreflight, corsHeaders } from './route/cors';
import { RouteStep, type ErrorAnswer } from './route/route-step';
import { SECURITY_HEADERS, setHeaders } from './security-headers';
import type { AnswerTap } from './shared/answer-tap';
import { ConcurrencyLimit } from './shared/concurrency-limit';
import { isApiPath, isDocsPath, parseRequestTarget } from './target/request-target';
import { searchTarget } from './target/search-target';

/** One /api request on its way through the pipeline; each step reads it and fills in its part. */
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
  /** The route-table route it takes; undefined for a path or method no route takes. */
  route: CompiledRoute | undefined;
  /** Why no route takes it, answered once the request has been counted. */
  unrouted: ErrorAnswer | undefined;
  /** The visitor's address, and its group (an IPv6 client holds a whole /64), which limits count by. */
  client: string;
  group: string;
  /** Shown the service's answer when the cache may keep it. */
  tap: AnswerTap | undefined;
  /** The whole body, or null for none. */
  body: Buffer | null;
}

/** What a step did: the request goes on to the next step, or it has been answered (or is gone). */
type Outcome = 'next' | 'done';

/** One step of the pipeline: it decides at once, or when what it waits for has come. */
type Step = (exchange: Exchange) => Outcome | Promise<Outcome>;

/**
 * Every /api request (but the docs) walks this pipeline once, in order: parse and check the
 * target (before the steps), then the steps: match the route, count the client's rate limit,
 * refuse what no route takes, ask the response cache, admit within the client's share of the
 * gateway, read the body, and proxy (the cache's tap keeping a copy). The access log and metrics
 * watch the answer. It is the HTTP server's first listener; everything else (web app, docs,
 * health, robots, sitemap) goes on to Nest. A body is read whole before the request takes a
 * connection to its service, and sent on byte for byte.
 */
@Injectable()
export class ApiPipeline {
  private readonly logger = new Logger(ApiPipeline.name);
  private readonly routes: RouteStep;
  /** Each client's requests being proxied; CLIENT_MAX_CONCURRENT_REQUESTS bounds them. */
  private readonly underWay: ConcurrencyLimit;
  private readonly accessLog: AccessLog;
  /** The steps in order; a step's Promise continues the walk when it settles. */
  private readonly steps: readonly Step[] = [
    (exchange) => this.route(exchange),
    (exchange) => this.limit(exchange),
    (exchange) => this.refuseUnrouted(exchange),
    (exchange) => this.askCache(exchange),
    (exchange) => this.admit(exchange),
    (exchange) => this.readBody(exchange),
    (exchange) => this.proxyOn(exchange),
  ];

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
      route: undefined,
      unrouted: undefined,
      client: '',
      group: '',
      tap: undefined,
      body: null,
    };
    this.accessLog.watch(req, res, exchange.logged);
    if (parsed.kind !== 'ok') {
      // A target no route could take, on any path: nothing behind the gateway sees it.
      this.prepare(exchange);
      if (parsed.kind === 'malformed') sendApiError(req, res, 400, parsed.reason);
      else sendApiError(req, res, 404, notFoundMessage(req.method, parsed.pathname));
      return true;
    }
    this.walk(exchange, 0);
    return true;
  }

  /**
   * Runs the steps from `from` on. A step that has to wait (a rate-limit count near the limit,
   * another request's fetch of the same target, the body) continues the walk when its answer
   * comes; the others run straight through in the turn the request arrived in.
   */
  private walk(exchange: Exchange, from: number): void {
    try {
      for (let at = from; at < this.steps.length; at += 1) {
        const outcome = this.steps[at]!(exchange);
        if (outcome === 'done') return;
        if (outcome !== 'next') {
          outcome.then(
            (settled) => this.resume(exchange, settled, at + 1),
            (error: unknown) => this.crashed(exchange, error),
          );
          return;
        }
      }
    } catch (error) {
      this.crashed(exchange, error);
    }
  }

  private resume(exchange: Exchange, outcome: Outcome, next: number): void {
    // A client that hung up meanwhile has had its close: whatever is taken from here on for it
    // (a place in its bound, a fetch others wait for) would never be given back.
    if (outcome === 'next' && !exchange.res.destroyed) this.walk(exchange, next);
  }

  private crashed(exchange: Exchange, error: unknown): void {
    const { req, res, id } = exchange;
    this.logger.error({ err: error, requestId: id }, 'request failed in the gateway');
    if (!res.headersSent) sendApiError(req, res, 500, 'The request could not be answered');
    else res.destroy();
  }

  /** Matches the route table: a preflight or a refused request is answered here. */
  private route(exchange: Exchange): Outcome {
    const { req, res, pathname } = exchange;
    exchange.corsOrigin = this.routes.allowedOriginOf(req);
    const decision = this.routes.decide(req, pathname, exchange.corsOrigin);
    switch (decision.kind) {
      case 'preflight':
        this.prepare(exchange, false);
        answerPreflight(req, res, req.headers.origin!, decision.methods);
        return 'done';
      case 'refused':
        return this.fail(exchange, decision);
      case 'unrouted':
        exchange.unrouted = decision;
        return 'next';
      case 'route':
        exchange.route = decision.route;
        exchange.logged.route = decision.route.path;
        return 'next';
    }
  }

  /** Counts the request against its client's rate limits (and its route's bucket). */
  private limit(exchange: Exchange): Outcome | Promise<Outcome> {
    // Worked out once: the service gets it in the one header it trusts; the limits count by its
    // group (an IPv6 client holds a whole /64).
    exchange.client = clientAddress(exchange.req, this.config.TRUSTED_PROXY_HOPS);
    exchange.group = clientGroup(exchange.client);
    const verdict = this.limits.check(exchange.group, exchange.route?.rateBucket);
    if (verdict instanceof Promise)
      return verdict.then((counted) => this.limited(exchange, counted));
    return this.limited(exchange, verdict);
  }

  private limited(exchange: Exchange, verdict: LimitVerdict): Outcome {
    if (verdict.retryAfter === undefined) return 'next';
    return this.fail(exchange, {
      status: 429,
      message: `Too many requests; try again in ${verdict.retryAfter} s`,
      headers: { 'retry-after': String(verdict.retryAfter) },
    });
  }

  /** A path or method no route takes: 404 or 405, once counted like any other request. */
  private refuseUnrouted(exchange: Exchange): Outcome {
    return exchange.unrouted ? this.fail(exchange, exchange.unrouted) : 'next';
  }

  /** Answers from the response cache, or goes on with the cache's tap for the answer. */
  private askCache(exchange: Exchange): Outcome | Promise<Outcome> {
    const verdict = this.cache.lookup(exchange.req, exchange.res, exchange.target, exchange.route!);
    if (verdict.kind === 'wait')
      return verdict.outcome.then((found) => this.cached(exchange, found));
    return this.cached(exchange, verdict);
  }

  private cached(exchange: Exchange, verdict: Exclude<CacheVerdict, { kind: 'wait' }>): Outcome {
    if (verdict.kind === 'hit') return this.answerStored(exchange, verdict.entry);
    exchange.tap = verdict.tap;
    return 'next';
  }

  /** Within the client's share of the gateway: CLIENT_MAX_CONCURRENT_REQUESTS under way at once. */
  private admit(exchange: Exchange): Outcome {
    const { res, group } = exchange;
    if (!this.underWay.enter(group)) {
      return this.fail(exchange, {
        status: 429,
        message: 'Too many requests under way from this client; wait for one to finish',
        headers: { 'retry-after': '1' },
      });
    }
    res.once('close', () => this.underWay.leave(group));
    return 'next';
  }

  /** The body, read whole before the request takes a connection to its service. */
  private readBody(exchange: Exchange): Outcome | Promise<Outcome> {
    if (!hasBody(exchange.req.headers)) return 'next';
    return readBody(exchange.req, this.routes.bodyLimit(exchange.pathname)).then((read) =>
      this.bodyRead(exchange, read),
    );
  }

  private bodyRead(exchange: Exchange, read: BodyRead): Outcome {
    // Gone: its answer has closed already, nothing to send.
    if (read.kind === 'gone') return 'done';
    if (read.kind === 'whole') {
      exchange.body = read.body;
      return 'next';
    }
    // The rest of the body is not read, so the connection cannot carry another request.
    exchange.res.setHeader('connection', 'close');
    return this.fail(exchange, {
      status: 413,
      message: `The request body is larger than ${read.limit} bytes`,
    });
  }

  /** To the service; the gateway's own headers are written with its answer in one go. */
  private proxyOn(exchange: Exchange): Outcome {
    const { req, res, route } = exchange;
    this.proxy.forward(route!.service, exchange.target, req, res, {
      client: exchange.client,
      group: exchange.group,
      body: exchange.body,
      own: this.ownHeaders(exchange),
      webhook: route!.webhook === true,
      tap: exchange.tap,
    });
    return 'done';
  }

  private answerStored(exchange: Exchange, entry: CachedResponse): Outcome {
    exchange.logged.cache = 'hit';
    const cors = exchange.corsOrigin === undefined ? [] : corsHeaders(exchange.corsOrigin);
    writeStoredAnswer(exchange.req, exchange.res, entry, exchange.id, cors);
    return 'done';
  }

  private fail(exchange: Exchange, answer: ErrorAnswer): Outcome {
    this.prepare(exchange);
    sendApiError(exchange.req, exchange.res, answer.status, answer.message, answer.headers);
    return 'done';
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
