import type { Server } from 'node:http';
import {
  Logger as NestLogger,
  ValidationPipe,
  type INestApplication,
  type Type,
  type DynamicModule,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { Logger as PinoRoot } from 'pino';
import type { BaseConfig } from '../config/env';
import { HttpErrorFilter } from '../errors/http-error.filter';
import { fixedHeaders, headersSetBy } from '../http/fixed-headers';
import { ROOT_LOGGER } from '../kit.module';
import { requestLogging } from '../logging/logger';
import { Readiness } from '../health/health';
import { Metrics } from '../metrics/metrics';
import { serveOpenApiDocument, type OpenApiOptions } from '../openapi/openapi';
import { limitJsonDepth } from './json-depth.util';
import helmet from 'helmet';

/** Helmet's defaults are the same for every answer: worked out once, then copied. */
const HELMET_HEADERS = headersSetBy(helmet());

export interface AppSettings {
  bodyLimit: string;
  openapi?: OpenApiOptions;
  /** Keep the unparsed body on req.rawBody (needed to verify signed webhooks). */
  rawBody?: boolean;
  /** Also parse HTML form bodies (application/x-www-form-urlencoded), for pages with a form. */
  formBody?: boolean;
}

/** Everything an app needs besides listening: shared by the real bootstrap and by tests. */
export function configureApp(app: NestExpressApplication, settings: AppSettings): void {
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(requestLogging(app.get<PinoRoot>(ROOT_LOGGER)));
  app.use(app.get(Metrics).httpMiddleware());
  app.use(fixedHeaders(HELMET_HEADERS));
  app.useBodyParser('json', { limit: settings.bodyLimit });
  if (settings.formBody) {
    app.useBodyParser('urlencoded', { limit: settings.bodyLimit, extended: false });
  }
  app.use(limitJsonDepth);
  app.useGlobalPipes(
    new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }),
  );
  app.useGlobalFilters(new HttpErrorFilter());
  if (settings.openapi) serveOpenApiDocument(app, settings.openapi);
}

export async function createApp(
  module: Type | DynamicModule,
  settings: AppSettings,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, {
    bufferLogs: true,
    bodyParser: false,
    rawBody: settings.rawBody ?? false,
  });
  configureApp(app, settings);
  return app;
}

export interface ShutdownSettings {
  delayMs: number;
  timeoutMs: number;
}

/**
 * Closes the listener and resolves once every request in flight has been answered; keep-alive
 * connections are closed as soon as they fall idle.
 */
export async function drainHttpServer(server: Server): Promise<void> {
  if (!server.listening) return;
  await new Promise<void>((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
  });
}

/**
 * SIGTERM/SIGINT: readiness fails at once, new traffic drains away during the delay,
 * then the listener closes and in-flight requests finish before the modules (database, Redis,
 * queues) shut down, so no request loses its connections mid-way. A drain that overruns exits
 * non-zero.
 */
export function handleShutdown(app: INestApplication, settings: ShutdownSettings): void {
  const logger = new NestLogger('Shutdown');
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received; draining`);
    app.get(Readiness).beginShutdown();
    await new Promise((resolve) => setTimeout(resolve, settings.delayMs));
    const deadline = setTimeout(() => {
      logger.error(`drain exceeded ${settings.timeoutMs} ms; exiting`);
      process.exit(1);
    }, settings.timeoutMs);
    deadline.unref();
    await drainHttpServer(app.getHttpServer() as Server);
    await app.close();
    clearTimeout(deadline);
    logger.log('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));
}

export interface ServiceBootstrapOptions {
  name: string;
  module: Type | DynamicModule;
  config: BaseConfig;
  port: number;
  openapi?: OpenApiOptions;
  rawBody?: boolean;
  formBody?: boolean;
  /** Runs after configuration and before the HTTP listener opens, e.g. to start a gRPC server. */
  beforeListen?: (app: NestExpressApplication) => Promise<void>;
}

/** The one start-up path of every HTTP process. */
export async function bootstrapService(
  options: ServiceBootstrapOptions,
): Promise<INestApplication> {
  const app = await createApp(options.module, {
    bodyLimit: options.config.BODY_LIMIT,
    openapi: options.openapi,
    rawBody: options.rawBody,
    formBody: options.formBody,
  });
  handleShutdown(app, {
    delayMs: options.config.SHUTDOWN_DELAY_MS,
    timeoutMs: options.config.SHUTDOWN_TIMEOUT_MS,
  });
  await options.beforeListen?.(app);
  await app.listen(options.port, options.config.HOST);
  new NestLogger(options.name).log(`listening on http://${options.config.HOST}:${options.port}`);
  return app;
}

/** Start-up failures (bad config above all) print one clear message and exit non-zero. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
