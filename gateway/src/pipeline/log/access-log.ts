import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessLine, type Metrics } from '@probedge/kit';
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
  private readonly writeLine: ReturnType<typeof accessLine>;

  constructor(
    private readonly metrics: Metrics,
    root: Logger,
  ) {
    this.writeLine = accessLine(root);
  }

  watch(req: IncomingMessage, res: ServerResponse, logged: Logged): void {
    const started = performance.now();
    res.once('finish', () => {
      const ms = performance.now() - started;
      this.metrics.observeHttp(req.method ?? 'GET', logged.route, res.statusCode, ms / 1000);
      this.writeLine(req, res.statusCode, ms, logged.cache ? { cache: logged.cache } : {});
    });
  }
}
