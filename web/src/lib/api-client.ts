export type QueryParams = Readonly<Record<string, string | number | boolean | null | undefined>>;
export type PathSegment = string | number;

/** An SWR key: a path, further path segments, and optionally a trailing object of query parameters. */
export type ApiKey =
  | readonly [path: string, ...segments: PathSegment[]]
  | readonly [path: string, ...segments: PathSegment[], query: QueryParams];

export interface RequestOptions {
  /**
   * The spec's catalogue message (section 8) for this call: the error's whole message. Without
   * one the message is the general rule's `status: body`, which every error keeps as `detail`.
   */
  failureMessage?: string;
  /** The spec's 401 switch: throw (the default) or resolve to null. */
  onUnauthorized?: 'throw' | 'return-null';
  /** Extra request headers, e.g. an `Idempotency-Key`. */
  headers?: Readonly<Record<string, string>>;
}

export class HttpError extends Error {
  readonly status: number;
  /** The response body as text, for screens that show the server's own explanation. */
  readonly body: string;
  /** The general rule's `status: body` (or `status: statusText` for an empty body). */
  readonly detail: string;

  constructor(status: number, message: string, body = '', detail = message) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.detail = detail;
  }
}

/** One log line for a failed call: its message, and the status and body behind a catalogue message. */
export function failureLogLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof HttpError && error.detail !== error.message) {
    return `${error.message} (${error.detail})`;
  }
  return error.message;
}

/** The `message` of a JSON error body (`{ statusCode, error, message }`), if the error carries one. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || !error.body) return undefined;
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message.trim()) return parsed.message;
    if (Array.isArray(parsed.message) && parsed.message.length > 0) {
      return parsed.message.map(String).join(' ');
    }
  } catch {
    // Not JSON: no server explanation to show.
  }
  return undefined;
}

function isQueryParams(value: unknown): value is QueryParams {
  return typeof value === 'object' && value !== null;
}

/** The URL a key asks for: its path, each further segment encoded as one, then its query. */
export function keyUrl(key: ApiKey): string {
  const [base, ...rest] = key;
  const last = rest.at(-1);
  const query = isQueryParams(last) ? last : undefined;
  const segments = (query ? rest.slice(0, -1) : rest) as PathSegment[];
  const path = [base, ...segments.map((segment) => encodeURIComponent(String(segment)))].join('/');
  if (!query) return path;

  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function toHttpError(response: Response, failureMessage?: string): Promise<HttpError> {
  const body = await response.text().catch(() => '');
  const detail = `${response.status}: ${body || response.statusText}`;
  // Spec section 8: calls the catalogue names raise its message as it is written; the others the
  // general rule. The status and body stay on the error for screens and log lines.
  return new HttpError(response.status, failureMessage ?? detail, body, detail);
}

/**
 * The 401 the caller asked to treat as "nobody": its body is read all the same, or the browser
 * keeps the request open (an unread body holds the connection and the page never goes idle).
 */
async function unauthorizedAsNull(response: Response, options: RequestOptions): Promise<boolean> {
  if (response.status !== 401 || options.onUnauthorized !== 'return-null') return false;
  await response.text().catch(() => '');
  return true;
}

export async function apiGet<T>(key: ApiKey, options: RequestOptions = {}): Promise<T> {
  const response = await fetch(keyUrl(key), {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (await unauthorizedAsNull(response, options)) return null as T;
  if (!response.ok) throw await toHttpError(response, options.failureMessage);
  return (await response.json()) as T;
}

/** A read whose 404 is an answer (there is nothing there), not a failure: it resolves to null. */
export async function apiGetOrNull<T>(
  key: ApiKey,
  options: RequestOptions = {},
): Promise<T | null> {
  try {
    return await apiGet<T>(key, options);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** A POST to `target`: a path, or a key as the read calls take it (mutation hooks pass theirs). */
export async function apiPost<T = unknown>(
  target: string | ApiKey,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T | null> {
  const hasBody = body !== undefined;
  const response = await fetch(typeof target === 'string' ? target : keyUrl(target), {
    method: 'POST',
    credentials: 'include',
    headers: {
      ...options.headers,
      Accept: 'application/json',
      ...(hasBody && { 'Content-Type': 'application/json' }),
    },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  if (await unauthorizedAsNull(response, options)) return null;
  if (!response.ok) throw await toHttpError(response, options.failureMessage);
  // Some mutations answer with an empty body; that is a success with nothing to read.
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}

/** The default SWR fetcher: the key is the request. */
export function fetchKey<T>(key: ApiKey): Promise<T> {
  return apiGet<T>(key);
}
