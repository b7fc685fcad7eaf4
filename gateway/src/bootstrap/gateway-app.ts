import { createServer, type Server } from 'node:http';
import { Logger as NestLogger, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  fixedHeaders,
  handleShutdown,
  HttpErrorFilter,
  Metrics,
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
import { ApiPipeline } from '../pipeline/api-pipeline';
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
  app.use(app.get(Metrics).httpMiddleware((req) => (OWN.has(req.path) ? req.path : 'other')));
  app.use(requestLogging(app.get<PinoRoot>(ROOT_LOGGER)));
  app.use(fixedHeaders(app.get<HeaderPairs>(SECURITY_HEADERS)));
  app.useGlobalFilters(new HttpErrorFilter());
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

/**
 * /metrics on a port of its own, for Prometheus: the gateway's own port is the public entry, and
 * what its counters say (routes, cache, upstream failures) is not for visitors.
 */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
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
    const server = await serveMetrics(app.get(Metrics), config.METRICS_PORT, config.HOST);
    // The scrape port closes with the app (SIGTERM goes through app.close()).
    app.getHttpServer().once('close', () => server.close());
    new NestLogger(SERVICE_NAME).log(
      `metrics on http://${config.HOST}:${config.METRICS_PORT}/metrics`,
    );
  }
  await app.listen(config.PORT, config.HOST);
  new NestLogger(SERVICE_NAME).log(
    `listening on http://${config.HOST}:${config.PORT}, public at ${config.PUBLIC_URL}`,
  );
  return app;
}
