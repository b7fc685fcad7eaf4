import type { IncomingMessage, ServerResponse } from 'node:http';
import { Metrics, redactUrl } from '@probedge/kit';
import { PinoLogger } from 'nestjs-pino';
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
 * the same fields as the service's request logger writes ({ id, method, url } with secrets
 * redacted, the status and the time taken), and no headers.
 */
export class AccessLog {
  private logger: Logger | undefined;

  constructor(
    private readonly metrics: Metrics,
    private readonly service: string,
  ) {}

  watch(req: IncomingMessage, res: ServerResponse, id: string, logged: Logged): void {
    const started = performance.now();
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const method = req.method ?? 'GET';
      this.metrics.observeHttp(method, logged.route, res.statusCode, seconds);
      this.log()?.info(
        {
          req: { id, method, url: redactUrl(req.url ?? '/') },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(seconds * 1000),
          ...(logged.cache ? { cache: logged.cache } : {}),
        },
        'request completed',
      );
    });
  }

  /** The request logger's own root (made when the app starts), with these lines' fields as they are. */
  private log(): Logger | undefined {
    this.logger ??= PinoLogger.root?.child(
      { service: this.service },
      {
        redact: [],
        serializers: { req: (value: unknown) => value, res: (value: unknown) => value },
      },
    );
    return this.logger;
  }
}
