import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { parseByteSize } from '@probedge/kit';
import { matchRoute, REQUEST_ID_HEADER, routesForPath, WEBHOOK_BODY_LIMIT } from '@probedge/proto';
import { EdgeCache } from '../cache/edge-cache.service';
import type { CachedResponse } from '../cache/response-cache';
import type { GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';
import { describeRequest, notFoundMessage, sendApiError } from '../errors/api-error.util';
import { ConcurrencyLimit } from '../guard/concurrency-limit';
import { answerPreflight, clientAddress, originAllowed, setCorsHeaders } from '../guard/cors.util';
import { RateLimitService } from '../guard/rate-limit.service';
import { refusalFor, type BodyLimit } from '../guard/request-policy.util';
import { SEARCH_PATH, SearchRouter } from '../search/search-router.service';
import { UpstreamProxy } from './upstream-proxy.service';

/** Stripe's events can be large; every other body is held to BODY_LIMIT. */
const WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Routes /api requests by the route table alone: a path absent from it never reaches a service.
 * Before that: CORS for allowed origins, foreign-origin writes, body type and size, rate limits.
 */
@Injectable()
export class ApiRouter {
  private readonly allowedOrigins: ReadonlySet<string>;
  private readonly bodyLimit: BodyLimit;
  /** Each client's requests being proxied; CLIENT_MAX_CONCURRENT_REQUESTS bounds them. */
  private readonly underWay: ConcurrencyLimit;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly proxy: UpstreamProxy,
    private readonly limits: RateLimitService,
    private readonly cache: EdgeCache,
    private readonly searchRouter: SearchRouter,
  ) {
    const bodyLimit = parseByteSize(config.BODY_LIMIT);
    this.allowedOrigins = new Set([
      new URL(config.PUBLIC_URL).origin,
      ...config.CORS_ALLOWED_ORIGINS,
    ]);
    const webhookLimit = Math.max(bodyLimit, parseByteSize(WEBHOOK_BODY_LIMIT));
    this.underWay = new ConcurrencyLimit(config.CLIENT_MAX_CONCURRENT_REQUESTS);
    this.bodyLimit = (pathname) => (pathname === WEBHOOK_PATH ? webhookLimit : bodyLimit);
  }

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: string,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const origin = req.headers.origin;
    const corsOrigin = this.allowedOriginOf(req);
    const allowedOrigin = corsOrigin !== undefined;
    if (
      method === 'OPTIONS' &&
      origin !== undefined &&
      req.headers['access-control-request-method']
    ) {
      const methods = [...new Set(routesForPath(pathname).map((route) => route.method))];
      if (!allowedOrigin) {
        sendApiError(
          req,
          res,
          403,
          `Cross-origin requests from ${origin.slice(0, 100)} are not allowed`,
        );
      } else if (methods.length === 0) {
        this.notFound(req, res, pathname);
      } else {
        answerPreflight(req, res, origin, methods);
      }
      return;
    }
    this.crossOrigin(res, corsOrigin);
    // HEAD is the body-less GET every HTTP server answers; the services do so too.
    const route = matchRoute(method === 'HEAD' ? 'GET' : method, pathname);
    const refusal = refusalFor(
      {
        method,
        pathname,
        headers: req.headers,
        originAllowed: allowedOrigin,
        formBody: route?.formBody === true,
        multipartBody: route?.multipartBody === true,
      },
      this.bodyLimit,
    );
    if (refusal) {
      sendApiError(req, res, refusal.status, refusal.message);
      return;
    }
    // Worked out once: the rate limits count it, and the service gets it in the one header it trusts.
    const client = clientAddress(req, this.config.TRUSTED_PROXY_HOPS);
    if (!(await this.admit(req, res, client, method, pathname))) return;
    // http-proxy joins paths with a helper that turns "http:/" into "http://"; no route needs one.
    if (route && /https?:\//.test(pathname)) {
      this.notFound(req, res, pathname);
      return;
    }
    if (route && !this.underWay.enter(client)) {
      sendApiError(
        req,
        res,
        429,
        'Too many requests under way from this client; wait for one to finish',
        { 'retry-after': '1' },
      );
      return;
    }
    if (route) res.once('close', () => this.underWay.leave(client));
    if (route?.path === SEARCH_PATH) {
      this.searchRouter.handle(req, res, pathname, search, client);
      return;
    }
    if (route) {
      this.cache.expect(req, route.service, route.path);
      this.proxy.forward(route.service, `${pathname}${search}`, req, res, client);
      return;
    }
    const allowed: string[] = [
      ...new Set(routesForPath(pathname).map((candidate) => candidate.method)),
    ];
    if (allowed.length === 0) {
      this.notFound(req, res, pathname);
      return;
    }
    if (allowed.includes('GET')) allowed.push('HEAD');
    sendApiError(
      req,
      res,
      405,
      `${describeRequest(method, pathname)} is not allowed; use ${allowed.join(' or ')}`,
      {
        allow: allowed.join(', '),
      },
    );
  }

  /**
   * A GET or HEAD the response cache holds a fresh answer for: the same CORS headers and rate
   * limit as any other API request, then the stored answer. The target was accepted and routed
   * when the answer was stored, and routing depends on the target alone.
   */
  async serveCached(
    req: IncomingMessage,
    res: ServerResponse,
    entry: CachedResponse,
    requestId: string,
  ): Promise<void> {
    const corsOrigin = this.allowedOriginOf(req);
    // A refusal is not a stored answer: it gets the headers any gateway answer has, then the 429.
    const client = clientAddress(req, this.config.TRUSTED_PROXY_HOPS);
    const admitted = await this.admit(req, res, client, req.method ?? 'GET', entry.route, () => {
      this.cache.setFixedHeaders(res);
      res.setHeader(REQUEST_ID_HEADER, requestId);
      this.crossOrigin(res, corsOrigin);
    });
    if (admitted) this.cache.write(req, res, entry, requestId, corsOrigin);
  }

  /** The request's Origin when it is this host, PUBLIC_URL or an allowed one. */
  private allowedOriginOf(req: IncomingMessage): string | undefined {
    const origin = req.headers.origin;
    return origin !== undefined && originAllowed(origin, req.headers.host, this.allowedOrigins)
      ? origin
      : undefined;
  }

  /** CORS headers for an allowed origin; every API answer varies by Origin. */
  private crossOrigin(res: ServerResponse, allowedOrigin: string | undefined): void {
    if (allowedOrigin !== undefined) setCorsHeaders(res, allowedOrigin);
    res.setHeader('vary', 'Origin');
  }

  /**
   * Counts the request against the client's limits; false when it was answered 429 (after
   * `beforeRefusal`, which sets what the answer still lacks).
   */
  private async admit(
    req: IncomingMessage,
    res: ServerResponse,
    client: string,
    method: string,
    pathname: string,
    beforeRefusal: () => void = () => undefined,
  ): Promise<boolean> {
    const verdict = await this.limits.check(client, method, pathname);
    if (verdict.retryAfter === undefined) return true;
    beforeRefusal();
    sendApiError(req, res, 429, `Too many requests; try again in ${verdict.retryAfter} s`, {
      'retry-after': String(verdict.retryAfter),
    });
    return false;
  }

  private notFound(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    sendApiError(req, res, 404, notFoundMessage(req.method, pathname));
  }
}
