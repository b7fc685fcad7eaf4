import {
  BadRequestException,
  HttpException,
  Logger,
  NotFoundException,
  type ArgumentsHost,
  type HttpServer,
} from '@nestjs/common';
import { CodedError } from './coded-error';
import { HttpErrorFilter, toApiError } from './http-error.filter';
import { TooManyRequestsError } from './too-many-requests.error';

describe('toApiError', () => {
  it('joins validation messages into one sentence', () => {
    const error = toApiError(
      new BadRequestException(['limit must be an integer', 'x is not allowed']),
    );
    expect(error).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'limit must be an integer; x is not allowed',
    });
  });

  it('keeps the message of a not-found', () => {
    expect(toApiError(new NotFoundException('No guide with slug "x"'))).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No guide with slug "x"',
    });
  });

  it('reports a body-parser syntax error as a 400 about JSON', () => {
    const parseError = Object.assign(new SyntaxError('Unexpected token'), {
      status: 400,
      type: 'entity.parse.failed',
      expose: true,
    });
    expect(toApiError(parseError)).toMatchObject({
      statusCode: 400,
      message: 'Request body is not valid JSON',
    });
  });

  it('reports an oversized body as 413', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), {
      status: 413,
      expose: true,
    });
    expect(toApiError(tooLarge)).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('hides the details of an unexpected error', () => {
    const error = toApiError(new Error('connect ECONNREFUSED 10.0.0.7:5432'));
    expect(error.statusCode).toBe(500);
    expect(error.message).not.toContain('10.0.0.7');
  });

  it('answers a coded error with its status and message', () => {
    const error = toApiError(
      new CodedError('unknown-symbol', 'No instrument has the symbol ZZZZ', { status: 404 }),
    );
    expect(error).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No instrument has the symbol ZZZZ',
    });
  });

  it('keeps a coded error without a status a fault, its message hidden', () => {
    const error = toApiError(new CodedError('bad-answer', 'provider sent key sk_123 back'));
    expect(error.statusCode).toBe(500);
    expect(error.message).not.toContain('sk_123');
  });
});

describe('toApiError for a coded error in place of an HttpException', () => {
  it.each([400, 401, 402, 403, 404, 409, 410, 429, 502, 503])(
    'answers %i exactly as the HttpException of that status did',
    (status) => {
      const message = 'The answer\'s own text, "quoted"';
      expect(toApiError(new CodedError('SOME_CODE', message, { status }))).toEqual(
        toApiError(new HttpException(message, status)),
      );
    },
  );
});

describe('toApiError for a database out of reach', () => {
  const unavailable = {
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The service cannot reach its database right now. Try again shortly.',
  };

  it('answers 503 for a connection the database closed (Prisma P1017)', () => {
    const closed = Object.assign(new Error('Server has closed the connection.'), {
      name: 'PrismaClientKnownRequestError',
      code: 'P1017',
      meta: {
        driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } },
      },
    });
    expect(toApiError(closed)).toEqual(unavailable);
  });

  it('answers 503 for a database that cannot be reached, naming no host', () => {
    const unreachable = Object.assign(
      new Error("Can't reach database server at `db.internal:5432`"),
      { name: 'PrismaClientInitializationError', errorCode: 'P1001' },
    );
    const error = toApiError(unreachable);
    expect(error).toEqual(unavailable);
    expect(JSON.stringify(error)).not.toContain('db.internal');
  });

  it('answers 503 for a driver adapter error that says the database is not reachable', () => {
    const adapter = Object.assign(new Error('DriverAdapterError'), {
      name: 'DriverAdapterError',
      cause: { kind: 'DatabaseNotReachable', host: '10.0.0.7', port: 5432 },
    });
    expect(toApiError(adapter)).toEqual(unavailable);
  });

  it('answers 503 for raw pg socket errors and dropped connections', () => {
    expect(
      toApiError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toEqual(unavailable);
    expect(toApiError(new Error('Connection terminated unexpectedly'))).toEqual(unavailable);
    expect(
      toApiError(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    ).toEqual(unavailable);
    expect(toApiError(Object.assign(new Error('too many clients'), { code: '53300' }))).toEqual(
      unavailable,
    );
  });

  it('answers 503 for a statement on a transaction whose connection the server ended', () => {
    // What pg throws for the next statement of a transaction once a restart ended its connection
    // (57P01 arrived on the client between two statements), as Prisma passes it on.
    const broken = Object.assign(
      new Error('Client has encountered a connection error and is not queryable'),
      { clientVersion: '6.19.3' },
    );
    expect(toApiError(broken)).toEqual(unavailable);
  });

  it('keeps answering 500 for other database errors', () => {
    const constraint = Object.assign(new Error('Unique constraint failed'), {
      name: 'PrismaClientKnownRequestError',
      code: 'P2002',
      meta: { driverAdapterError: { cause: { kind: 'UniqueConstraintViolation' } } },
    });
    expect(toApiError(constraint).statusCode).toBe(500);
  });
});

describe('HttpErrorFilter logging a fault', () => {
  const replies: unknown[] = [];
  const http = {
    isHeadersSent: () => false,
    setHeader: () => undefined,
    reply: (_response: unknown, body: unknown) => replies.push(body),
  } as unknown as HttpServer;

  function hostFor(request: { url: string; originalUrl?: string; id: string }): ArgumentsHost {
    return {
      switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
    } as unknown as ArgumentsHost;
  }

  afterEach(() => jest.restoreAllMocks());

  it('logs the address of a 5xx without its tokens or email addresses', () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    new HttpErrorFilter(http).catch(
      new Error('boom'),
      hostFor({
        url: '/confirm?token=abc123&email=ann%40example.com',
        originalUrl: '/api/newsletter/confirm?token=abc123&email=ann%40example.com&x=1',
        id: 'req-1',
      }),
    );
    expect(error).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(error.mock.calls[0]);
    expect(logged).toContain('/api/newsletter/confirm?token=[redacted]&email=[redacted]&x=1');
    expect(logged).not.toContain('abc123');
    expect(logged).not.toContain('example.com');
    expect(replies.at(-1)).toMatchObject({ statusCode: 500, requestId: 'req-1' });
  });
});

describe('HttpErrorFilter answering a coded error', () => {
  interface Sent {
    headers: Record<string, string>;
    body?: unknown;
    status?: number;
  }

  function filterInto(sent: Sent): HttpErrorFilter {
    const http = {
      isHeadersSent: () => false,
      setHeader: (_response: unknown, name: string, value: string) => {
        sent.headers[name] = value;
      },
      reply: (_response: unknown, body: unknown, status: number) => {
        sent.body = body;
        sent.status = status;
      },
    } as unknown as HttpServer;
    return new HttpErrorFilter(http);
  }

  const host = {
    switchToHttp: () => ({
      getRequest: () => ({ url: '/api/newsletter', id: 'req-2' }),
      getResponse: () => ({}),
    }),
  } as unknown as ArgumentsHost;

  afterEach(() => jest.restoreAllMocks());

  it('sends a 429 with its Retry-After seconds and no-store', () => {
    const sent: Sent = { headers: {} };
    filterInto(sent).catch(
      new TooManyRequestsError('LIMITED', 'Too many sign-ups from here; try again in 42 s', 42),
      host,
    );
    expect(sent.status).toBe(429);
    expect(sent.headers).toEqual({ 'cache-control': 'no-store', 'retry-after': '42' });
    expect(sent.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many sign-ups from here; try again in 42 s',
      requestId: 'req-2',
    });
  });

  it('sends no Retry-After for other coded errors', () => {
    const sent: Sent = { headers: {} };
    filterInto(sent).catch(new CodedError('GONE', 'gone', { status: 410 }), host);
    expect(sent.status).toBe(410);
    expect(sent.headers).toEqual({ 'cache-control': 'no-store' });
  });

  it('leaves an upstream away (a coded 502) to the log of where it arose', () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const sent: Sent = { headers: {} };
    filterInto(sent).catch(
      new CodedError('PROVIDER_UNAVAILABLE', 'The payment provider is unavailable', {
        status: 502,
      }),
      host,
    );
    expect(sent.status).toBe(502);
    expect(error).not.toHaveBeenCalled();
  });

  it('keeps a TooManyRequestsError a retryable coded error', () => {
    const limited = new TooManyRequestsError('LIMITED', 'wait', 5);
    expect(limited).toBeInstanceOf(CodedError);
    expect(limited).toMatchObject({ code: 'LIMITED', status: 429, retryable: true });
  });
});
