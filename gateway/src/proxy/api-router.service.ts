import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import { matchRoute, routesForPath } from '@probedge/proto';
import { describeRequest, notFoundMessage, sendApiError } from '../errors/api-error.util';
import { UpstreamProxy } from './upstream-proxy.service';

/** Routes /api requests by the route table alone: a path absent from it never reaches a service. */
@Injectable()
export class ApiRouter {
  constructor(private readonly proxy: UpstreamProxy) {}

  handle(req: IncomingMessage, res: ServerResponse, pathname: string, search: string): void {
    const method = req.method ?? 'GET';
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
