import { Client } from 'pg';
import { waitFor } from '@probedge/kit/testing';
import { LoadLoop, send, type LoadRequest, type Outcome } from './support/load';
import { buyInSandbox } from './support/sandbox';
import { startStack, type ServiceName, type Stack } from './support/stack';

/** The services behind the gateway, each with a database of its own. */
type Service = ServiceName;

/** The gateway's upstream timeout in this stack; every request's own deadline sits just above it. */
const UPSTREAM_TIMEOUT_MS = 4000;
const REQUEST_TIMEOUT_MS = UPSTREAM_TIMEOUT_MS + 1000;
const SUITE_TIMEOUT = 180_000;

const ACCESS_COOKIE = `probedge_access=${'b'.repeat(43)}`;

/** Asks past the gateway's response cache, as a hard reload does, to reach the service every time. */
const PAST_CACHES = { 'cache-control': 'no-cache' };

/**
 * One read per service, each going to the service's database (markets': its sample provider, through
 * its Redis cache). Guides, news lists and market figures are shareable, so those reads ask past the
 * gateway's cache.
 */
const READS: Record<Service, LoadRequest> = {
  content: { label: 'content', path: '/api/guides', headers: PAST_CACHES },
  news: {
    label: 'news',
    path: '/api/business?limit=5',
    headers: PAST_CACHES,
  },
  insights: { label: 'insights', path: '/api/daily-opinion' },
  billing: {
    label: 'billing',
    path: '/api/check-subscription',
    headers: { cookie: ACCESS_COOKIE },
  },
  markets: { label: 'markets', path: '/api/market', headers: PAST_CACHES },
};
const SERVICES = Object.keys(READS) as Service[];
/** Markets keeps its cache and provider budgets in Redis: without it, it cannot answer as usual. */
const NEED_REDIS: Service[] = ['markets'];

/** Today's opinion is never generated here, so insights' healthy answer to it is 404. */
const HEALTHY: Record<Service, number> = {
  content: 200,
  news: 200,
  insights: 404,
  billing: 200,
  markets: 200,
};

const GENERATE: LoadRequest = {
  label: 'generate',
  method: 'POST',
  path: '/api/generate-analysis',
  body: '{}',
};

let stack: Stack;
let loop: LoadLoop;
let subscriberCookie: string;

const gateway = () => stack.url('gateway');

function expectJsonError(outcome: Outcome, statusCode: number): void {
  expect(outcome.status).toBe(statusCode);
  expect(outcome.contentType).toMatch(/^application\/json/);
  expect(JSON.parse(outcome.body)).toMatchObject({ statusCode, message: expect.any(String) });
  expect(outcome.body).not.toMatch(/127\.0\.0\.1|localhost|:\d{4,5}\b|ECONN/);
}

/** Outcomes of `label` that started and settled inside the phase begun by mark `from` and ended by `to`. */
function within(outcomes: Outcome[], label: string, from: number, to: number): Outcome[] {
  return outcomes.filter(
    (outcome) =>
      outcome.label === label &&
      outcome.startedAfter >= from &&
      outcome.settledAfter >= from &&
      outcome.settledAfter < to,
  );
}

const countSince = (label: string, mark: number) =>
  loop.outcomes.filter((outcome) => outcome.label === label && outcome.startedAfter >= mark).length;

async function seedArticles(newsUrl: string): Promise<void> {
  const client = new Client({ connectionString: newsUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO sources (id, url, feed) VALUES ('system-wire', 'https://wire.example/rss', 'business')`,
    );
    for (let i = 0; i < 6; i += 1) {
      await client.query(
        `INSERT INTO articles (id, source_id, guid, canonical_url, url, title, description,
           published_at, fetched_at, feed, tickers)
         VALUES (gen_random_uuid(), 'system-wire', $1, $2, $2, $3, $4,
           now() - ($5 || ' minutes')::interval, now(), 'business', '{}')`,
        [
          `wire-${i}`,
          `https://wire.example/story-${i}`,
          `Markets move on rate outlook, part ${i}`,
          'Stocks and bonds react to the latest comments on interest rates and earnings.',
          String(20 + i * 15),
        ],
      );
    }
  } finally {
    await client.end();
  }
}

async function countRows(databaseUrl: string, sql: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(sql);
    return Number(result.rows[0].count);
  } finally {
    await client.end();
  }
}

/** A sandbox purchase through the gateway: the access cookie it leaves in the browser. */
async function subscribe(): Promise<string> {
  return (await buyInSandbox(gateway(), 'subscriber@example.com')).accessCookie;
}

async function hasAccess(cookie: string): Promise<boolean> {
  const res = await fetch(`${gateway()}/api/check-subscription`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { hasAccess: boolean }).hasAccess;
}

beforeAll(async () => {
  stack = await startStack({
    processes: ['content', 'news', 'insights', 'insights-worker', 'billing', 'markets', 'gateway'],
    env: {
      gateway: {
        UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
        // One client sends everything here; the limits have their own test.
        RATE_LIMIT_GENERAL: '1000000',
        RATE_LIMIT_GENERATE: '1000',
      },
      // Long enough that the cached lists outlive the test; ingestion would invalidate news' sooner.
      news: { NEWS_CACHE_TTL_SECONDS: '3600' },
      content: { CONTENT_CACHE_SECONDS: '3600' },
      // Every read goes to the database, so a cut shows at once as the 503 passed through.
      insights: { INSIGHTS_GENERATE_WAIT_MS: '3000', INSIGHTS_READ_REUSE_MS: '0' },
    },
  });
  await seedArticles(stack.databases.news!);
  subscriberCookie = await subscribe();
  expect(await hasAccess(subscriberCookie)).toBe(true);
  loop = new LoadLoop(gateway(), Object.values(READS), {
    concurrency: 4,
    timeoutMs: REQUEST_TIMEOUT_MS,
    maxRequests: 50_000,
  }).start();
}, SUITE_TIMEOUT);

afterAll(async () => {
  await loop?.stop();
  await stack?.close();
}, SUITE_TIMEOUT);

describe('faults through the gateway while requests flow', () => {
  it.each(SERVICES)(
    'with %s killed the gateway answers 502 JSON for its routes, the others keep answering, and it recovers on restart',
    async (service) => {
      const others = SERVICES.filter((name) => name !== service);
      const before = loop.nextMark();
      await stack.stop(service, 'SIGKILL');
      const down = loop.nextMark();
      await waitFor(() => countSince(service, down) >= 5, `requests to ${service} while down`);
      const restarting = loop.nextMark();
      await stack.start(service);
      const back = loop.nextMark();
      await waitFor(() => countSince(service, back) >= 5, `requests to ${service} once back`);
      const end = loop.nextMark();

      const outcomes = [...loop.outcomes];
      const whileDown = within(outcomes, service, down, restarting);
      expect(whileDown.length).toBeGreaterThan(0);
      for (const outcome of whileDown) expectJsonError(outcome, 502);
      for (const outcome of within(outcomes, service, back, end)) {
        expect(outcome.status).toBe(HEALTHY[service]);
      }
      for (const other of others) {
        const served = within(outcomes, other, before, end);
        expect(served.length).toBeGreaterThan(0);
        expect(served.map((outcome) => outcome.status)).toEqual(served.map(() => HEALTHY[other]));
      }
    },
    SUITE_TIMEOUT,
  );

  it(
    'with news killed, the answers the gateway holds are still served and the rest answer 502',
    async () => {
      const held = '/api/business?limit=4';
      const first = await send(gateway(), { label: 'held', path: held }, REQUEST_TIMEOUT_MS);
      expect(first.status).toBe(200);
      await stack.stop('news', 'SIGKILL');
      try {
        const again = await send(gateway(), { label: 'held', path: held }, REQUEST_TIMEOUT_MS);
        expect(again.status).toBe(200);
        expect(again.body).toBe(first.body);
        const other = await send(
          gateway(),
          { label: 'other', path: '/api/business?limit=3' },
          REQUEST_TIMEOUT_MS,
        );
        expectJsonError({ ...other, startedAfter: 0, settledAfter: 0 }, 502);
      } finally {
        await stack.start('news');
      }
    },
    SUITE_TIMEOUT,
  );

  it(
    'without Redis the news lists are still served and generation answers 503; both work once it is back',
    async () => {
      const held = { label: 'held', path: '/api/business?limit=2' };
      const before = await send(gateway(), held, REQUEST_TIMEOUT_MS);
      expect(before.status).toBe(200);
      const cut = loop.nextMark();
      stack.redis.cut();
      try {
        // What the gateway holds is still served: its rate limit is not enforced without Redis.
        const during = await send(gateway(), held, REQUEST_TIMEOUT_MS);
        expect(during.status).toBe(200);
        expect(during.body).toBe(before.body);
        expectJsonError(
          {
            ...(await send(gateway(), GENERATE, REQUEST_TIMEOUT_MS)),
            startedAfter: 0,
            settledAfter: 0,
          },
          503,
        );
        await waitFor(() => countSince('news', cut) >= 5, 'news requests without Redis');
      } finally {
        stack.redis.restore();
      }
      const restored = loop.nextMark();
      for (const service of SERVICES.filter((name) => !NEED_REDIS.includes(name))) {
        const served = within([...loop.outcomes], service, cut, restored);
        expect(served.map((outcome) => outcome.status)).toEqual(served.map(() => HEALTHY[service]));
      }
      for (const service of NEED_REDIS) {
        // No figure from nowhere: an answer (its provider needs no Redis), or its own 503 JSON. It
        // skips Redis once its client knows it is away, so the gateway never gives up on it (504).
        for (const outcome of within([...loop.outcomes], service, cut, restored)) {
          if (outcome.status === HEALTHY[service]) continue;
          expectJsonError(outcome, 503);
        }
      }
      let generated: Awaited<ReturnType<typeof send>> | undefined;
      await waitFor(async () => {
        generated = await send(gateway(), GENERATE, REQUEST_TIMEOUT_MS);
        return generated.status !== 503;
      }, 'generation once Redis is back');
      expect(generated?.status).toBe(200);
      expect(JSON.parse(generated!.body)).toMatchObject({ content: expect.any(String) });
    },
    SUITE_TIMEOUT,
  );

  it(
    'without Postgres the gateway passes 503 JSON through, serves cached news and guides, and recovers',
    async () => {
      const cut = loop.nextMark();
      stack.postgres.cut();
      try {
        await waitFor(
          () => SERVICES.every((service) => countSince(service, cut) >= 5),
          'requests while Postgres is away',
        );
      } finally {
        stack.postgres.restore();
      }
      const restored = loop.nextMark();
      await waitFor(
        async () => (await send(gateway(), READS.billing, REQUEST_TIMEOUT_MS)).status === 200,
        'billing reading its database again',
      );
      const back = loop.nextMark();
      await waitFor(
        () => SERVICES.every((service) => countSince(service, back) >= 3),
        'requests once Postgres is back',
      );
      const end = loop.nextMark();

      const outcomes = [...loop.outcomes];
      for (const service of ['insights', 'billing'] as const) {
        const whileCut = within(outcomes, service, cut, restored);
        expect(whileCut.length).toBeGreaterThan(0);
        for (const outcome of whileCut) expectJsonError(outcome, 503);
      }
      for (const service of ['news', 'content'] as const) {
        const cached = within(outcomes, service, cut, restored);
        expect(cached.length).toBeGreaterThan(0);
        expect(cached.map((outcome) => outcome.status)).toEqual(cached.map(() => 200));
      }
      for (const service of SERVICES) {
        const served = within(outcomes, service, back, end);
        expect(served.map((outcome) => outcome.status)).toEqual(served.map(() => HEALTHY[service]));
      }
    },
    SUITE_TIMEOUT,
  );

  it(
    'kept one daily analysis and the subscription through it all, and no request hung past the gateway timeout',
    async () => {
      const again = await send(gateway(), GENERATE, REQUEST_TIMEOUT_MS);
      expect(again.status).toBe(200);
      expect(
        await countRows(
          stack.databases.insights!,
          `SELECT count(*) FROM daily_items WHERE kind = 'analysis'`,
        ),
      ).toBe(1);
      expect(await hasAccess(subscriberCookie)).toBe(true);
      const billing = stack.databases.billing!;
      expect(await countRows(billing, 'SELECT count(*) FROM subscriptions')).toBe(1);
      expect(await countRows(billing, 'SELECT count(*) FROM customers')).toBe(1);

      const outcomes = await loop.stop();
      // Each kill phase alone waited for ten requests to its service.
      expect(outcomes.length).toBeGreaterThanOrEqual(SERVICES.length * 10);
      const unsettled = outcomes.filter((outcome) => outcome.status === 0);
      expect(unsettled).toEqual([]);
    },
    SUITE_TIMEOUT,
  );
});
