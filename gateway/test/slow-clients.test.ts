import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { slowSender, waitFor, type SlowSender } from '@probedge/kit/testing';
import { send, type RunningGateway, useUpstreams } from './support/gateway';

/**
 * A billing stand-in that counts the requests it was sent and how many it holds at once. Requests
 * to a path under /api/members/me are held (no answer) until `release()`; every other one is
 * answered as soon as its body has arrived.
 */
async function startBilling() {
  const counts = { started: 0, open: 0, mostOpen: 0 };
  const held: ServerResponse[] = [];
  const answer = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    counts.started += 1;
    counts.open += 1;
    counts.mostOpen = Math.max(counts.mostOpen, counts.open);
    res.on('close', () => (counts.open -= 1));
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/api/members/me')) held.push(res);
      else answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const release = () => held.splice(0).forEach(answer);
  const stop = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { counts, held, url, release, stop };
}

/** A checkout whose body comes a byte at a time, from the given loopback address. */
function slowCheckout(gatewayUrl: string, localAddress = '127.0.0.1', everyMs = 300): SlowSender {
  const { hostname, port } = new URL(gatewayUrl);
  return slowSender({
    port: Number(port),
    host: hostname,
    localAddress,
    path: '/api/create-checkout-session',
    everyMs,
  });
}

const json = { 'content-type': 'application/json' };

describe('slow clients cannot hold the connections to the services', () => {
  const fixture = useUpstreams();
  let billing: Awaited<ReturnType<typeof startBilling>>;
  const clients: SlowSender[] = [];
  const gateways: RunningGateway[] = [];

  const gatewayWith = async (env: Parameters<typeof fixture.startGateway>[0]) => {
    const gateway = await fixture.startGateway({ BILLING_URL: billing.url, ...env });
    gateways.push(gateway);
    return gateway;
  };

  beforeAll(async () => {
    billing = await startBilling();
  });

  beforeEach(() => {
    billing.counts.started = 0;
    billing.counts.mostOpen = billing.counts.open;
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.stop();
    billing.release();
    for (const gateway of gateways.splice(0)) await gateway.close();
  });

  afterAll(async () => {
    await billing?.stop();
  });

  it('reads a body whole before it takes a connection: a dribbled one never reaches the service and ends in 408', async () => {
    const gateway = await gatewayWith({ CLIENT_REQUEST_TIMEOUT_MS: 3000 });
    for (let i = 0; i < 20; i += 1) clients.push(slowCheckout(gateway.url));
    await waitFor(() => clients.every((client) => client.sent >= 3), 'every slow body under way');
    expect(billing.counts.started).toBe(0);

    // While they dribble, other visitors are answered.
    expect((await send(gateway.url, '/api/guides')).status).toBe(200);
    const checkout = await send(gateway.url, '/api/create-checkout-session', {
      method: 'POST',
      headers: json,
      body: '{"tier":"professional"}',
    });
    expect(checkout.status).toBe(200);

    await waitFor(() => clients.every((client) => client.closed), 'every slow client cut off');
    for (const client of clients) expect(client.answer).toMatch(/^HTTP\/1\.1 408 /);
    // Only the checkout sent at a normal pace reached billing.
    expect(billing.counts.started).toBe(1);
  });

  it("keeps another client's billing and content calls answered while 200 slow clients from 20 addresses send", async () => {
    // A pool far smaller than the slow requests: streamed bodies would hold all of it.
    const gateway = await gatewayWith({
      UPSTREAM_MAX_SOCKETS: 32,
      UPSTREAM_WEBHOOK_RESERVE: 4,
      UPSTREAM_QUEUE_TIMEOUT_MS: 1000,
      CLIENT_REQUEST_TIMEOUT_MS: 60_000,
    });
    for (let i = 0; i < 200; i += 1) {
      clients.push(slowCheckout(gateway.url, `127.0.0.${2 + (i % 20)}`, 500));
    }
    await waitFor(() => clients.every((client) => client.sent >= 2), 'every slow body under way');

    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const [subscription, guides, signIn] = await Promise.all([
        send(gateway.url, '/api/check-subscription'),
        send(gateway.url, '/api/guides'),
        send(gateway.url, '/api/members/sign-in', {
          method: 'POST',
          headers: json,
          body: '{"email":"ann@example.com"}',
        }),
      ]);
      statuses.push(subscription.status, guides.status, signIn.status);
    }
    expect(statuses).toEqual(new Array<number>(60).fill(200));
    // The slow ones are still sending, and none of them has reached billing.
    expect(clients.filter((client) => client.closed)).toHaveLength(0);
    expect(billing.counts.started).toBe(40);
    expect(billing.counts.mostOpen).toBeLessThanOrEqual(2);
  });

  it("refuses a client's requests beyond its share of a service's connections, and serves other clients", async () => {
    const gateway = await gatewayWith({ UPSTREAM_CLIENT_SHARE: 3 });
    const held = [1, 2, 3].map(() =>
      send(gateway.url, '/api/members/me', { localAddress: '127.0.0.2' }),
    );
    await waitFor(() => billing.held.length === 3, 'three requests held at billing');

    const beyond = await send(gateway.url, '/api/members/me', { localAddress: '127.0.0.2' });
    expect(beyond.status).toBe(429);
    expect(beyond.headers['retry-after']).toBe('1');
    expect(beyond.json().message).toBe(
      "Too many of this client's requests are with the billing service; wait for one to finish",
    );
    // The share is per service, and per client.
    expect((await send(gateway.url, '/api/guides', { localAddress: '127.0.0.2' })).status).toBe(
      200,
    );
    const other = send(gateway.url, '/api/members/me', { localAddress: '127.0.0.3' });
    await waitFor(() => billing.held.length === 4, "the other client's request at billing");

    billing.release();
    expect((await Promise.all([...held, other])).map((res) => res.status)).toEqual([
      200, 200, 200, 200,
    ]);
    // Once its requests are answered, the client has its share again.
    const again = send(gateway.url, '/api/members/me', { localAddress: '127.0.0.2' });
    await waitFor(() => billing.held.length === 1, 'the next request at billing');
    billing.release();
    expect((await again).status).toBe(200);
  });

  it("keeps billing connections for Stripe's webhook deliveries when every other one is taken", async () => {
    const gateway = await gatewayWith({
      UPSTREAM_MAX_SOCKETS: 4,
      UPSTREAM_WEBHOOK_RESERVE: 2,
      UPSTREAM_CLIENT_SHARE: 1,
      UPSTREAM_QUEUE_TIMEOUT_MS: 500,
    });
    const held = ['127.0.0.2', '127.0.0.3'].map((localAddress) =>
      send(gateway.url, '/api/members/me', { localAddress }),
    );
    await waitFor(() => billing.held.length === 2, 'two requests held at billing');

    // Every connection ordinary requests may take is in use: a third client waits, then 503.
    const waited = await send(gateway.url, '/api/members/me', { localAddress: '127.0.0.4' });
    expect(waited.status).toBe(503);
    // A webhook delivery takes one of the reserved connections at once.
    const webhook = await send(gateway.url, '/api/stripe/webhook', {
      method: 'POST',
      headers: { ...json, 'stripe-signature': 't=1,v1=00' },
      body: '{"id":"evt_1"}',
    });
    expect(webhook.status).toBe(200);

    billing.release();
    expect((await Promise.all(held)).map((res) => res.status)).toEqual([200, 200]);
  });

  it('answers 413 to a chunked body over the limit without sending any of it on, and closes the connection', async () => {
    const gateway = await gatewayWith({ BODY_LIMIT: '1kb' });
    const res = await send(gateway.url, '/api/create-checkout-session', {
      method: 'POST',
      headers: { ...json, 'transfer-encoding': 'chunked' },
      body: JSON.stringify({ tier: 'x'.repeat(2000) }),
    });
    expect(res.status).toBe(413);
    expect(res.json().message).toBe('The request body is larger than 1024 bytes');
    expect(res.headers.connection).toBe('close');
    expect(billing.counts.started).toBe(0);

    const small = await send(gateway.url, '/api/create-checkout-session', {
      method: 'POST',
      headers: { ...json, 'transfer-encoding': 'chunked' },
      body: '{"tier":"professional"}',
    });
    expect(small.status).toBe(200);
    expect(billing.counts.started).toBe(1);
  });
});
