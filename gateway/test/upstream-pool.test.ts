import { request, type ServerResponse } from 'node:http';
import { metricValue, startTcpProxy, type TcpProxy, waitFor } from '@probedge/kit/testing';
import { EdgeCache } from '../src/pipeline/cache/edge-cache.service';
import {
  send,
  useGatewayWithUpstreams,
  type RawResponse,
  type RunningGateway,
  type Upstreams,
} from './support/gateway';

/** Billing answers nothing until released, so every request holds one pooled connection. */
function holdBilling(upstreams: Upstreams): { held: ServerResponse[]; release: () => void } {
  const held: ServerResponse[] = [];
  upstreams.billing.handler = (_req, res) => held.push(res);
  return {
    held,
    release: () => {
      for (const res of held.splice(0)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"hasAccess":false}');
      }
    },
  };
}

/** Client connections the gateway holds open. */
function openConnections(gateway: RunningGateway): Promise<number> {
  return new Promise((resolve, reject) =>
    gateway.app
      .getHttpServer()
      .getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** The gateway's count of response-cache lookups with this result. */
async function cacheLookups(gateway: RunningGateway, result: string): Promise<number> {
  const text = (await send(gateway.url, '/metrics')).text;
  return metricValue(text, 'gateway_cache_lookups_total', { result }) ?? 0;
}

/** News answers shareable, so the gateway keeps it and later misses wait for one fetch. */
function answerShareable(upstreams: Upstreams): void {
  upstreams.news.handler = (_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'cache-control': 'public, max-age=0, s-maxage=30',
    });
    res.end('{"items":[]}');
  };
}

describe('a service whose connections are all taken', () => {
  const fixture = useGatewayWithUpstreams({
    UPSTREAM_MAX_SOCKETS: 3,
    // None kept for webhook deliveries: every one of the three is the ordinary requests'.
    UPSTREAM_WEBHOOK_RESERVE: 0,
    UPSTREAM_QUEUE_TIMEOUT_MS: 300,
    UPSTREAM_TIMEOUT_MS: 20_000,
  });
  let upstreams: Upstreams;
  let gateway: RunningGateway;

  beforeAll(() => {
    ({ upstreams, gateway } = fixture);
  });

  it('answers 503 JSON to requests that wait too long for a connection, serves the others, and recovers', async () => {
    const billing = holdBilling(upstreams);
    const holders = Array.from({ length: 3 }, () => send(gateway.url, '/api/check-subscription'));
    await waitFor(() => billing.held.length === 3, 'the pool taken');

    const waiting = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        send(gateway.url, '/api/check-subscription', {
          headers: { 'x-request-id': `req-queued-${index}` },
        }),
      ),
    );
    for (const [index, res] of waiting.entries()) {
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The billing service is busy; try again in a moment',
        requestId: `req-queued-${index}`,
      });
    }
    // None of the refused requests reached billing; other services are served meanwhile.
    expect(billing.held).toHaveLength(3);
    expect((await send(gateway.url, '/api/guides')).status).toBe(200);

    billing.release();
    const answered: RawResponse[] = await Promise.all(holders);
    expect(answered.map((res) => res.status)).toEqual([200, 200, 200]);
    // The connections the refused requests waited for went back to the pool.
    upstreams.billing.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"hasAccess":true}');
    };
    const after = await Promise.all(
      Array.from({ length: 6 }, () => send(gateway.url, '/api/check-subscription')),
    );
    expect(after.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

describe('one client with many requests under way', () => {
  const fixture = useGatewayWithUpstreams({
    CLIENT_MAX_CONCURRENT_REQUESTS: 3,
    // The load balancer in front names the client, so two clients can come from one test.
    TRUSTED_PROXY_HOPS: 1,
  });
  let upstreams: Upstreams;
  let gateway: RunningGateway;

  beforeAll(() => {
    ({ upstreams, gateway } = fixture);
  });

  const from = (client: string) => ({ headers: { 'x-forwarded-for': client } });

  it('gets 429 beyond the bound while others are served, and is admitted again once one ends', async () => {
    const billing = holdBilling(upstreams);
    const holders = Array.from({ length: 3 }, () =>
      send(gateway.url, '/api/check-subscription', from('203.0.113.7')),
    );
    await waitFor(() => billing.held.length === 3, 'three requests under way');

    const refused = await send(gateway.url, '/api/guides', from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      message: 'Too many requests under way from this client; wait for one to finish',
    });
    expect(upstreams.content.received).toHaveLength(0);

    const other = await send(gateway.url, '/api/guides', from('198.51.100.9'));
    expect(other.status).toBe(200);

    billing.release();
    expect((await Promise.all(holders)).map((res) => res.status)).toEqual([200, 200, 200]);
    expect((await send(gateway.url, '/api/guides', from('203.0.113.7'))).status).toBe(200);
  });

  it('keeps no place for requests whose client left while they waited for another fetch', async () => {
    const client = '203.0.113.8';
    const target = '/api/business?limit=5';
    const collapsed = () => cacheLookups(gateway, 'collapsed');
    // News's answer is kept once, so a later miss on the target makes the others wait for it.
    answerShareable(upstreams);
    expect((await send(gateway.url, target, from(client))).status).toBe(200);
    gateway.app.get(EdgeCache).invalidate('news');
    const held: ServerResponse[] = [];
    upstreams.news.handler = (_req, res) => held.push(res);
    const fetching = send(gateway.url, target, from(client));
    await waitFor(() => held.length === 1, 'the fetch at news');

    // Three more requests for the target wait for that fetch; their client hangs up on each.
    for (let index = 0; index < 3; index += 1) {
      const before = await collapsed();
      const { hostname, port } = new URL(gateway.url);
      const leaving = request({
        hostname,
        port,
        path: target,
        headers: { 'x-forwarded-for': client },
      });
      leaving.on('error', () => undefined);
      leaving.end();
      await waitFor(async () => (await collapsed()) === before + 1, 'waiting for the fetch');
      leaving.destroy();
    }
    await waitFor(async () => (await openConnections(gateway)) === 1, 'the gateway saw them leave');

    // The fetch cannot be kept, so the waiters would go to news themselves: none is left to.
    const [fetch] = held.splice(0);
    fetch.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    fetch.end('{"items":[]}');
    expect((await fetching).status).toBe(200);
    expect(upstreams.news.received).toHaveLength(2);

    // The client's whole share of the gateway is still its own.
    const billing = holdBilling(upstreams);
    const holders = Array.from({ length: 3 }, () =>
      send(gateway.url, '/api/check-subscription', from(client)),
    );
    await waitFor(() => billing.held.length === 3, 'three requests under way');
    expect((await send(gateway.url, '/api/guides', from(client))).status).toBe(429);
    billing.release();
    expect((await Promise.all(holders)).map((res) => res.status)).toEqual([200, 200, 200]);
    expect(upstreams.news.received).toHaveLength(2);
  });
});

describe('a client that hangs up while its rate limit is counted', () => {
  let redis: TcpProxy;
  const fixture = useGatewayWithUpstreams(async () => {
    const { hostname, port } = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    redis = await startTcpProxy({ host: hostname, port: Number(port || 6379) });
    return { REDIS_URL: `redis://127.0.0.1:${redis.port}` };
  });

  afterAll(() => redis?.close());

  it('leaves no fetch behind for the next request of its target to wait on', async () => {
    const target = '/api/business?limit=6';
    const lookups = (result: string) => cacheLookups(fixture.gateway, result);
    answerShareable(fixture.upstreams);
    expect((await send(fixture.gateway.url, target)).status).toBe(200);
    // A miss on the target now fetches for every request arriving meanwhile.
    fixture.gateway.app.get(EdgeCache).invalidate('news');
    const missesBefore = await lookups('miss');

    redis.setLatency(300);
    const { hostname, port } = new URL(fixture.gateway.url);
    const leaving = request({ hostname, port, path: target });
    leaving.on('error', () => undefined);
    leaving.end();
    await waitFor(
      async () => (await openConnections(fixture.gateway)) === 1,
      'the request at the gateway',
    );
    leaving.destroy();
    await waitFor(
      async () => (await openConnections(fixture.gateway)) === 0,
      'the gateway saw it leave',
    );
    redis.setLatency(0);

    const collapsedBefore = await lookups('collapsed');
    const next = await send(fixture.gateway.url, target);
    expect(next.status).toBe(200);
    // It went to news at once, as a miss, rather than waiting for a fetch nobody was making.
    expect(await lookups('collapsed')).toBe(collapsedBefore);
    expect(await lookups('miss')).toBe(missesBefore + 1);
    expect(fixture.upstreams.news.received).toHaveLength(2);
  });
});
