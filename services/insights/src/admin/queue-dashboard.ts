import { ADMIN_TOKEN_HEADER, sameSecret } from '../api/admin-token';
import { InsightsApiError } from '../api/api.errors';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { createRedis, toApiError } from '@probedge/kit';
import { QUEUES } from '@probedge/proto';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';

/** Where the operators' queue dashboard lives on the insights worker's HTTP port. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

const REALM = 'ProbEdge queues';

// Only the dashboard's own files and the font it names; no inline script. Never upgraded to https, as
// operators reach it over a port-forward on http://localhost.
const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' data: https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/**
 * The admin token a request presents: the password of HTTP Basic (any user name, so a browser's
 * login prompt works), a Bearer token, or the X-Admin-Token header the insights API also reads.
 */
export function presentedToken(headers: IncomingHttpHeaders): string | undefined {
  const header = headers[ADMIN_TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  const authorization = headers.authorization ?? '';
  const [scheme, value = ''] = authorization.trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme) && value) return value;
  if (/^basic$/i.test(scheme) && value) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) return decoded.slice(colon + 1);
  }
  return undefined;
}

function sendError(req: IncomingMessage & { id?: unknown }, res: ServerResponse, exception: Error) {
  const body = toApiError(exception);
  res.statusCode = body.statusCode;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ ...body, requestId: req.id }));
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Lets through only requests that present `token`; the rest get 401 and a Basic login prompt. */
export function adminTokenGuard(token: string): Middleware {
  return (req, res, next) => {
    const given = presentedToken(req.headers);
    if (given !== undefined && sameSecret(given, token)) {
      res.setHeader('content-security-policy', DASHBOARD_CSP);
      res.setHeader('cache-control', 'no-store');
      next();
      return;
    }
    res.setHeader('www-authenticate', `Basic realm="${REALM}", charset="UTF-8"`);
    sendError(
      req,
      res,
      new InsightsApiError(
        'ADMIN_TOKEN_REQUIRED',
        'The queue dashboard needs the admin token: as the HTTP Basic password, a Bearer token or X-Admin-Token',
      ),
    );
  };
}

/**
 * bull-board over the platform's three queues (news ingestion, insights generation and the
 * newsletter's morning briefing), for operators:
 * counts, jobs with their data and errors, retry and promote. Mounted only when INSIGHTS_ADMIN_TOKEN is
 * set; without it the path answers 404 like any unknown one.
 */
@Injectable()
export class QueueDashboard implements OnModuleDestroy {
  private readonly logger = new Logger(QueueDashboard.name);
  private connection?: Redis;
  private queues: Queue[] = [];

  constructor(@Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig) {}

  get enabled(): boolean {
    return this.config.INSIGHTS_ADMIN_TOKEN !== undefined;
  }

  /** Adds the dashboard to the app; call before the app initialises (its 404 handler comes last). */
  mount(app: INestApplication): void {
    const token = this.config.INSIGHTS_ADMIN_TOKEN;
    if (token === undefined) {
      this.logger.log(`queue dashboard off: INSIGHTS_ADMIN_TOKEN is unset`);
      return;
    }
    // Its own connection: the dashboard's reads must not queue behind the worker's blocking commands.
    this.connection = createRedis({ url: this.config.REDIS_URL });
    this.queues = [
      new Queue(QUEUES.newsIngestion, {
        connection: this.connection,
        prefix: this.config.NEWS_QUEUE_PREFIX,
      }),
      new Queue(QUEUES.insights, {
        connection: this.connection,
        prefix: this.config.INSIGHTS_QUEUE_PREFIX,
      }),
      new Queue(QUEUES.briefing, {
        connection: this.connection,
        prefix: this.config.BRIEFING_QUEUE_PREFIX,
      }),
    ];
    for (const queue of this.queues) {
      queue.on('error', (error) =>
        this.logger.warn({ err: error.message }, 'dashboard queue error'),
      );
    }
    const serverAdapter = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue)),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'ProbEdge queues' } },
    });
    // bull-board's own Express app, mounted as middleware: on the Fastify app it runs before routing.
    const router = serverAdapter.getRouter() as Middleware & {
      disable?: (name: string) => void;
    };
    router.disable?.('x-powered-by');
    app.use(QUEUE_DASHBOARD_PATH, adminTokenGuard(token));
    app.use(QUEUE_DASHBOARD_PATH, router);
    this.logger.log(`queue dashboard on ${QUEUE_DASHBOARD_PATH}`);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
    this.connection?.disconnect();
  }
}
