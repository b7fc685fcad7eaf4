import { createServer, type Server } from 'node:http';
import { Logger as NestLogger, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  fixedHeaders,
  handleShutdown,
  HttpErrorFilter,
  Metrics,
  Readiness,
  requestLogging,
  ROOT_LOGGER,
  type HeaderPairs,
} from '@probedge/kit';
import { HEALTH_PATHS, SEO_PATHS } from '@probedge/proto';
import { Logger } from 'nestjs-pino';
import type { Logger as PinoRoot } from 'pino';
import { AppModule, SERVICE_NAME } from '../app.module';
import type { GatewayConfig } from '../config/env';
import { setupSwaggerUi } from '../docs/swagger-ui';
import { UpstreamHealth } from '../health/upstream-health.service';
import { ApiPipeline } from '../pipeline/api-pipeline';
import { httpMetrics } from './http-metrics';
import { SECURITY_HEADERS } from '../pipeline/security-headers';

const OWN = new Set<string>([...Object.values(HEALTH_PATHS), ...Object.values(SEO_PATHS)]);

/**
 * The API pipeline in front of a Nest app for the rest (web app, docs, health): like the kit's
 * createApp, minus its body parser and validation pipe, as the gateway reads no bodies.
 */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // The pipeline names API requests by route; here the health and SEO paths, or other.
  app.use(httpMetrics(app.get(Metrics), (req) => (OWN.has(req.path) ? req.path : 'other')));
  app.use(requestLogging(app.get<PinoRoot>(ROOT_LOGGER)));
  app.use(fixedHeaders(app.get<HeaderPairs>(SECURITY_HEADERS)));
  app.useGlobalFilters(new HttpErrorFilter(app.getHttpAdapter()));
  const server = app.getHttpServer() as Server;
  limitSlowClients(server, config.CLIENT_REQUEST_TIMEOUT_MS);
  setupSwaggerUi(app);
  app.get(ApiPipeline).install(server);
  return app;
}

/** How often Node looks for requests past their deadline (its default is 30 s). */
const DEADLINE_CHECK_MS = 1000;

/**
 * A request must arrive whole, headers and body, within `timeoutMs`: Node then answers 408 and
 * closes the connection, which also ends the request the gateway had opened to a service. Without
 * it, a client sending one body byte every few seconds holds a socket to that service for minutes.
 */
export function limitSlowClients(server: Server, timeoutMs: number): void {
  server.requestTimeout = timeoutMs;
  server.headersTimeout = Math.min(timeoutMs, server.headersTimeout);
  // A public property Node reads when the server starts listening (missing from @types/node).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    Math.min(DEADLINE_CHECK_MS, timeoutMs);
}

/** What the operators' port reads: the counters, readiness, and each service's own readiness. */
export interface OperatorViews {
  metrics: Metrics;
  readiness: Readiness;
  upstreams: UpstreamHealth;
}

/** The operators' views of a running gateway app. */
export function operatorViews(app: INestApplication): OperatorViews {
  return {
    metrics: app.get(Metrics),
    readiness: app.get(Readiness),
    upstreams: app.get(UpstreamHealth),
  };
}

async function readinessWithUpstreams(views: OperatorViews) {
  const [result, upstreams] = await Promise.all([
    views.readiness.evaluate(),
    views.upstreams.probeAll(),
  ]);
  return {
    status: result.ready ? 200 : 503,
    body: { status: result.ready ? 'ok' : 'unavailable', checks: result.checks, upstreams },
  };
}

/**
 * The operators' port (METRICS_PORT): /metrics for Prometheus, and /readyz with each service's
 * readiness beside the gateway's. The gateway's own port is the public entry: what its counters
 * say is not for visitors, and its /readyz (for the load balancer) probes no service, so a visitor
 * asking it cannot make the gateway call every service.
 */
export async function serveOperatorPort(
  views: OperatorViews,
  port: number,
  host: string,
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer =
      req.method !== 'GET'
        ? undefined
        : path === '/metrics'
          ? views.metrics.registry
              .metrics()
              .then((text) => ({ status: 200, type: views.metrics.registry.contentType, text }))
          : path === HEALTH_PATHS.ready
            ? readinessWithUpstreams(views).then(({ status, body }) => ({
                status,
                type: 'application/json',
                text: JSON.stringify(body),
              }))
            : undefined;
    if (!answer) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    answer.then(
      ({ status, type, text }) => res.writeHead(status, { 'content-type': type }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

export async function bootstrapGateway(config: GatewayConfig): Promise<INestApplication> {
  const app = await createGatewayApp(config);
  handleShutdown(app, { delayMs: config.SHUTDOWN_DELAY_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  if (config.METRICS_PORT !== undefined) {
    const server = await serveOperatorPort(operatorViews(app), config.METRICS_PORT, config.HOST);
    // The operators' port closes with the app (SIGTERM goes through app.close()).
    app.getHttpServer().once('close', () => server.close());
    new NestLogger(SERVICE_NAME).log(
      `metrics and readiness with upstreams on http://${config.HOST}:${config.METRICS_PORT}`,
    );
  }
  await app.listen(config.PORT, config.HOST);
  new NestLogger(SERVICE_NAME).log(
    `listening on http://${config.HOST}:${config.PORT}, public at ${config.PUBLIC_URL}`,
  );
  return app;
}
