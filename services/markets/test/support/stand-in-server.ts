import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How a stand-in answers: as the provider does, or with one of the faults the adapters must map.
 * `stop()` covers the last one, a provider that cannot be reached at all.
 */
export type StandInMode =
  /** The provider's documented answers. */
  | 'normal'
  /** 429 with Retry-After (`retryAfter`, default 7 seconds). */
  | 'rate-limited'
  /** 500. */
  | 'failing'
  /** 200 with JSON the adapter cannot recognise (`body`, default `{ unexpected: 'shape' }`). */
  | 'wrong-shape'
  /** 200 with an HTML page, as a proxy or a maintenance page answers. */
  | 'not-json'
  /** Takes the request and never answers. */
  | 'hanging';

export interface ModeOptions {
  /** The Retry-After header in rate-limited mode, as sent: seconds or an HTTP date. */
  retryAfter?: string;
  /** The body in wrong-shape mode. */
  body?: unknown;
}

export interface RecordedRequest {
  method: string;
  /** The address as it arrived (path and query), i.e. what a log line of the address would hold. */
  url: string;
  /** The path below the stand-in's base path, e.g. /quote. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface StandIn<M extends string = StandInMode> {
  /** The base URL to configure the adapter with (the provider's base path included). */
  readonly url: string;
  /** The key the stand-in accepts. */
  readonly apiKey: string;
  /** Every request since the start or the last reset, in order (the same array throughout). */
  readonly requests: readonly RecordedRequest[];
  /** Requests to a path, or to a path naming a symbol (a comma-separated `symbol` counts each). */
  count(path: string, symbol?: string): number;
  setMode(mode: M, options?: ModeOptions): void;
  /** Back to normal answers, with no requests recorded. */
  reset(): void;
  /** Closes the server and every open connection: later requests are refused. Idempotent. */
  stop(): Promise<void>;
}

export interface Answer {
  status: number;
  /** Sent as JSON, or as it is when a string. */
  body: unknown;
  headers?: Record<string, string>;
}

export const DEFAULT_RETRY_AFTER = '7';
export const DEFAULT_WRONG_SHAPE = { unexpected: 'shape' };
export const NOT_JSON_PAGE = '<!doctype html><title>Service maintenance</title><p>Back soon.</p>';

/**
 * Starts a provider stand-in on 127.0.0.1 with a free port. In normal mode it gives `answer`; the
 * common faults (rate-limited, failing, wrong-shape, not-json, hanging) are answered alike for every
 * provider, with its own words in `faults`; `ownMode` answers the modes only this provider has.
 */
export async function startStandIn<M extends string = StandInMode>(config: {
  /** The provider's base path, e.g. /api/v1 for Finnhub; '' for the host's root. */
  basePath: string;
  apiKey: string;
  /** The provider's bodies of a 429 and a 500. */
  faults: { rateLimited: unknown; failing: unknown };
  answer: (request: RecordedRequest) => Answer;
  ownMode?: (mode: M) => Answer | null;
}): Promise<StandIn<M>> {
  const requests: RecordedRequest[] = [];
  let mode: string = 'normal';
  let options: ModeOptions = {};
  let stopped = false;
  const respond = (request: RecordedRequest): Answer | 'hang' =>
    config.ownMode?.(mode as M) ??
    commonFault(mode, options, config.faults) ??
    config.answer(request);

  const server = http.createServer((req, res) => {
    const address = new URL(req.url ?? '/', 'http://stand-in');
    const path = address.pathname.startsWith(config.basePath)
      ? address.pathname.slice(config.basePath.length) || '/'
      : address.pathname;
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path,
      query: address.searchParams,
      headers: req.headers,
    };
    requests.push(request);
    const answer = respond(request);
    // A hanging answer keeps the connection open until the client gives up or the stand-in stops.
    if (answer !== 'hang') send(res, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${config.basePath}`,
    apiKey: config.apiKey,
    requests,
    count: (path, symbol) =>
      requests.filter(
        (request) =>
          request.path === path &&
          (symbol === undefined || (request.query.get('symbol') ?? '').split(',').includes(symbol)),
      ).length,
    setMode: (next, nextOptions = {}) => {
      mode = next;
      options = nextOptions;
    },
    reset: () => {
      mode = 'normal';
      options = {};
      requests.length = 0;
    },
    stop: () => {
      if (stopped) return Promise.resolve();
      stopped = true;
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function send(res: ServerResponse, answer: Answer): void {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const type =
    typeof answer.body === 'string'
      ? 'text/html; charset=utf-8'
      : 'application/json; charset=utf-8';
  res.writeHead(answer.status, { 'content-type': type, ...answer.headers });
  res.end(text);
}

/** The fault answers every stand-in gives alike; null in normal mode (and for provider-only modes). */
function commonFault(
  mode: string,
  options: ModeOptions,
  bodies: { rateLimited: unknown; failing: unknown },
): Answer | 'hang' | null {
  switch (mode) {
    case 'rate-limited':
      return {
        status: 429,
        body: bodies.rateLimited,
        headers: { 'retry-after': options.retryAfter ?? DEFAULT_RETRY_AFTER },
      };
    case 'failing':
      return { status: 500, body: bodies.failing };
    case 'wrong-shape':
      return { status: 200, body: options.body ?? DEFAULT_WRONG_SHAPE };
    case 'not-json':
      return { status: 200, body: NOT_JSON_PAGE };
    case 'hanging':
      return 'hang';
    default:
      return null;
  }
}
