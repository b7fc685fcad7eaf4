import type { Metrics } from '@probedge/kit';
import type { NextFunction, Request, Response } from 'express';

/**
 * Times every request the Nest app answers (health, SEO, the web app, the docs) into the kit's
 * http_request_duration_seconds; `routeOf` names its route. The API pipeline records its own.
 */
export function httpMetrics(metrics: Metrics, routeOf: (req: Request) => string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeHttp(req.method, routeOf(req), res.statusCode, seconds);
    });
    next();
  };
}
