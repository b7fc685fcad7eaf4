import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { ApiError } from '@probedge/proto';
import type { HttpServer } from '@nestjs/common';
import { redactUrl } from '../logging/redact-url';
import { CodedError } from './coded-error';
import { isDatabaseUnavailable } from './database-unavailable.util';
import { TooManyRequestsError } from './too-many-requests.error';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Server Error' : 'Error');
}

/**
 * The HTTP stack's own errors (Express's body-parser, Fastify's content-type parsers) carry a
 * status instead of being HttpExceptions.
 */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  expose?: boolean;
  message?: string;
}

function describeHttpException(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

export function toApiError(exception: unknown): ApiError {
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    return {
      statusCode,
      error: reasonPhrase(statusCode),
      message: describeHttpException(exception),
    };
  }
  if (exception instanceof CodedError && exception.status !== undefined) {
    return {
      statusCode: exception.status,
      error: reasonPhrase(exception.status),
      message: exception.message,
    };
  }
  const httpLike = exception as HttpLikeError | null;
  const status = httpLike?.status ?? httpLike?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && httpLike?.expose !== false) {
    const message =
      httpLike?.type === 'entity.parse.failed' || exception instanceof SyntaxError
        ? 'Request body is not valid JSON'
        : (httpLike?.message ?? reasonPhrase(status));
    return { statusCode: status, error: reasonPhrase(status), message };
  }
  if (isDatabaseUnavailable(exception)) {
    // A dependency outage, not a bug: the client may retry; the detail (host, port) stays in the log.
    const unavailable = HttpStatus.SERVICE_UNAVAILABLE;
    return {
      statusCode: unavailable,
      error: reasonPhrase(unavailable),
      message: 'The service cannot reach its database right now. Try again shortly.',
    };
  }
  const statusCode = HttpStatus.INTERNAL_SERVER_ERROR;
  return {
    statusCode,
    error: reasonPhrase(statusCode),
    message: 'Something went wrong on our side',
  };
}

/** Every error leaves as { statusCode, error, message }; stack traces stay in the log. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  /** `http` answers through the app's HTTP stack, Express or Fastify. */
  constructor(private readonly http: HttpServer) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const response: unknown = context.getResponse();
    const request = context.getRequest<{ url: string; originalUrl?: string; id?: unknown }>();
    const body = toApiError(exception);
    // A coded error with a status is an outcome its code names (an upstream away), logged where it
    // arose; anything else answering 5xx is a fault.
    const known = exception instanceof CodedError && exception.status !== undefined;
    if (body.statusCode >= 500 && !known) {
      this.logger.error(
        {
          err: exception,
          url: redactUrl(request.originalUrl ?? request.url),
          requestId: request.id,
        },
        'request failed',
      );
    }
    if (this.http.isHeadersSent(response)) return;
    // An error is about one request: no cache may keep it, whatever the route set before.
    this.http.setHeader(response, 'cache-control', 'no-store');
    if (exception instanceof TooManyRequestsError) {
      this.http.setHeader(response, 'retry-after', String(exception.retryAfterSeconds));
    }
    this.http.reply(response, { ...body, requestId: request.id }, body.statusCode);
  }
}
