import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/** Header name, value pairs; a later pair replaces an earlier one of the same name. */
export type HeaderPairs = readonly (readonly [string, string | number | readonly string[]])[];

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * The headers a middleware sets on every answer, read off one run against a blank request: for
 * middleware whose headers do not depend on the request (helmet's), so they are worked out once.
 */
export function headersSetBy(middleware: Middleware): HeaderPairs {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  middleware(req, res, () => undefined);
  return Object.entries(res.getHeaders()).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, value] as const],
  );
}

/** Middleware setting the same headers on every answer. */
export function fixedHeaders(headers: HeaderPairs) {
  return (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
