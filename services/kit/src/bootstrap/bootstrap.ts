import type { Server } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import {
  HttpStatus,
  Logger as NestLogger,
  ValidationPipe,
  type INestApplication,
  type Type,
  type DynamicModule,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import type { Logger as PinoRoot } from 'pino';
import { REQUEST_ID_HEADER } from '@probedge/proto';
import { parseByteSize, type BaseConfig } from '../config/env';
import { CodedError } from '../errors/coded-error';
import { HttpErrorFilter } from '../errors/http-error.filter';
import { withEntityTag } from '../http/entity-tag';
import { fixedHeaders } from '../http/fixed-headers';
import { securityHeaders } from '../http/security-headers';
import { ROOT_LOGGER } from '../kit.module';
import { requestIdOfIncoming, requestLogging } from '../logging/logger';
import { Readiness } from '../health/health';
import { Metrics } from '../metrics/metrics';
import { serveOpenApiDocument, type OpenApiOptions } from '../openapi/openapi';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth.util';

/** The platform's security headers, the gateway's own: worked out once, then copied. */
const SECURITY_HEADERS = securityHeaders();

/** The app every service runs: Nest on Fastify. */
export type { NestFastifyApplication };

export interface AppSettings {
  bodyLimit: string;
  openapi?: OpenApiOptions;
  /** Keep the unparsed body on req.rawBody (needed to verify signed webhooks). */
  rawBody?: boolean;
  /** Also parse HTML form bodies (application/x-www-form-urlencoded), for pages with a form. */
  formBody?: boolean;
}

/**
 * Everything a service's app needs besides listening: shared by the real bootstrap and by tests.
 * Services run on Fastify, whose request pipeline costs about a third of Express's CPU per request
 * (docs/performance.md). The per-request work runs as Fastify hooks, not as middleware: the
 * request id, access line and security headers when the request arrives, the latency by route
 * pattern when it has been answered, the depth check once the body is parsed, the ETag as the
 * answer leaves.
 */
export function configureApp(app: NestFastifyApplication, settings: AppSettings): void {
  const fastify = app.getHttpAdapter().getInstance();
  const logRequest = requestLogging(app.get<PinoRoot>(ROOT_LOGGER));
  const setHeaders = fixedHeaders(SECURITY_HEADERS);
  const metrics = app.get(Metrics);
  const proceed = () => undefined;
  fastify.addHook('onRequest', (request, reply, done) => {
    // The id is Fastify's (genReqId below), on both request objects; echoed back.
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    logRequest(request.raw, reply.raw, proceed);
    setHeaders(request.raw, reply.raw, proceed);
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    done(null, withEntityTag(request, reply, payload));
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // Only the bodies the app reads: JSON everywhere, HTML forms where a page has one. Anything
  // else is 415 (Express left such a body unread).
  fastify.removeAllContentTypeParsers();
  const json = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<Server>('application/json', {}, (request, body, done) =>
    json(request, body.toString(), done),
  );
  if (settings.formBody) {
    // As Express's urlencoded parser without `extended`: node's querystring.
    app.useBodyParser('application/x-www-form-urlencoded', {}, (_req, body, done) =>
      done(null, parseQueryString(body.toString())),
    );
    // A form posted as multipart (RFC 8058's one-click unsubscribe shows it so) is taken within the
    // limit and its fields are not read: the pages' forms carry what they need in the address.
    app.useBodyParser('multipart/form-data', {}, (_req, _body, done) => done(null, {}));
  }
  fastify.addHook('preValidation', (request, _reply, done) => {
    done(
      jsonDepthExceeds(request.body, MAX_JSON_DEPTH)
        ? new CodedError(
            'REQUEST_BODY_TOO_DEEP',
            `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`,
            { retryable: false, status: HttpStatus.BAD_REQUEST },
          )
        : undefined,
    );
  });
  app.useLogger(app.get(Logger));
  app.useGlobalPipes(
    new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }),
  );
  app.useGlobalFilters(new HttpErrorFilter(app.getHttpAdapter()));
  if (settings.openapi) serveOpenApiDocument(app, settings.openapi);
}

/** The Fastify instance's own settings: the body limit, and Express's routing where it differs. */
function fastifyAdapter(settings: AppSettings): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: parseByteSize(settings.bodyLimit),
    // Nest logs; Fastify's own logger stays off.
    logger: false,
    // A well-formed x-request-id from upstream (the gateway) is kept, so one request reads as one
    // story in the logs.
    genReqId: requestIdOfIncoming,
    // Node's own default, which Fastify would turn off: a request must have arrived within 5 min.
    requestTimeout: 300_000,
    routerOptions: {
      // As Express: "/api/business/" is "/api/business".
      ignoreTrailingSlash: true,
      // Slugs and ids longer than find-my-way's default 100 characters reach validation (a 400
      // or 404 that says why) instead of the router's bare 404.
      maxParamLength: 2048,
    },
  });
}

export async function createApp(
  module: Type | DynamicModule,
  settings: AppSettings,
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(module, fastifyAdapter(settings), {
    bufferLogs: true,
    bodyParser: false,
    rawBody: settings.rawBody ?? false,
  });
  configureApp(app, settings);
  return app;
}

/**
 * Initialises an app for requests without listening (tests hand its server to supertest):
 * Fastify also has to finish loading its plugins.
 */
export async function initApp(app: NestFastifyApplication): Promise<NestFastifyApplication> {
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
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
  beforeListen?: (app: INestApplication) => Promise<void>;
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

/**
 * The main of every service process: loads its config, then starts it with the options the config
 * gives. A failure (bad config above all) prints one clear message and exits non-zero.
 */
export function runService<Config extends BaseConfig>(
  loadConfig: () => Config,
  options: (config: Config) => Omit<ServiceBootstrapOptions, 'config'>,
): void {
  runMain(async () => {
    const config = loadConfig();
    await bootstrapService({ ...options(config), config });
  });
}

/** Start-up failures (bad config above all) print one clear message and exit non-zero. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
