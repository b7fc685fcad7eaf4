import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '@probedge/proto';
import type { Params } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger } from 'pino';
import { redactUrl } from './redact-url';
import { stdoutLines } from './turn-batched-lines';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A well-formed incoming x-request-id, else a new one. */
export function requestIdOfIncoming(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
    ? incoming
    : randomUUID();
}

/** Keeps a well-formed id from upstream (the gateway) so one request reads as one story in the logs. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOfIncoming(req);
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Paths that never reach a log line: cookies, credentials, and the secrets in addresses. */
const REDACT = {
  paths: [
    'req.headers.cookie',
    'req.headers.authorization',
    'res.headers["set-cookie"]',
    'res.headers.location',
  ],
  censor: (value: unknown, path: string[]) =>
    path.at(-1) === 'location' && typeof value === 'string' ? redactUrl(value) : '[Redacted]',
};

/** What a log line says about a request: its id, method and address with its secrets hidden. */
export interface RequestSummary {
  id: string;
  method: string;
  url: string;
}

interface RequestLike {
  id?: unknown;
  method?: string;
  url?: string;
  originalUrl?: string;
}

function summarise(req: RequestLike): RequestSummary {
  return {
    id: String(req.id),
    method: req.method ?? 'GET',
    url: redactUrl(req.originalUrl ?? req.url ?? '/'),
  };
}

/**
 * The process's logger: JSON lines on stdout, written synchronously once per turn of the event loop
 * with every line that turn made (TurnBatchedLines; a thread-pool write per line cost more, and
 * holding lines longer than a turn would lose them in a crash). Cookies and credentials are
 * never logged; addresses (the request line, a redirect's Location) lose the values that grant
 * access (tokens, checkout session ids).
 */
export function createRootLogger(
  service: string,
  level: string,
  destination: DestinationStream = stdoutLines(),
): Logger {
  return pino(
    {
      level,
      name: service,
      redact: REDACT,
      serializers: { req: summarise, err: pino.stdSerializers.err },
    },
    destination,
  );
}

/** A logger made only when first used: most requests never log anything but their access line. */
function lazyLogger(make: () => Logger): Logger {
  let real: Logger | undefined;
  return new Proxy({} as Logger, {
    get(_target, property) {
      real ??= make();
      const value: unknown = Reflect.get(real, property, real);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(real)
        : value;
    },
  });
}

const UNLOGGED_PATHS = new Set(['/healthz', '/readyz']);

type LoggedRequest = IncomingMessage & { id?: unknown; log?: Logger; originalUrl?: string };

/**
 * The request logging of every HTTP process, as Express middleware: the request id (kept from a
 * well-formed x-request-id, else new; echoed back), `req.log` for what the app logs while answering
 * (bound to the request, made on first use), and one access line when the answer has gone, with the
 * status and the time taken (`request errored` at error level for a 5xx). Probes are not logged.
 */
export function requestLogging(root: Logger) {
  const writeAccessLine = accessLine(root);
  return (req: LoggedRequest, res: ServerResponse, next: () => void): void => {
    const id = typeof req.id === 'string' ? req.id : requestIdFor(req, res);
    req.id = id;
    req.log = lazyLogger(() => root.child({ req }));
    if (UNLOGGED_PATHS.has(req.url ?? '')) return next();
    const started = performance.now();
    res.once('finish', () => writeAccessLine(req, res.statusCode, performance.now() - started));
    next();
  };
}

/** Fields an access line may carry besides the request, its status and the time taken. */
type AccessExtra = Readonly<Record<string, string | number | boolean>>;

/**
 * The writer of every process's access line: the request ({ id, method, url }, secrets redacted),
 * its status, the time taken in ms, and any `extra` fields; `request errored` at error level for a
 * 5xx, else `request completed`. The line is the one pino writes for
 * `info({ req, res: { statusCode }, responseTime, ...extra }, 'request completed')`, byte for byte
 * but the time (request-logging.spec compares the two), put together here from the logger's own bindings
 * and stream: every request writes one, and pino's general walk over an object (serializers,
 * redaction paths, a stringify per field) was the costliest step of a cached answer after the
 * socket write.
 */
export function accessLine(root: Logger) {
  const internals = root as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as { write(line: string): unknown };
  // The root's fixed fields as pino writes them: `,"pid":…,"hostname":…,"name":…`.
  const bindings = internals[pino.symbols.chindingsSym] as string;
  return (req: IncomingMessage, statusCode: number, ms: number, extra: AccessExtra = {}): void => {
    const errored = statusCode >= 500;
    const level = errored ? root.levels.values.error! : root.levels.values.info!;
    if (level < root.levelVal) return;
    const { id, method, url } = summarise(req);
    let line = `{"level":${level},"time":${Date.now()}${bindings},"req":{"id":${JSON.stringify(id)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)}},"res":{"statusCode":${statusCode}},"responseTime":${Math.round(ms)}`;
    for (const name in extra) line += `,${JSON.stringify(name)}:${JSON.stringify(extra[name])}`;
    stream.write(`${line},"msg":"request ${errored ? 'errored' : 'completed'}"}\n`);
  };
}

/**
 * Nest's logger over the root logger; inside a request it logs through `req.log`, so what the app
 * logs there carries the request's id. Outside one, nestjs-pino 5 logs through a child pino-http
 * makes of the root: `wrapSerializers: false` keeps the root's own serializers on it (pino-http's
 * would put every header and the unredacted address of a `req` in the line).
 */
export function loggerParams(root: Logger): Params {
  return { pinoHttp: { logger: root, wrapSerializers: false }, useExisting: true };
}
