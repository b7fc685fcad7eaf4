import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@nestjs/common';
import type { ServiceName } from '@probedge/proto';
import { sendApiError, requestIdOf } from '../../errors/api-error.util';

/** Errors of a service that cannot be reached or dropped the connection: a 502, nothing unusual. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  // The connection closed under the request (the service stopped or restarted).
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Deadlines: connecting (the pool's), and silence from the service once it has the request (ours). */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UPSTREAM_IDLE_TIMEOUT']);

/**
 * Answers a request whose service failed it: 504 when the service was silent past its deadline,
 * 502 when it could not be reached or dropped the connection; a cut connection when the answer
 * had already begun.
 */
export function answerProxyFailure(
  logger: Logger,
  service: ServiceName,
  error: Error & { code?: string },
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const timedOut = error.code !== undefined && TIMEOUT_CODES.has(error.code);
  logger.warn(
    { service, code: error.code, timedOut, requestId: requestIdOf(req, res) },
    'upstream request failed',
  );
  if (res.headersSent || res.destroyed) {
    // The status line already left; cutting the connection is the only honest signal left.
    res.destroy();
    return;
  }
  if (timedOut) {
    sendApiError(req, res, 504, `The ${service} service did not answer in time`);
    return;
  }
  if (!error.code || !UNREACHABLE_CODES.has(error.code)) {
    logger.error({ service, err: error }, 'unexpected proxy error');
  }
  sendApiError(req, res, 502, `The ${service} service is unavailable`);
}
