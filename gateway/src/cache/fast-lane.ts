import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Metrics, requestIdOfIncoming } from '@probedge/kit';
import { PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { SERVICE_NAME } from '../app.module';
import { sendApiError } from '../errors/api-error.util';
import { ApiRouter } from '../proxy/api-router.service';
import type { HeaderPairs } from './cache-policy.util';
import { EdgeCache } from './edge-cache.service';
import type { CachedResponse } from './response-cache';

/**
 * Puts the response cache in front of the whole Express/Nest pipeline: a request the cache can
 * answer is answered here, with the same security headers, request id, CORS headers, rate limit,
 * metrics and access log as the pipeline gives it; every other request goes on to Express
 * untouched. A cache hit is the gateway's most frequent answer, and the pipeline's middleware
 * costs several times the work of the answer itself.
 */
export function installFastLane(app: NestExpressApplication, fixedHeaders: HeaderPairs): void {
  const cache = app.get(EdgeCache);
  if (!cache.enabled) return;
  cache.useFixedHeaders(fixedHeaders);
  const router = app.get(ApiRouter);
  const metrics = app.get(Metrics);
  const server = app.getHttpServer() as Server;
  // The request logger's own logger (made when the app starts), without its redaction of headers
  // these lines never carry.
  let logger: Logger | undefined;
  const log = () => (logger ??= PinoLogger.root?.child({ service: SERVICE_NAME }, { redact: [] }));
  const pipeline = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');

  const passOn = (req: IncomingMessage, res: ServerResponse) => {
    for (const listener of pipeline) listener(req, res);
  };

  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    entry: CachedResponse,
    started: number,
  ) => {
    const id = requestIdOfIncoming(req);
    // Where the pipeline's request logger and error answers look for it.
    (req as IncomingMessage & { id?: string }).id = id;
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const method = req.method ?? 'GET';
      metrics.observeHttp(method, entry.route, res.statusCode, seconds);
      // The same serializers as the request logger's lines: { id, method, url } and the status.
      log()?.info(
        { req, res, responseTime: Math.round(seconds * 1000), cache: 'hit' },
        'request completed',
      );
    });
    router.serveCached(req, res, entry, id).catch((error: unknown) => {
      log()?.error({ err: error, req: { id } }, 'cached answer failed');
      if (!res.headersSent) sendApiError(req, res, 500, 'The request could not be answered');
      else res.destroy();
    });
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const found = cache.lookup(req, res);
    if (!found) {
      passOn(req, res);
      return;
    }
    const started = performance.now();
    if ('entry' in found) {
      answer(req, res, found.entry, started);
      return;
    }
    // Another request is fetching this target: its answer, or the pipeline if none comes.
    void found.wait.then((entry) => (entry ? answer(req, res, entry, started) : passOn(req, res)));
  });
}
