import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createRedis } from '@probedge/kit';
import { metricValue, waitFor } from '@probedge/kit/testing';
import type { CacheInvalidation } from '@probedge/proto';
import { EdgeCache } from '../src/pipeline/cache/edge-cache.service';
import { send, type RunningGateway, useGatewayWithUpstreams } from './support/gateway';

const SHAREABLE = 'public, max-age=0, s-maxage=30';
const SITE = 'https://probedge.example';
const PARTNER = 'https://partner.example';

/** Headers that differ between two answers of the same content by nature. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'age', 'content-length', 'transfer-encoding']);

const channel = `gateway-test-invalidation-${randomBytes(4).toString('hex')}`;
const publisher = createRedis({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });

/** How many requests for this path (any query) news has received. */
const newsSaw = (path: string) =>
  fixture.upstreams.news.received.filter((request) => request.url.split('?')[0] === path).length;

/** How many requests for this path news receives from now on. */
function countFromNow(path: string): () => number {
  const before = newsSaw(path);
  return () => newsSaw(path) - before;
}

/** A news list answer: numbered by how many requests news has had, so a replay is visible. */
function answerWith(headers: Record<string, string>, status = 200) {
  return (_req: unknown, res: ServerResponse, received: { url: string }) => {
    const body = JSON.stringify({
      url: received.url,
      served: fixture.upstreams.news.received.length,
    });
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      etag: `W/"${fixture.upstreams.news.received.length}"`,
      ...headers,
    });
    res.end(body);
  };
}

const comparable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

/**
 * Waits for a gateway's subscription to its channel. It is made once the gateway's Redis connection
 * is ready, and everything stored before that is dropped then (announcements may have been missed).
 */
async function subscribed(name: string): Promise<void> {
  await waitFor(async () => (await publisher.pubsub('NUMSUB', name))[1] === 1, 'subscription');
}

async function publish(message: CacheInvalidation | string): Promise<void> {
  await publisher.publish(channel, typeof message === 'string' ? message : JSON.stringify(message));
}

const fixture = useGatewayWithUpstreams((upstreams) => {
  upstreams.news.handler = answerWith({ 'cache-control': SHAREABLE });
  return { PUBLIC_URL: SITE, CORS_ALLOWED_ORIGINS: [PARTNER], CACHE_INVALIDATION_CHANNEL: channel };
});

beforeAll(() => subscribed(channel));

afterAll(() => publisher.disconnect());

beforeEach(() => {
  fixture.upstreams.news.handler = answerWith({ 'cache-control': SHAREABLE });
  fixture.gateway.app.get(EdgeCache).invalidate(undefined);
});

describe('the gateway response cache', () => {
  it('replays a shareable answer byte for byte with the headers of the proxied one', async () => {
    const seen = countFromNow('/api/business');
    const first = await send(fixture.gateway.url, '/api/business?limit=12');
    const second = await send(fixture.gateway.url, '/api/business?limit=12');
    expect(seen()).toBe(1);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    // Security headers, the shared cache-control, the entity tag: all kept.
    expect(second.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'cache-control': SHAREABLE,
      etag: first.headers.etag,
      vary: 'Origin',
      'content-length': String(first.body.length),
    });
    expect(second.headers.age).toMatch(/^\d+$/);
    expect(second.headers['x-request-id']).toEqual(expect.any(String));
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('replays every byte value of a body as the service sent it', async () => {
    // UTF-8 text beyond ASCII, then every byte value: the replay is bytes, never re-encoded text.
    const body = Buffer.concat([
      Buffer.from('{"title":"Caf\u00e9 \u20ac \u{1F4C8}"}', 'utf8'),
      Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)),
    ]);
    fixture.upstreams.news.handler = (_req: unknown, res: ServerResponse) => {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'cache-control': SHAREABLE,
      });
      res.end(body);
    };
    const seen = countFromNow('/api/business');
    const first = await send(fixture.gateway.url, '/api/business?limit=3');
    const second = await send(fixture.gateway.url, '/api/business?limit=3');
    expect(seen()).toBe(1);
    expect(first.body.equals(body)).toBe(true);
    expect(second.body.equals(body)).toBe(true);
    expect(second.headers['content-length']).toBe(String(body.length));
  });

  it('keeps one answer per request target', async () => {
    const seen = countFromNow('/api/business');
    await send(fixture.gateway.url, '/api/business?limit=12');
    await send(fixture.gateway.url, '/api/business?limit=6');
    await send(fixture.gateway.url, '/api/business?limit=12');
    await send(fixture.gateway.url, '/api/business?limit=6');
    expect(seen()).toBe(2);
  });

  it.each([
    ['no cache-control', {}],
    ['private', { 'cache-control': 'private, max-age=60' }],
    ['no-store', { 'cache-control': 'no-store' }],
    ['a max-age not marked public', { 'cache-control': 'max-age=60' }],
    ['a cookie', { 'cache-control': SHAREABLE, 'set-cookie': 'a=b' }],
    ['a Vary beyond Origin', { 'cache-control': SHAREABLE, vary: 'Cookie' }],
  ])('never keeps an answer with %s', async (_what, headers) => {
    fixture.upstreams.news.handler = answerWith(headers);
    const before = newsSaw('/api/analysis');
    await send(fixture.gateway.url, '/api/analysis');
    await send(fixture.gateway.url, '/api/analysis');
    expect(newsSaw('/api/analysis') - before).toBe(2);
  });

  it('never keeps an error', async () => {
    fixture.upstreams.news.handler = answerWith({ 'cache-control': SHAREABLE }, 404);
    const before = newsSaw('/api/opinion');
    expect((await send(fixture.gateway.url, '/api/opinion')).status).toBe(404);
    expect((await send(fixture.gateway.url, '/api/opinion')).status).toBe(404);
    expect(newsSaw('/api/opinion') - before).toBe(2);
  });

  it('goes to the service when the client asks past caches, and keeps the fresh answer', async () => {
    const seen = countFromNow('/api/daytrader');
    await send(fixture.gateway.url, '/api/daytrader');
    const reloaded = await send(fixture.gateway.url, '/api/daytrader', {
      headers: { 'cache-control': 'no-cache' },
    });
    expect(seen()).toBe(2);
    expect(reloaded.headers.age).toBeUndefined();
    const after = await send(fixture.gateway.url, '/api/daytrader');
    expect(seen()).toBe(2);
    expect(after.text).toBe(reloaded.text);
    await send(fixture.gateway.url, '/api/daytrader', { headers: { authorization: 'Bearer x' } });
    expect(seen()).toBe(3);
  });

  it('answers HEAD from a stored GET, and 304 to a client that holds the same answer', async () => {
    const seen = countFromNow('/api/articles');
    const full = await send(fixture.gateway.url, '/api/articles');
    const head = await send(fixture.gateway.url, '/api/articles', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(head.headers['content-length']).toBe(String(full.body.length));
    const revalidated = await send(fixture.gateway.url, '/api/articles', {
      headers: { 'if-none-match': String(full.headers.etag) },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toHaveLength(0);
    expect(revalidated.headers.etag).toBe(full.headers.etag);
    expect(revalidated.headers['content-type']).toBeUndefined();
    const changed = await send(fixture.gateway.url, '/api/articles', {
      headers: { 'if-none-match': 'W/"other"' },
    });
    expect(changed.status).toBe(200);
    expect(seen()).toBe(1);
  });

  it('gives a stored answer the CORS headers of each request', async () => {
    const seen = countFromNow('/api/articles/targeted');
    await send(fixture.gateway.url, '/api/articles/targeted');
    const partner = await send(fixture.gateway.url, '/api/articles/targeted', {
      headers: { origin: PARTNER },
    });
    expect(partner.headers).toMatchObject({
      'access-control-allow-origin': PARTNER,
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
    });
    const foreign = await send(fixture.gateway.url, '/api/articles/targeted', {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(seen()).toBe(1);
  });

  it('drops a service’s answers when it announces a change, and only that service’s', async () => {
    const seen = countFromNow('/api/business');
    await send(fixture.gateway.url, '/api/business?limit=3');
    await publish({ service: 'content' });
    await publish('not json');
    await publish({ service: 'nobody' } as unknown as CacheInvalidation);
    await publish({ service: 'news', reason: 'feeds business' });
    // The news announcement came last: once it has dropped the entry, the others were read too.
    await waitFor(async () => {
      await send(fixture.gateway.url, '/api/business?limit=3');
      return seen() === 2;
    }, 'the answer dropped after the announcement');
    await send(fixture.gateway.url, '/api/business?limit=3');
    expect(seen()).toBe(2);
  });

  it('does not keep an answer that was on its way when a change was announced', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const shareable = answerWith({ 'cache-control': SHAREABLE });
    fixture.upstreams.news.handler = (req, res, received) => {
      void released.then(() => shareable(req, res, received));
    };
    const seen = countFromNow('/api/opinion');
    const pending = send(fixture.gateway.url, '/api/opinion?limit=2');
    await waitFor(() => seen() === 1, 'the request at the service');
    fixture.gateway.app.get(EdgeCache).invalidate('news');
    release();
    expect((await pending).status).toBe(200);
    fixture.upstreams.news.handler = shareable;
    await send(fixture.gateway.url, '/api/opinion?limit=2');
    expect(seen()).toBe(2);
  });

  /** An upstream that holds every answer until the test lets them go. */
  function holdAnswers(headers: Record<string, string>): () => void {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const answer = answerWith(headers);
    fixture.upstreams.news.handler = (req, res, received) => {
      void released.then(() => answer(req, res, received));
    };
    return release;
  }

  async function lookups(result: string): Promise<number> {
    const text = (await send(fixture.gateway.url, '/metrics')).text;
    return metricValue(text, 'gateway_cache_lookups_total', { result }) ?? 0;
  }

  /**
   * Stores the target's answer, announces a change, then sends `count` requests for it at once
   * while the service holds its answers: one fetches, the others wait. Returns them in flight.
   */
  async function missTogether(target: string, count: number, headers: Record<string, string>) {
    await send(fixture.gateway.url, target);
    fixture.gateway.app.get(EdgeCache).invalidate('news');
    const seen = countFromNow('/api/business');
    const collapsedBefore = await lookups('collapsed');
    const release = holdAnswers(headers);
    const answers = Array.from({ length: count }, () => send(fixture.gateway.url, target));
    const waiting = count - 1;
    await waitFor(
      async () => (await lookups('collapsed')) - collapsedBefore === waiting,
      'waiters',
    );
    await waitFor(() => seen() === 1, 'the one request at the service');
    release();
    return { seen, answers };
  }

  it('sends concurrent misses for a target it held before to the service once', async () => {
    const { seen, answers } = await missTogether('/api/business?limit=20', 5, {
      'cache-control': SHAREABLE,
    });
    const results = await Promise.all(answers);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((result) => result.text)).size).toBe(1);
    expect(seen()).toBe(1);
  });

  it('lets the waiting requests go themselves when the answer cannot be kept', async () => {
    const target = '/api/business?limit=21';
    const { seen, answers } = await missTogether(target, 3, { 'cache-control': 'no-store' });
    const results = await Promise.all(answers);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    expect(seen()).toBe(3);

    // The target is no longer taken for shareable: concurrent misses go on at once.
    const again = countFromNow('/api/business');
    const releaseAgain = holdAnswers({ 'cache-control': 'no-store' });
    const more = Array.from({ length: 3 }, () => send(fixture.gateway.url, target));
    await waitFor(() => again() === 3, 'every request at the service while none is answered');
    releaseAgain();
    await Promise.all(more);
  });

  it('never holds back requests for a target it has not kept', async () => {
    const seen = countFromNow('/api/daytrader');
    const release = holdAnswers({});
    const answers = Array.from({ length: 4 }, () =>
      send(fixture.gateway.url, '/api/daytrader?limit=4'),
    );
    await waitFor(() => seen() === 4, 'every request at the service while none is answered');
    release();
    expect((await Promise.all(answers)).map((result) => result.status)).toEqual([
      200, 200, 200, 200,
    ]);
  });

  it('keeps an answer no longer than its lifetime', async () => {
    fixture.upstreams.news.handler = answerWith({ 'cache-control': 'public, s-maxage=1' });
    const seen = countFromNow('/api/search');
    await send(fixture.gateway.url, '/api/search?q=lifetime');
    await send(fixture.gateway.url, '/api/search?q=lifetime');
    expect(seen()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await send(fixture.gateway.url, '/api/search?q=lifetime');
    expect(seen()).toBe(2);
  });

  it('passes an answer over 1 MiB through without keeping it', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(1100 * 1024) });
    fixture.upstreams.news.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': SHAREABLE });
      res.end(big);
    };
    const first = await send(fixture.gateway.url, '/api/analysis?limit=50');
    expect(first.text).toBe(big);
    await send(fixture.gateway.url, '/api/analysis?limit=50');
    expect(
      fixture.upstreams.news.received.filter((request) => request.url === '/api/analysis?limit=50'),
    ).toHaveLength(2);
  });

  it('counts hits and misses, and times hits under their route', async () => {
    const metrics = async () => (await send(fixture.gateway.url, '/metrics')).text;
    const before = await metrics();
    await send(fixture.gateway.url, '/api/business?limit=9');
    await send(fixture.gateway.url, '/api/business?limit=9');
    await send(fixture.gateway.url, '/api/business?limit=9');
    const after = await metrics();
    const delta = (name: string, labels: Record<string, string>) =>
      (metricValue(after, name, labels) ?? 0) - (metricValue(before, name, labels) ?? 0);
    expect(delta('gateway_cache_lookups_total', { result: 'hit' })).toBe(2);
    expect(delta('gateway_cache_lookups_total', { result: 'miss' })).toBe(1);
    expect(
      delta('http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/business',
        status: '200',
      }),
    ).toBe(3);
    expect(metricValue(after, 'gateway_cache_entries')).toBeGreaterThanOrEqual(1);
  });
});

describe('the gateway response cache and the rate limits', () => {
  let limited: RunningGateway;

  beforeAll(async () => {
    limited = await fixture.startGateway({ PUBLIC_URL: SITE, RATE_LIMIT_GENERAL: 3 });
    await subscribed(limited.config.CACHE_INVALIDATION_CHANNEL);
  });
  afterAll(() => limited.close());

  it('counts a stored answer like any request, and refuses the one over the limit', async () => {
    const target = '/api/business?limit=1';
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(await send(limited.url, target, { headers: { origin: SITE } }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    // Two of the three answers came from the cache.
    expect(
      fixture.upstreams.news.received.filter((request) => request.url === target),
    ).toHaveLength(1);
    const refused = answers[3];
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      requestId: refused.headers['x-request-id'],
    });
    expect(refused.headers).toMatchObject({
      'access-control-allow-origin': SITE,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      vary: 'Origin',
    });
  });
});

describe('with the response cache turned off', () => {
  let uncached: RunningGateway;

  beforeAll(async () => {
    uncached = await fixture.startGateway({ GATEWAY_CACHE_MAX_SECONDS: 0 });
  });
  afterAll(() => uncached.close());

  it('sends every request to the service', async () => {
    const before = newsSaw('/api/business');
    await send(uncached.url, '/api/business?limit=2');
    await send(uncached.url, '/api/business?limit=2');
    expect(newsSaw('/api/business') - before).toBe(2);
  });
});
