import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestDatabase, freePort, type TestDatabase } from '@probedge/kit/testing';
import { ROUTES, type RouteDefinition, type ServiceName } from '@probedge/proto';
import fc from 'fast-check';
import { startGateway, type RunningGateway } from './support/gateway';

/**
 * Every route of the table, through the real gateway, to the real services on databases of their
 * own (Stripe is the only stand-in: a local server speaking its API). Whatever the query string,
 * headers and body, the answer is never a 5xx, every error is the JSON error shape, and no answer
 * shows a stack trace, a source path or where the services live.
 */

const SERVICES_DIR = path.join(__dirname, '..', '..', 'services');
const RUNS_PER_ROUTE = 20;
const PUBLIC_ORIGIN = 'http://localhost:8080';
const ERROR_KEYS = ['error', 'message', 'requestId', 'statusCode'];
/** Anything that reads as a stack frame, a source file, or an internal failure leaking out. */
const LEAKS = [
  /\bat (?:async )?[\w$.<>[\] ]+ \(?[^\s()]+:\d+:\d+\)?/,
  /node_modules|\/work\/|[\w-]+\.(?:ts|js):\d+/,
  /\b(?:ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN)\b/,
  /Prisma|postgres(?:ql)?:\/\/|redis:\/\//i,
];

interface ServiceApp {
  app: NestExpressApplication;
  close(): Promise<void>;
}

type Constructor<T> = abstract new (...args: never[]) => T;

/** The services are workspaces of their own: their test helpers load at run time, by path. */
async function load<T>(relative: string): Promise<T> {
  return (await import(path.join(SERVICES_DIR, relative))) as T;
}

interface Platform {
  gateway: RunningGateway;
  /** Requests each service's HTTP server received, to show the fuzz reaches them. */
  received: Record<ServiceName, number>;
  /** Where the services listen: must never appear in an answer. */
  internalAddresses: string[];
  slugs: string[];
  close(): Promise<void>;
}

async function listen(service: ServiceApp): Promise<string> {
  await service.app.listen(0, '127.0.0.1');
  const { port } = service.app.getHttpServer().address() as AddressInfo;
  return `127.0.0.1:${port}`;
}

async function startPlatform(): Promise<Platform> {
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => undefined);
  };
  try {
    const content = await load<{
      BUNDLED_CONTENT_DIR: string;
      startTestApp(dir: string): Promise<ServiceApp>;
    }>('content/test/support');
    const { SyncService } = await load<{
      SyncService: Constructor<{ sync(): Promise<unknown> }>;
    }>('content/src/sync/sync.service');
    const contentApp = await content.startTestApp(content.BUNDLED_CONTENT_DIR);
    closers.push(() => contentApp.close());
    await contentApp.app.get(SyncService).sync();

    const news = await load<{
      startTestApp(): Promise<
        ServiceApp & {
          sources: {
            sync(definitions: { id: string; url: string; feed: string }[]): Promise<void>;
          };
        }
      >;
    }>('news/test/support');
    const { newsGrpcServerOptions } = await load<{
      newsGrpcServerOptions(host: string, port: number): object;
    }>('news/src/grpc/grpc-options');
    const { PrismaService } = await load<{
      PrismaService: Constructor<{
        article: { createMany(args: { data: Record<string, unknown>[] }): Promise<unknown> };
      }>;
    }>('news/src/prisma/prisma.service');
    const newsApp = await news.startTestApp();
    closers.push(() => newsApp.close());
    const grpcPort = await freePort();
    newsApp.app.connectMicroservice(newsGrpcServerOptions('127.0.0.1', grpcPort), {
      inheritAppConfig: false,
    });
    await newsApp.app.startAllMicroservices();
    await seedArticles(newsApp, PrismaService);

    const insights = await load<{
      createStage(env: NodeJS.ProcessEnv): Promise<{ close(): Promise<void> }>;
      startApi(stage: unknown): Promise<ServiceApp>;
      startWorker(stage: unknown): Promise<ServiceApp>;
    }>('insights/test/support');
    const stage = await insights.createStage({
      NEWS_GRPC_URL: `127.0.0.1:${grpcPort}`,
      INSIGHTS_GENERATE_WAIT_MS: '3000',
    });
    closers.push(() => stage.close());
    const insightsWorker = await insights.startWorker(stage);
    closers.push(() => insightsWorker.close());
    const insightsApi = await insights.startApi(stage);
    closers.push(() => insightsApi.close());

    const billing = await load<{
      MIGRATIONS_DIR: string;
      startBillingApp(env: NodeJS.ProcessEnv): Promise<ServiceApp>;
      stripeEnv(database: TestDatabase, stripe: unknown): NodeJS.ProcessEnv;
    }>('billing/test/support');
    const { FakeStripe } = await load<{
      FakeStripe: new () => { start(): Promise<{ stop(): Promise<void> }> };
    }>('billing/test/fake-stripe');
    const billingDatabase = await createTestDatabase('probedge_billing', billing.MIGRATIONS_DIR);
    closers.push(() => billingDatabase.drop());
    const stripe = await new FakeStripe().start();
    closers.push(() => stripe.stop());
    const billingApp = await billing.startBillingApp(billing.stripeEnv(billingDatabase, stripe));
    closers.push(() => billingApp.close());

    const markets = await load<{
      startTestApp(env?: NodeJS.ProcessEnv): Promise<ServiceApp>;
    }>('markets/test/test-app');
    const marketsApp = await markets.startTestApp();
    closers.push(() => marketsApp.close());

    const apps: Record<ServiceName, ServiceApp> = {
      content: contentApp,
      news: newsApp,
      insights: insightsApi,
      billing: billingApp,
      markets: marketsApp,
    };
    const received = { content: 0, news: 0, insights: 0, billing: 0, markets: 0 };
    const addresses = {} as Record<ServiceName, string>;
    for (const [name, service] of Object.entries(apps) as [ServiceName, ServiceApp][]) {
      addresses[name] = await listen(service);
      service.app.getHttpServer().on('request', () => {
        received[name] += 1;
      });
    }
    const gateway = await startGateway({
      CONTENT_URL: `http://${addresses.content}`,
      NEWS_URL: `http://${addresses.news}`,
      INSIGHTS_URL: `http://${addresses.insights}`,
      BILLING_URL: `http://${addresses.billing}`,
      MARKETS_URL: `http://${addresses.markets}`,
    });
    closers.push(() => gateway.close());
    const guides = (await (await fetch(`${gateway.url}/api/guides`)).json()) as { slug: string }[];
    const blogs = (await (await fetch(`${gateway.url}/api/blogs`)).json()) as { slug: string }[];
    return {
      gateway,
      received,
      internalAddresses: [...Object.values(addresses), `127.0.0.1:${grpcPort}`],
      slugs: [...guides, ...blogs].map((item) => item.slug),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A day of articles in every feed, so lists have rows and generation has a day to write about. */
async function seedArticles(
  news: ServiceApp & {
    sources: { sync(definitions: { id: string; url: string; feed: string }[]): Promise<void> };
  },
  prismaService: Constructor<{
    article: { createMany(args: { data: Record<string, unknown>[] }): Promise<unknown> };
  }>,
): Promise<void> {
  const feeds = ['business', 'analysis', 'opinion', 'daytrader', 'general'];
  await news.sources.sync(
    feeds.map((feed) => ({ id: `wire-${feed}`, url: `https://${feed}.example.com/rss`, feed })),
  );
  const now = Date.now();
  await news.app.get(prismaService).article.createMany({
    data: Array.from({ length: 40 }, (_, i) => {
      const feed = feeds[i % feeds.length];
      return {
        sourceId: `wire-${feed}`,
        guid: `fuzz-${i}`,
        canonicalUrl: `https://${feed}.example.com/story-${i}`,
        url: `https://${feed}.example.com/story-${i}`,
        title: `Story ${i}: $ACME and (NASDAQ: MSFT) move on earnings`,
        description: `What happened to ACME and MSFT today, part ${i}.`,
        publishedAt: new Date(now - i * 15 * 60_000),
        fetchedAt: new Date(now),
        feed,
        category: i % 3 === 0 ? 'stocks' : null,
        tickers: ['ACME', 'MSFT'],
      };
    }),
  });
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface FuzzRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * Sends the request as generated, with a Content-Length that matches its body. A server may answer
 * (413) and close before a large body is fully written; the answer is what counts.
 */
function send(baseUrl: string, request: FuzzRequest): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        hostname,
        port,
        path: request.target,
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body !== undefined && { 'content-length': String(request.body.length) }),
        },
        agent: false,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(request.body);
  });
}

const printable = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength });
/** Lone surrogates cannot be percent-encoded; they become U+FFFD as a browser would send them. */
const wellFormed = (value: string) =>
  value.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
const anyText = (maxLength: number) =>
  fc.oneof(
    printable(maxLength),
    fc.string({ unit: 'binary', maxLength }).map(wellFormed),
    fc.constantFrom('', ' ', '%', '%00', '%zz', '..', '../..', 'null', 'undefined', '<script>'),
  );

const QUERY_KEYS = [
  'limit',
  'category',
  'token',
  'session_id',
  'sessionId',
  'feed',
  'ticker',
  'tier',
  'page',
  'since',
  'limit[]',
  'limit[a]',
  'category[]',
  'token[$ne]',
  '__proto__',
  'constructor[prototype][x]',
];

const queryValue = fc.oneof(
  anyText(24),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('0', '-1', '1', '12', '100', '101', '1e3', '0x10', '12.5', 'NaN', 'Infinity'),
  fc.constantFrom('stocks', 'STOCKS', 'general', 'a'.repeat(61), 'a'.repeat(5000)),
);

const queryString = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), anyText(10)), queryValue), {
      maxLength: 4,
    })
    .map(
      (pairs) =>
        `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`,
    ),
  fc.constantFrom('?', '?&&=', '?limit', '?limit=1&limit=2', '?a=%zz', '?limit[0]=1&limit[1]=2'),
);

/** Mostly what a browser on the site sends, so most requests get past the gateway to a service. */
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/merge-patch+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      ';',
    ),
  },
  { weight: 1, arbitrary: printable(40) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const origin = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constant(PUBLIC_ORIGIN) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom('https://evil.example', 'null', 'http://localhost:8080.evil'),
      printable(40),
    ),
  },
);

const otherHeaders = fc.record(
  {
    accept: fc.oneof(
      fc.constantFrom('application/json', 'text/html', '*/*', 'text/event-stream', 'image/*'),
      printable(40),
    ),
    cookie: fc.oneof(
      printable(60).map((value) => `probedge_access=${value}`),
      printable(60).map((value) => `__Host-probedge_access=${value}`),
      printable(120),
      fc.constantFrom('probedge_access=', 'a=%zz; b', '=; ;=', `x=${'a'.repeat(4000)}`),
    ),
    'idempotency-key': fc.oneof(printable(220), fc.uuid()),
    'x-admin-token': printable(60),
    'stripe-signature': fc.oneof(
      printable(80),
      fc
        .tuple(fc.integer({ min: 0, max: 2_000_000_000 }), fc.stringMatching(/^[0-9a-f]{64}$/))
        .map(([time, hex]) => `t=${time},v1=${hex}`),
    ),
    'x-request-id': printable(140),
    'x-forwarded-for': printable(40),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*'),
    'if-none-match': fc.oneof(fc.constant('*'), printable(40)),
    range: fc.oneof(fc.constant('bytes=0-10'), printable(20)),
    authorization: printable(60),
    'access-control-request-method': fc.constantFrom('GET', 'POST', 'DELETE'),
  },
  { requiredKeys: [] },
);

const headerSet = fc.tuple(contentType, origin, otherHeaders).map(([type, from, others]) => ({
  ...others,
  ...(type !== undefined && { 'content-type': type }),
  ...(from !== undefined && { origin: from }),
}));

const jsonShaped = fc
  .record(
    {
      email: fc.oneof(fc.emailAddress(), anyText(40), fc.integer(), fc.constant(null)),
      tier: fc.oneof(fc.constantFrom('professional', 'basic', ''), anyText(12), fc.integer()),
      sessionId: fc.oneof(
        fc.stringMatching(/^cs_test_[A-Za-z0-9]{24}$/),
        anyText(80),
        fc.integer(),
        fc.array(fc.string(), { maxLength: 2 }),
      ),
      id: anyText(30),
      type: fc.constantFrom('checkout.session.completed', 'customer.subscription.updated', 'x'),
      data: fc.jsonValue({ maxDepth: 3 }),
    },
    { requiredKeys: [] },
  )
  .map((value) => JSON.stringify(value));

const body = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 3, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 3, arbitrary: jsonShaped },
  { weight: 2, arbitrary: anyText(200) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
      '{"email": "a@b.co"',
      '\uFEFF{}',
      'null',
      '"string"',
      '12',
    ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(101 * 1024, 1024 * 1024 + 1, 3 * 1024 * 1024)
      .map((size) => `{"email":"${'a'.repeat(size)}@example.com"}`),
  },
);

const OTHER_METHODS = ['GET', 'POST', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function fuzzRequest(route: RouteDefinition, slugs: string[]): fc.Arbitrary<FuzzRequest> {
  const slug = fc.oneof(
    fc.constantFrom(...slugs),
    anyText(30).map((value) => encodeURIComponent(value)),
    fc.constantFrom('%2e%2e', '%2F', '%00', 'a'.repeat(300), '..%2F..%2Fetc%2Fpasswd'),
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 5, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
      ),
      slug,
      trailingSlash: fc.boolean(),
      query: queryString,
      headers: headerSet,
      body,
    })
    .map(({ method, slug: slugValue, trailingSlash, query, headers, body: payload }) => {
      const pathname = route.path.replace(/:[^/]+/g, slugValue) + (trailingSlash ? '/' : '');
      const sendsBody = payload !== undefined && method !== 'GET' && method !== 'HEAD';
      return {
        method,
        target: `${pathname}${query}`,
        headers,
        body: sendsBody ? Buffer.from(payload) : undefined,
      };
    });
}

/** Requests every run sends: one as the web app would, then bodies and queries known to hurt. */
function knownRequests(route: RouteDefinition, slug: string): FuzzRequest[] {
  const target = route.path.replace(/:[^/]+/g, slug);
  if (route.method === 'GET') {
    return [
      { method: 'GET', target, headers: {} },
      { method: 'GET', target: `${target}?limit[]=1&limit[]=2&category[a]=b`, headers: {} },
      { method: 'GET', target: `${target}?category=${'a'.repeat(5000)}&token=%zz`, headers: {} },
    ];
  }
  const json = { 'content-type': 'application/json', origin: PUBLIC_ORIGIN };
  return [
    '{}',
    `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
    '{"email": "a@b.co"',
    `{"email":"${'a'.repeat(3 * 1024 * 1024)}@example.com"}`,
  ].map((body) => ({ method: 'POST', target, headers: json, body: Buffer.from(body) }));
}

function describeFailure(request: FuzzRequest, answer: Answer, problem: string): string {
  const target = request.target.slice(0, 200);
  const headers = JSON.stringify(request.headers).slice(0, 400);
  const bytes = request.body?.length ?? 0;
  const body = answer.text.slice(0, 400);
  return `${problem}: ${request.method} ${target} with headers ${headers} and a ${bytes}-byte body answered ${answer.status}: ${body}`;
}

/** The confirmation link is opened in a browser: a browser gets a page, errors included. */
const wantsConfirmationPage = (request: FuzzRequest) =>
  request.method === 'GET' &&
  /^\/api\/newsletter\/confirm\/?(\?|$)/.test(request.target) &&
  (request.headers.accept ?? '').includes('text/html');

/** The properties every answer has, whatever was asked. */
function checkAnswer(request: FuzzRequest, answer: Answer, internalAddresses: string[]): void {
  const fail = (problem: string) => {
    throw new Error(describeFailure(request, answer, problem));
  };
  for (const address of internalAddresses) {
    if (answer.text.includes(address)) fail(`the answer names ${address}`);
  }
  if (answer.status < 400) return;
  for (const leak of LEAKS) {
    if (leak.test(answer.text)) fail(`the error leaks internals (${leak})`);
  }
  if (answer.status >= 500) fail('a server error');
  if (request.method === 'HEAD') return;
  if (wantsConfirmationPage(request)) {
    if (!/^text\/html/.test(answer.headers['content-type'] ?? '')) fail('no confirmation page');
    return;
  }
  if (!/^application\/json/.test(answer.headers['content-type'] ?? '')) fail('a non-JSON error');
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return fail('an error body that is not JSON');
  }
  const keys = Object.keys(parsed);
  if (
    keys.some((key) => !ERROR_KEYS.includes(key)) ||
    parsed.statusCode !== answer.status ||
    typeof parsed.error !== 'string' ||
    typeof parsed.message !== 'string' ||
    (keys.includes('requestId') && typeof parsed.requestId !== 'string')
  ) {
    fail('an error not in the { statusCode, error, message, requestId? } shape');
  }
}

describe('every route of the table with arbitrary queries, headers and bodies', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  }, 120_000);

  afterAll(() => platform?.close(), 60_000);

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: never a 5xx, errors in the JSON error shape, nothing internal shown',
    async (_name, route) => {
      const before = platform.received[route.service];
      // A plain request and the known hostile ones on every run, then the generated ones.
      const examples = knownRequests(route, platform.slugs[0] ?? 'missing').map(
        (request) => [request] as [FuzzRequest],
      );
      await fc.assert(
        fc.asyncProperty(fuzzRequest(route, platform.slugs), async (request) => {
          checkAnswer(
            request,
            await send(platform.gateway.url, request),
            platform.internalAddresses,
          );
        }),
        { numRuns: RUNS_PER_ROUTE, examples },
      );
      // The requests reached the real service behind the gateway.
      expect(platform.received[route.service]).toBeGreaterThan(before);
    },
    60_000,
  );
});
