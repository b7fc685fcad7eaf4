/** Prisma's codes for a database that cannot be reached or answered too late. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

/** Prisma driver-adapter error kinds for the same situations. */
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);

/** Socket errors of the pg driver. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a connection that failed, a server shutting down, or one that is full. */
function isConnectionSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/**
 * pg's own messages for a connection dropped or never made within its timeout. A client whose
 * connection broke mid-transaction (a server restart ends it with 57P01) answers the transaction's
 * next statement with "Client has encountered a connection error and is not queryable", no code.
 */
const PG_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/i,
  /^Client has encountered a connection error and is not queryable/,
];

interface ErrorLike {
  code?: unknown;
  errorCode?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown } } };
}

/**
 * Whether an error means the database is out of reach (down, restarting, unreachable, out of
 * connections) rather than a bug or bad input: such a request deserves a 503 and a retry later.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 4) return false;
  const candidate = error as ErrorLike;
  for (const code of [candidate.code, candidate.errorCode]) {
    if (typeof code !== 'string') continue;
    if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || isConnectionSqlState(code)) {
      return true;
    }
  }
  if (typeof candidate.kind === 'string' && ADAPTER_KINDS.has(candidate.kind)) return true;
  const adapterCause = candidate.meta?.driverAdapterError?.cause;
  if (typeof adapterCause?.kind === 'string' && ADAPTER_KINDS.has(adapterCause.kind)) return true;
  if (
    adapterCause?.kind === 'postgres' &&
    typeof adapterCause.code === 'string' &&
    isConnectionSqlState(adapterCause.code)
  ) {
    return true;
  }
  if (
    typeof candidate.message === 'string' &&
    PG_MESSAGES.some((pattern) => pattern.test(candidate.message as string))
  ) {
    return true;
  }
  return isDatabaseUnavailable(candidate.cause, depth + 1);
}
