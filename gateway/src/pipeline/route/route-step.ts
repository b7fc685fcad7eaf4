import type { IncomingMessage } from 'node:http';
import { parseByteSize } from '@probedge/kit';
import {
  matchRoute,
  ROUTES,
  routesForPath,
  WEBHOOK_BODY_LIMIT,
  type CompiledRoute,
} from '@probedge/proto';
import type { GatewayConfig } from '../../config/env';
import { describeRequest, notFoundMessage } from '../../errors/api-error.util';
import { refusalFor, type BodyLimit } from './body-policy';
import { originAllowed } from './cors';

/**
 * Stripe's events can be large, every other body is held to BODY_LIMIT; and a few of billing's
 * connections are kept for them (UPSTREAM_WEBHOOK_RESERVE).
 */
/** The payment provider's event paths (the route table's webhook routes): larger bodies. */
const WEBHOOK_PATHS = new Set(ROUTES.filter((route) => route.webhook).map((route) => route.path));

/** What the route step makes of a request. */
export type RouteDecision =
  /** A preflight from an allowed origin for a known path: answer 204 with these methods. */
  | { kind: 'preflight'; methods: string[] }
  /** A route-table route the request may take. */
  | { kind: 'route'; route: CompiledRoute }
  /** Refused before anything is counted: a foreign-origin write, a body of the wrong type or size. */
  | ({ kind: 'refused' } & ErrorAnswer)
  /** No route for this path (404) or method (405): answered once the request has been counted. */
  | ({ kind: 'unrouted' } & ErrorAnswer);

export interface ErrorAnswer {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/**
 * Routes /api requests by the route table alone: a path absent from it never reaches a service.
 * Also refuses what no route takes: foreign-origin writes, and bodies of the wrong type or size.
 */
export class RouteStep {
  private readonly allowedOrigins: ReadonlySet<string>;
  /** Largest body a path takes, in bytes. */
  readonly bodyLimit: BodyLimit;

  constructor(config: GatewayConfig) {
    this.allowedOrigins = new Set([
      new URL(config.PUBLIC_URL).origin,
      ...config.CORS_ALLOWED_ORIGINS,
    ]);
    const bodyLimit = parseByteSize(config.BODY_LIMIT);
    const webhookLimit = Math.max(bodyLimit, parseByteSize(WEBHOOK_BODY_LIMIT));
    this.bodyLimit = (pathname) => (WEBHOOK_PATHS.has(pathname) ? webhookLimit : bodyLimit);
  }

  /** The request's Origin when it is this host, PUBLIC_URL or an allowed one. */
  allowedOriginOf(req: IncomingMessage): string | undefined {
    const origin = req.headers.origin;
    return origin !== undefined && originAllowed(origin, req.headers.host, this.allowedOrigins)
      ? origin
      : undefined;
  }

  decide(req: IncomingMessage, pathname: string, corsOrigin: string | undefined): RouteDecision {
    const method = req.method ?? 'GET';
    const origin = req.headers.origin;
    if (
      method === 'OPTIONS' &&
      origin !== undefined &&
      req.headers['access-control-request-method']
    ) {
      const methods = [...new Set(routesForPath(pathname).map((route) => route.method))];
      if (corsOrigin === undefined) {
        return refused(403, `Cross-origin requests from ${origin.slice(0, 100)} are not allowed`);
      }
      if (methods.length === 0) return refused(404, notFoundMessage(method, pathname));
      return { kind: 'preflight', methods };
    }
    // HEAD is the body-less GET every HTTP server answers; the services do so too.
    const route = matchRoute(method === 'HEAD' ? 'GET' : method, pathname);
    const refusal = refusalFor(
      {
        method,
        pathname,
        headers: req.headers,
        originAllowed: corsOrigin !== undefined,
        formBody: route?.formBody === true,
        multipartBody: route?.multipartBody === true,
      },
      this.bodyLimit,
    );
    if (refusal) return refused(refusal.status, refusal.message);
    // http-proxy joins paths with a helper that turns "http:/" into "http://"; no route needs one.
    if (route && !/https?:\//.test(pathname)) return { kind: 'route', route };
    return this.unrouted(method, pathname, route !== undefined);
  }

  /** 404 for a path no route has, 405 (with Allow) for a method none of its routes takes. */
  private unrouted(method: string, pathname: string, matched: boolean): RouteDecision {
    const allowed: string[] = matched
      ? []
      : [...new Set(routesForPath(pathname).map((candidate) => candidate.method))];
    if (allowed.length === 0) {
      return { kind: 'unrouted', status: 404, message: notFoundMessage(method, pathname) };
    }
    if (allowed.includes('GET')) allowed.push('HEAD');
    return {
      kind: 'unrouted',
      status: 405,
      message: `${describeRequest(method, pathname)} is not allowed; use ${allowed.join(' or ')}`,
      headers: { allow: allowed.join(', ') },
    };
  }
}

function refused(status: number, message: string): RouteDecision {
  return { kind: 'refused', status, message };
}
