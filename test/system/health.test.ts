import { waitFor } from '@probedge/kit/testing';
import { readyNeedsDatabase, startStack, type ProcessName, type Stack } from './support/stack';

const PROCESSES: ProcessName[] = [
  'content',
  'news',
  'news-worker',
  'insights',
  'insights-worker',
  'billing',
  'markets',
  'gateway',
];

/**
 * Every service process reads and writes its own database; the gateway has none. Those whose
 * readiness asks it: all but markets, which serves quotes without its database (where it keeps
 * bars and instruments), so it stays ready, as the gateway does.
 */
const NEED_POSTGRES = PROCESSES.filter(readyNeedsDatabase);
const READY_WITHOUT_POSTGRES = PROCESSES.filter((name) => !readyNeedsDatabase(name));

/**
 * Only the workers need Redis to do their work (the job queues), and markets, whose cache and
 * provider budgets live there (its /readyz pings Redis). The other APIs stay ready without it by
 * design: news lists fall back to Postgres, insights reads come from Postgres and generation answers
 * 503, and the gateway's rate limits fail open (docs/architecture.md).
 */
const NEED_REDIS: ProcessName[] = ['news-worker', 'insights-worker', 'markets'];

/** A read endpoint of each API that goes to its database. */
const READS: { name: ProcessName; path: string; headers?: Record<string, string> }[] = [
  // Reads nobody asked for yet, so neither content's memory nor news' Redis cache can answer them.
  { name: 'content', path: '/api/faq' },
  { name: 'news', path: '/api/analysis?limit=7' },
  { name: 'insights', path: '/api/daily-analysis' },
  {
    name: 'billing',
    path: '/api/check-subscription',
    // A well-formed access token, so the lookup goes to the database.
    headers: { cookie: `probedge_access=${'a'.repeat(43)}` },
  },
];

const SETUP_TIMEOUT = 120_000;

let stack: Stack;

async function status(url: string, headers?: Record<string, string>): Promise<number> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

const probe = (name: ProcessName, path: '/healthz' | '/readyz') =>
  status(`${stack.url(name)}${path}`);

async function probes(names: ProcessName[], path: '/healthz' | '/readyz') {
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await probe(name, path)] as const)),
  );
}

const everyone = (names: ProcessName[], code: number) =>
  Object.fromEntries(names.map((name) => [name, code]));

beforeAll(async () => {
  stack = await startStack({ processes: PROCESSES });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await stack?.close();
}, SETUP_TIMEOUT);

describe('every process of the platform', () => {
  it.each(PROCESSES)('%s answers /healthz, /readyz and /metrics', async (name) => {
    const base = stack.url(name);
    const live = await fetch(`${base}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok' });

    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await metrics.text();
    expect(text).toMatch(/^# HELP process_resident_memory_bytes /m);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });
});

describe('when Postgres goes away', () => {
  it(
    'the processes that use it turn unready while staying live, and recover without a restart',
    async () => {
      const pids = Object.fromEntries(
        PROCESSES.map((name) => [name, stack.process(name).child.pid]),
      );
      stack.postgres.cut();
      try {
        await waitFor(
          async () =>
            Object.values(await probes(NEED_POSTGRES, '/readyz')).every((code) => code === 503),
          'every process whose readiness needs Postgres unready',
        );
        expect(await probes(PROCESSES, '/healthz')).toEqual(everyone(PROCESSES, 200));
        // The gateway has no database and markets answers without its own: they stay ready (the
        // gateway keeps answering for the services).
        expect(await probes(READY_WITHOUT_POSTGRES, '/readyz')).toEqual(
          everyone(READY_WITHOUT_POSTGRES, 200),
        );
        const body = await (await fetch(`${stack.url('content')}/readyz`)).json();
        expect(body).toMatchObject({ status: 'unavailable' });
      } finally {
        stack.postgres.restore();
      }
      await waitFor(
        async () => Object.values(await probes(PROCESSES, '/readyz')).every((code) => code === 200),
        'every process ready again',
      );
      for (const name of PROCESSES) {
        expect(stack.process(name).child.pid).toBe(pids[name]);
        expect(stack.process(name).child.exitCode).toBeNull();
      }
    },
    SETUP_TIMEOUT,
  );

  it.each(READS)(
    "$name's read endpoint answers 503 JSON naming no host, then 200 once it is back",
    async ({ name, path, headers }) => {
      const address = `${stack.url(name)}${path}`;
      stack.postgres.cut();
      try {
        const response = await fetch(address, { headers, signal: AbortSignal.timeout(15_000) });
        expect(response.status).toBe(503);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        const text = await response.text();
        expect(JSON.parse(text)).toMatchObject({
          statusCode: 503,
          error: 'Service Unavailable',
          message: expect.any(String),
        });
        expect(text).not.toMatch(/127\.0\.0\.1|localhost|:\d{4,5}\b|ECONN|stack/i);
      } finally {
        stack.postgres.restore();
      }
      // Today's analysis does not exist yet: 404 is insights' healthy answer.
      const healthy = name === 'insights' ? 404 : 200;
      await waitFor(
        async () => (await status(address, headers)) === healthy,
        `${name} answering again`,
      );
    },
    SETUP_TIMEOUT,
  );

  it(
    'news still serves a list from its Redis cache',
    async () => {
      const address = `${stack.url('news')}/api/business?limit=5`;
      const cached = await fetch(address);
      expect(cached.status).toBe(200);
      const body = await cached.json();
      stack.postgres.cut();
      try {
        const response = await fetch(address, { signal: AbortSignal.timeout(15_000) });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(body);
      } finally {
        stack.postgres.restore();
      }
    },
    SETUP_TIMEOUT,
  );
});

describe('when Redis goes away', () => {
  it(
    'the workers and markets turn unready while the other APIs and the gateway stay ready by design, then recover',
    async () => {
      const stayReady = PROCESSES.filter((name) => !NEED_REDIS.includes(name));
      stack.redis.cut();
      try {
        await waitFor(
          async () =>
            Object.values(await probes(NEED_REDIS, '/readyz')).every((code) => code === 503),
          'the workers unready',
        );
        expect(await probes(PROCESSES, '/healthz')).toEqual(everyone(PROCESSES, 200));
        expect(await probes(stayReady, '/readyz')).toEqual(everyone(stayReady, 200));
      } finally {
        stack.redis.restore();
      }
      await waitFor(
        async () => Object.values(await probes(PROCESSES, '/readyz')).every((code) => code === 200),
        'every process ready again',
      );
    },
    SETUP_TIMEOUT,
  );
});
