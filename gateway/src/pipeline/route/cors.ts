import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request headers a browser may send cross-origin to the API. */
const ALLOWED_HEADERS = ['content-type', 'idempotency-key', 'x-admin-token', 'x-request-id'];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Whether the Origin is this very host (a same-origin request) or one the configuration allows. */
export function originAllowed(
  origin: string,
  host: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  if (allowed.has(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Credentials are allowed, so the exact origin is echoed: never `*`. As name, value pairs. */
export function corsHeaders(origin: string): [string, string][] {
  return [
    ['access-control-allow-origin', origin],
    ['access-control-allow-credentials', 'true'],
    ['access-control-expose-headers', 'retry-after, x-request-id'],
  ];
}

export function setCorsHeaders(res: ServerResponse, origin: string): void {
  for (const [name, value] of corsHeaders(origin)) res.setHeader(name, value);
}

/** Answers a preflight for an allowed origin: 204 with what may follow. */
export function answerPreflight(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  methods: readonly string[],
): void {
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((header) => header.trim().toLowerCase())
    .filter((header) => ALLOWED_HEADERS.includes(header));
  setCorsHeaders(res, origin);
  res.setHeader('access-control-allow-methods', methods.join(', '));
  if (requested.length) res.setHeader('access-control-allow-headers', requested.join(', '));
  res.setHeader('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
  res.setHeader('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  res.statusCode = 204;
  res.end();
}
