import { Injectable, type NestMiddleware } from '@nestjs/common';
import { HEALTH_PATHS, SEO_PATHS } from '@probedge/proto';
import type { NextFunction, Request, Response } from 'express';
import { notFoundMessage, sendApiError } from '../errors/api-error.util';
import { ApiRouter } from '../proxy/api-router.service';
import { WebApp } from '../web/web-app.service';
import { acceptTarget } from './request-target.middleware';
import { parseRequestTarget } from './request-target.util';

const API_PATH = /^\/api(\/|$)/i;
/** The only paths under /api the gateway answers itself; everything else there is the route table's. */
const DOCS_PATH = /^\/api\/docs(\/|$)/i;
const OWN_PATHS = new Set<string>([...Object.values(HEALTH_PATHS), ...Object.values(SEO_PATHS)]);

/**
 * Decides every request's fate before Nest routing and before any body is read: the health and
 * docs endpoints go on to their controllers, /api goes to a service or gets a JSON error, the rest
 * is the web app. Nothing here parses a body, so proxied bodies arrive byte for byte.
 */
@Injectable()
export class EdgeMiddleware implements NestMiddleware {
  constructor(
    private readonly api: ApiRouter,
    private readonly web: WebApp,
  ) {}

  use(req: Request, res: Response, next: NextFunction): void {
    // originalUrl is the request target exactly as the client sent it, whatever the mount point.
    const target = parseRequestTarget(req.originalUrl);
    if (!acceptTarget(req, res, target)) return;
    const { pathname, search } = target;
    if (API_PATH.test(pathname)) {
      if (DOCS_PATH.test(pathname)) return next();
      this.api.handle(req, res, pathname, search).catch(next);
      return;
    }
    if (OWN_PATHS.has(pathname.replace(/(.)\/$/, '$1').toLowerCase())) return next();
    if (this.web.enabled && (req.method === 'GET' || req.method === 'HEAD')) {
      this.web.serve(req, res, pathname).catch(next);
      return;
    }
    sendApiError(req, res, 404, notFoundMessage(req.method, pathname));
  }
}
