import { Injectable, type NestMiddleware } from '@nestjs/common';
import { HEALTH_PATHS, SEO_PATHS } from '@probedge/proto';
import type { NextFunction, Request, Response } from 'express';
import { notFoundMessage, sendApiError } from '../errors/api-error.util';
import { isApiPath } from '../pipeline/target/request-target';
import { WebApp } from './web-app.service';

const OWN_PATHS = new Set<string>([...Object.values(HEALTH_PATHS), ...Object.values(SEO_PATHS)]);

/**
 * What the API pipeline leaves to Nest, before Nest routing: the docs, health and SEO endpoints go
 * on to their controllers, a page GET is the web app, anything else is a JSON 404.
 */
@Injectable()
export class WebMiddleware implements NestMiddleware {
  constructor(private readonly web: WebApp) {}

  use(req: Request, res: Response, next: NextFunction): void {
    // The pipeline checked the target; what reaches here is a plain path with its query.
    const pathname = req.originalUrl.split('?')[0]!;
    // Under /api only the docs come this far.
    if (isApiPath(pathname)) return next();
    if (OWN_PATHS.has(pathname.replace(/(.)\/$/, '$1').toLowerCase())) return next();
    if (this.web.enabled && (req.method === 'GET' || req.method === 'HEAD')) {
      this.web.serve(req, res, pathname).catch(next);
      return;
    }
    sendApiError(req, res, 404, notFoundMessage(req.method, pathname));
  }
}
