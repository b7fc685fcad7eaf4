import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '@probedge/proto';
import type { Params } from 'nestjs-pino';
import { redactUrl } from './redact-url';

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

export function loggerParams(service: string, level: string): Params {
  return {
    pinoHttp: {
      level,
      name: service,
      genReqId: requestIdFor,
      customProps: () => ({ service }),
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      // Cookies and credentials are never logged; addresses (the request line, a redirect's
      // Location) lose the values that grant access (tokens, checkout session ids).
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          'res.headers.location',
        ],
        censor: (value: unknown, path: string[]) =>
          path.at(-1) === 'location' && typeof value === 'string' ? redactUrl(value) : '[Redacted]',
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
      },
    },
  };
}
