import type { IncomingMessage, ServerResponse } from 'node:http';
import { reasonPhrase, requestIdFor } from '@probedge/kit';
import type { ApiError } from '@probedge/proto';

const MAX_ECHOED_PATH = 200;
const API_PATH = /^\/api(\/|$)/i;

type RequestWithId = IncomingMessage & { id?: unknown };

/**
 * The request's id, assigned on first use with the kit's rule (keep a well-formed incoming
 * x-request-id, else a new one); the request logger then adopts it instead of making another.
 */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const withId = req as RequestWithId;
  if (typeof withId.id !== 'string') withId.id = requestIdFor(req, res);
  return withId.id as string;
}

/** Names a request in an error message without letting a huge path swell the response. */
export function describeRequest(method: string | undefined, pathname: string): string {
  const shown =
    pathname.length > MAX_ECHOED_PATH ? `${pathname.slice(0, MAX_ECHOED_PATH)}…` : pathname;
  return `${method ?? 'GET'} ${shown}`;
}

export function notFoundMessage(method: string | undefined, pathname: string): string {
  return `${API_PATH.test(pathname) ? 'No API route' : 'No route'} ${describeRequest(method, pathname)}`;
}

/** Answers with the shared JSON error shape; used where the gateway replies outside Nest's filters. */
export function sendApiError(
  req: IncomingMessage,
  res: ServerResponse,
  statusCode: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body: ApiError = {
    statusCode,
    error: reasonPhrase(statusCode),
    message,
    requestId: requestIdOf(req, res),
  };
  const payload = JSON.stringify(body);
  res.writeHead(statusCode, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : payload);
}
