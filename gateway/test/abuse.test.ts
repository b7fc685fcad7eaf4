import { metricValue } from '@probedge/kit/testing';
import {
  send,
  type RunningGateway,
  useGatewayWithUpstreams,
  useUpstreams,
} from './support/gateway';

describe('what the gateway refuses before a service sees it', () => {
  const fixture = useGatewayWithUpstreams({
    PUBLIC_URL: 'https://probedge.example',
    CORS_ALLOWED_ORIGINS: ['https://partner.example'],
    BODY_LIMIT: '1kb',
  });

  const post = (path: string, headers: Record<string, string>, body = '{}') =>
    send(fixture.gateway.url, path, { method: 'POST', headers, body });

  it('refuses a write from a foreign page with 403, and lets the site and allowed origins write', async () => {
    const foreign = await post('/api/create-checkout-session', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(fixture.upstreams.billing.received).toHaveLength(0);

    for (const origin of ['https://probedge.example', 'https://partner.example']) {
      expect((await post('/api/create-checkout-session', { origin })).status).toBe(200);
    }
    // Same origin by Host, whatever PUBLIC_URL says (a visitor on the loopback address).
    const host = new URL(fixture.gateway.url).host;
    expect((await post('/api/newsletter', { origin: `http://${host}` })).status).toBe(200);
    // Server-to-server calls (Stripe) send no Origin at all.
    expect((await post('/api/stripe/webhook', {})).status).toBe(200);
  });

  it('answers 415 for a body that is not JSON and 413 for one over the limit', async () => {
    const form = await post(
      '/api/newsletter',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'email=a',
    );
    expect(form.status).toBe(415);
    expect(form.json()).toMatchObject({
      statusCode: 415,
      message: expect.stringContaining('application/json'),
    });
    const big = await post('/api/newsletter', {}, JSON.stringify({ email: 'x'.repeat(2000) }));
    expect(big.status).toBe(413);
    expect(big.json()).toMatchObject({ statusCode: 413 });
    // The sandbox checkout page posts an HTML form: that route alone takes one, byte for byte.
    const id = `cs_sandbox_${'A'.repeat(24)}`;
    const page = await post(
      `/api/billing/sandbox-checkout/${id}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      'email=ann%40example.com',
    );
    expect(page.status).toBe(200);
    expect(fixture.upstreams.billing.last!.url).toBe(`/api/billing/sandbox-checkout/${id}`);
    expect(fixture.upstreams.billing.last!.body.toString()).toBe('email=ann%40example.com');
    const multipart = await post(
      `/api/billing/sandbox-checkout/${id}`,
      { 'content-type': 'multipart/form-data; boundary=x' },
      '--x--',
    );
    expect(multipart.status).toBe(415);
    expect(multipart.json().message).toBe(
      'Request bodies must be application/json or application/x-www-form-urlencoded, not multipart/form-data',
    );
    // RFC 8058 one-click unsubscribes may come as multipart/form-data: that route takes it too.
    const oneClickBody =
      '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    const oneClick = await post(
      '/api/newsletter/unsubscribe?token=abc.def',
      { 'content-type': 'multipart/form-data; boundary=b' },
      oneClickBody,
    );
    expect(oneClick.status).toBe(200);
    expect(fixture.upstreams.content.last!.url).toBe('/api/newsletter/unsubscribe?token=abc.def');
    expect(fixture.upstreams.content.last!.body.toString()).toBe(oneClickBody);
    const other = await post(
      '/api/newsletter/unsubscribe?token=abc.def',
      { 'content-type': 'text/plain' },
      'List-Unsubscribe=One-Click',
    );
    expect(other.status).toBe(415);
    expect(other.json().message).toBe(
      'Request bodies must be application/json, application/x-www-form-urlencoded or multipart/form-data, not text/plain',
    );
    // A body-less POST (generate) needs no type.
    expect(
      (await send(fixture.gateway.url, '/api/generate-analysis', { method: 'POST' })).status,
    ).toBe(200);
  });

  it('answers CORS preflights for allowed origins only, never with a wildcard', async () => {
    const preflight = (origin: string) =>
      send(fixture.gateway.url, '/api/create-checkout-session', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'Content-Type, Idempotency-Key, X-Secret',
        },
      });
    const allowed = await preflight('https://partner.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers['access-control-allow-methods']).toBe('POST');
    expect(allowed.headers['access-control-allow-headers']).toBe('content-type, idempotency-key');

    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();

    const read = await send(fixture.gateway.url, '/api/guides', {
      headers: { origin: 'https://evil.example' },
    });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const partnerRead = await send(fixture.gateway.url, '/api/guides', {
      headers: { origin: 'https://partner.example' },
    });
    expect(partnerRead.headers['access-control-allow-origin']).toBe('https://partner.example');
  });
});

describe('rate limits shared through Redis by two gateways', () => {
  const fixture = useUpstreams();
  const gateways: RunningGateway[] = [];

  beforeAll(async () => {
    const shared = {
      RATE_LIMIT_PREFIX: `gateway-test-shared-${process.pid}-${Date.now()}:`,
      RATE_LIMIT_GENERAL: 1000,
      RATE_LIMIT_GENERATE: 3,
      RATE_LIMIT_SIGN_IN: 2,
      RATE_LIMIT_WINDOW_SECONDS: 60,
    };
    gateways.push(await fixture.startGateway(shared), await fixture.startGateway(shared));
  });

  it('counts one client across both replicas and answers 429 with Retry-After', async () => {
    const generate = (index: number) =>
      send(gateways[index % 2].url, '/api/generate-analysis', { method: 'POST' });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await generate(i)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(fixture.upstreams.insights.received).toHaveLength(3);

    const limited = await generate(5);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });

    // Sign-in links have a bucket of their own, shared by asking and confirming.
    const signIn = (index: number, path: string) =>
      send(gateways[index % 2].url, path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":"ann@example.com"}',
      });
    expect((await signIn(0, '/api/members/sign-in')).status).toBe(200);
    expect((await signIn(1, '/api/members/sign-in/confirm')).status).toBe(200);
    const signInLimited = await signIn(0, '/api/members/sign-in');
    expect(signInLimited.status).toBe(429);
    expect(Number(signInLimited.headers['retry-after'])).toBeGreaterThan(0);

    // Other routes are only under the general limit.
    expect((await send(gateways[0].url, '/api/guides')).status).toBe(200);
    const metrics = (await send(gateways[1].url, '/metrics')).text;
    expect(
      metricValue(metrics, 'gateway_rate_limited_total', { bucket: 'generate' }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('searches', () => {
  const fixture = useGatewayWithUpstreams((upstreams) => {
    // News marks its search answers shareable, as it does.
    upstreams.news.handler = (_req, res, received) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'public, max-age=0, s-maxage=30',
      });
      res.end(JSON.stringify({ url: received.url }));
    };
    return {
      RATE_LIMIT_PREFIX: `gateway-test-search-${process.pid}-${Date.now()}:`,
      RATE_LIMIT_GENERAL: 1000,
      RATE_LIMIT_SEARCH: 3,
    };
  });

  it('are one query however the q is padded: one fetch at news, one cache entry', async () => {
    const padded = [
      '/api/search?q=interest%20rates',
      '/api/search?q=%20%20interest%20rates%20%20',
      '/api/search?q=interest+++rates',
      '/api/search?q=interest%09rates%0A',
    ];
    const answers = [];
    for (const [index, target] of padded.entries()) {
      answers.push(
        await send(fixture.gateway.url, target, { localAddress: `127.0.0.${10 + index}` }),
      );
    }
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(fixture.upstreams.news.received.map((received) => received.url)).toEqual([
      '/api/search?q=interest+rates',
    ]);
    for (const res of answers) expect(res.json()).toEqual({ url: '/api/search?q=interest+rates' });
  });

  it("have a bucket of their own per client, cached answers included; the client's other reads go on", async () => {
    const search = () =>
      send(fixture.gateway.url, '/api/search?q=copper', { localAddress: '127.0.0.20' });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await search()).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await search();
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await send(fixture.gateway.url, '/api/guides', { localAddress: '127.0.0.20' })).status,
    ).toBe(200);
    // Another client searches as before.
    expect(
      (await send(fixture.gateway.url, '/api/search?q=copper', { localAddress: '127.0.0.21' }))
        .status,
    ).toBe(200);
    const metrics = (await send(fixture.gateway.url, '/metrics')).text;
    expect(metricValue(metrics, 'gateway_rate_limited_total', { bucket: 'search' })).toBe(3);
  });
});
