export interface LoadRequest {
  label: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Outcome {
  label: string;
  /** The HTTP status, or 0 when the request failed without one (connection error, own timeout). */
  status: number;
  /** Why a request got no status: 'timeout' when its own deadline passed first. */
  failure?: 'timeout' | 'network';
  body: string;
  contentType: string | null;
  /** Sequence numbers of the test's marks current when the request started and when it settled. */
  startedAfter: number;
  settledAfter: number;
}

/** One request with its own deadline; a request still open at the deadline counts as hung. */
export async function send(
  baseUrl: string,
  request: LoadRequest,
  timeoutMs: number,
): Promise<Omit<Outcome, 'startedAfter' | 'settledAfter'>> {
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method ?? 'GET',
      headers: {
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await response.text();
    return {
      label: request.label,
      status: response.status,
      body,
      contentType: response.headers.get('content-type'),
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      label: request.label,
      status: 0,
      failure: timedOut ? 'timeout' : 'network',
      body: error instanceof Error ? error.message : String(error),
      contentType: null,
    };
  }
}

/**
 * A bounded request loop: `concurrency` clients cycling through `requests` until stopped or until
 * `maxRequests` were sent. Every outcome is kept with the marks current when it started and ended,
 * so a test can judge each request by the phase (service up, down, back) it ran in.
 */
export class LoadLoop {
  readonly outcomes: Outcome[] = [];
  private mark = 0;
  private sent = 0;
  private stopped = false;
  private readonly clients: Promise<void>[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly requests: LoadRequest[],
    private readonly options: { concurrency: number; timeoutMs: number; maxRequests: number },
  ) {}

  start(): this {
    for (let client = 0; client < this.options.concurrency; client += 1) {
      this.clients.push(this.run(client));
    }
    return this;
  }

  /** Starts a new phase; returns its number. */
  nextMark(): number {
    this.mark += 1;
    return this.mark;
  }

  async stop(): Promise<Outcome[]> {
    this.stopped = true;
    await Promise.all(this.clients);
    return this.outcomes;
  }

  private async run(client: number): Promise<void> {
    let index = client;
    while (!this.stopped && this.sent < this.options.maxRequests) {
      this.sent += 1;
      const request = this.requests[index % this.requests.length];
      index += 1;
      const startedAfter = this.mark;
      const outcome = await send(this.baseUrl, request, this.options.timeoutMs);
      this.outcomes.push({ ...outcome, startedAfter, settledAfter: this.mark });
    }
  }
}
