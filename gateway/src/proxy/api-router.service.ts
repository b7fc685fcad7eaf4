import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { parseByteSize } from '@probedge/kit';
import { matchRoute, routesForPath, WEBHOOK_BODY_LIMIT } from '@probedge/proto';
import type { GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';
import { describeRequest, notFoundMessage, sendApiError } from '../errors/api-error.util';
import { answerPreflight, clientAddress, originAllowed, setCorsHeaders } from '../guard/cors.util';
import { RateLimitService } from '../guard/rate-limit.service';
import { refusalFor, type BodyLimit } from '../guard/request-policy.util';
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

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly proxy: UpstreamProxy,
    private readonly limits: RateLimitService,
  ) {
    const bodyLimit = parseByteSize(config.BODY_LIMIT);
    this.allowedOrigins = new Set([
      new URL(config.PUBLIC_URL).origin,
      ...config.CORS_ALLOWED_ORIGINS,
    ]);
    this.bodyLimit = (pathname) =>
      pathname === WEBHOOK_PATH
        ? Math.max(bodyLimit, parseByteSize(WEBHOOK_BODY_LIMIT))
        : bodyLimit;
  }

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: string,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const origin = req.headers.origin;
    const allowedOrigin =
      origin !== undefined && originAllowed(origin, req.headers.host, this.allowedOrigins);
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
    if (allowedOrigin) setCorsHeaders(res, origin);
    res.setHeader('vary', 'Origin');
    const refusal = refusalFor(
      { method, pathname, headers: req.headers, originAllowed: allowedOrigin },
      this.bodyLimit,
    );
    if (refusal) {
      sendApiError(req, res, refusal.status, refusal.message);
      return;
    }
    const verdict = await this.limits.check(
      clientAddress(req, this.config.TRUSTED_PROXY_HOPS),
      method,
      pathname,
    );
    if (verdict.retryAfter !== undefined) {
      sendApiError(req, res, 429, `Too many requests; try again in ${verdict.retryAfter} s`, {
        'retry-after': String(verdict.retryAfter),
      });
      return;
    }
    // HEAD is the body-less GET every HTTP server answers; the services do so too.
    const route = matchRoute(method === 'HEAD' ? 'GET' : method, pathname);
    // http-proxy joins paths with a helper that turns "http:/" into "http://"; no route needs one.
    if (route && /https?:\//.test(pathname)) {
      this.notFound(req, res, pathname);
      return;
    }
    if (route) {
      this.proxy.forward(route.service, `${pathname}${search}`, req, res);
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

  private notFound(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    sendApiError(req, res, 404, notFoundMessage(req.method, pathname));
  }
}
