import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from '@probedge/kit';
import type { Logger } from 'pino';

/** Names what an answered request was, for the log line and the latency histogram. */
export interface Logged {
  /** The route-table pattern, or `other`. */
  route: string;
  /** `hit` when the response cache answered. */
  cache?: 'hit';
}

/**
 * The last step: once the answer has gone, one latency observation and one access-log line, with
 * the same fields as the services' request logging writes ({ id, method, url } with secrets
 * redacted, the status and the time taken), and no headers.
 */
export class AccessLog {
  private readonly logger: Logger;

  constructor(
    private readonly metrics: Metrics,
    root: Logger,
  ) {
    // The line carries no headers, so it skips the redaction walk.
    this.logger = root.child({}, { redact: [] });
  }

  watch(req: IncomingMessage, res: ServerResponse, logged: Logged): void {
    const started = performance.now();
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const method = req.method ?? 'GET';
      this.metrics.observeHttp(method, logged.route, res.statusCode, seconds);
      const line = {
        req,
        res: { statusCode: res.statusCode },
        responseTime: Math.round(seconds * 1000),
        ...(logged.cache ? { cache: logged.cache } : {}),
      };
      if (res.statusCode >= 500) this.logger.error(line, 'request errored');
      else this.logger.info(line, 'request completed');
    });
  }
}
