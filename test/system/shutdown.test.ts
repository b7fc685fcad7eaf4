import { send, type LoadRequest } from './support/load';
import { startStack, type ProcessName, type Stack } from './support/stack';

const SUITE_TIMEOUT = 180_000;
const TOTAL_REQUESTS = 200;
const CONCURRENCY = 20;
/** The signal goes out once this many requests were sent, with 20 of them in flight. */
const SIGNAL_AFTER = 80;
/** Each database answer is held this long, so requests are in flight when the signal arrives. */
const DATABASE_LATENCY_MS = 300;
/**
 * As in Kubernetes (k8s/base/kustomization.yaml): after SIGTERM the process fails readiness and
 * keeps accepting for this long, then closes its listener and lets in-flight requests finish.
 */
const SHUTDOWN_DELAY_MS = '250';

let stack: Stack;

interface Sent {
  beforeSignal: boolean;
  status: number;
  failure?: string;
}

/** Odd requests read the database once; even ones page deeper, so some requests are slower. */
function request(index: number): LoadRequest {
  const limit = index % 2 === 0 ? 40 + (index % 10) : 1 + (index % 20);
  const feed = ['business', 'analysis', 'opinion', 'daytrader'][index % 4];
  return { label: feed, path: `/api/${feed}?limit=${limit}` };
}

/**
 * TOTAL_REQUESTS requests from CONCURRENCY clients against `baseUrl`; `signal` runs as request
 * SIGNAL_AFTER is about to go out, so the first SIGNAL_AFTER requests were sent before it.
 */
async function loadWithSignal(baseUrl: string, signal: () => void): Promise<Sent[]> {
  const sent: Sent[] = [];
  let issued = 0;
  const client = async () => {
    while (issued < TOTAL_REQUESTS) {
      const index = issued;
      issued += 1;
      if (index === SIGNAL_AFTER) signal();
      // A request that gets no answer within this deadline counts as failed.
      const outcome = await send(baseUrl, request(index), 15_000);
      sent.push({
        beforeSignal: index < SIGNAL_AFTER,
        status: outcome.status,
        failure: outcome.failure,
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  return sent;
}

async function sigtermUnderLoad(name: ProcessName, baseUrl: string) {
  const target = stack.process(name);
  let stopped: ReturnType<Stack['stop']> | undefined;
  const sent = await loadWithSignal(baseUrl, () => {
    stopped = stack.stop(name, 'SIGTERM');
  });
  const status = await stopped;
  return { sent, status, output: target.output() };
}

beforeAll(async () => {
  stack = await startStack({
    processes: ['news', 'gateway', 'news-worker', 'insights-worker'],
    env: {
      news: { SHUTDOWN_DELAY_MS, NEWS_CACHE_TTL_SECONDS: '0' },
      gateway: { SHUTDOWN_DELAY_MS, RATE_LIMIT_GENERAL: '1000000' },
    },
  });
  stack.postgres.setLatency(DATABASE_LATENCY_MS);
}, SUITE_TIMEOUT);

afterAll(async () => {
  await stack?.close();
}, SUITE_TIMEOUT);

describe('SIGTERM under load', () => {
  it(
    'news drains every request the gateway passed on before the signal and exits 0',
    async () => {
      const { sent, status, output } = await sigtermUnderLoad('news', stack.url('gateway'));
      const before = sent.filter((outcome) => outcome.beforeSignal);
      expect(before).toHaveLength(SIGNAL_AFTER);
      expect(before.filter((outcome) => outcome.status !== 200)).toEqual([]);
      expect(status).toEqual({ code: 0, signal: null });
      expect(output).not.toMatch(/drain exceeded/);
      // Once it is gone the gateway answers for it, and nothing hangs.
      expect(sent.filter((outcome) => outcome.status === 0)).toEqual([]);
      await stack.start('news');
    },
    SUITE_TIMEOUT,
  );

  it(
    'the gateway drains every request sent before the signal and exits 0',
    async () => {
      const { sent, status } = await sigtermUnderLoad('gateway', stack.url('gateway'));
      const before = sent.filter((outcome) => outcome.beforeSignal);
      expect(before).toHaveLength(SIGNAL_AFTER);
      expect(before.filter((outcome) => outcome.status !== 200)).toEqual([]);
      expect(status).toEqual({ code: 0, signal: null });
    },
    SUITE_TIMEOUT,
  );

  it.each(['news-worker', 'insights-worker'] as const)(
    '%s stops its queue worker and exits 0',
    async (name) => {
      const target = stack.process(name);
      expect(await stack.stop(name, 'SIGTERM')).toEqual({ code: 0, signal: null });
      expect(target.output()).not.toMatch(/drain exceeded/);
    },
    SUITE_TIMEOUT,
  );
});
