import type { ServerResponse } from 'node:http';
import { waitFor } from '@probedge/kit/testing';
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

describe('a service whose connections are all taken', () => {
  const fixture = useGatewayWithUpstreams({
    UPSTREAM_MAX_SOCKETS: 3,
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
});
