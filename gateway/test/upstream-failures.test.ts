import { closedPort, FakeUpstream } from './support/upstream';
import { postWrittenBy, send, useGatewayWithUpstreams } from './support/gateway';

describe('when a service fails', () => {
  let contentPort: number;
  const fixture = useGatewayWithUpstreams(async () => {
    contentPort = await closedPort();
    return { CONTENT_URL: `http://127.0.0.1:${contentPort}`, UPSTREAM_TIMEOUT_MS: 300 };
  });

  beforeEach(() => Object.values(fixture.upstreams).forEach((upstream) => upstream.reset()));

  it('returns 502 JSON naming the service when it is down, and recovers when it is back', async () => {
    const down = await send(fixture.gateway.url, '/api/guides', {
      headers: { 'x-request-id': 'req-down-1' },
    });
    expect(down.status).toBe(502);
    expect(down.headers['content-type']).toMatch(/^application\/json/);
    expect(down.json()).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'The content service is unavailable',
      requestId: 'req-down-1',
    });
    expect(down.text).not.toContain(String(contentPort));
    expect(down.text).not.toContain('127.0.0.1');

    const content = await new FakeUpstream('content', contentPort).start();
    try {
      const back = await send(fixture.gateway.url, '/api/guides');
      expect(back.status).toBe(200);
      expect(back.json()).toMatchObject({ service: 'content', path: '/api/guides' });
    } finally {
      await content.stop();
    }
  });

  it('passes a 503 from the service through unchanged', async () => {
    fixture.upstreams.insights.handler = (_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end(
        JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'warming up' }),
      );
    };
    const res = await send(fixture.gateway.url, '/api/daily-analysis');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'warming up',
    });
  });

  it('returns 504 JSON when the service does not answer within UPSTREAM_TIMEOUT_MS', async () => {
    fixture.upstreams.markets.handler = () => undefined;
    const res = await send(fixture.gateway.url, '/api/market', {
      headers: { 'x-request-id': 'req-slow-1' },
    });

    expect(res.status).toBe(504);
    expect(res.json()).toEqual({
      statusCode: 504,
      error: 'Gateway Timeout',
      message: 'The markets service did not answer in time',
      requestId: 'req-slow-1',
    });
  });

  it('cuts the client off when the service falls silent mid-answer for UPSTREAM_TIMEOUT_MS', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    fixture.upstreams.markets.handler = (_req, res) => {
      res.once('close', () => upstreamClosed());
      // Parts every 100 ms keep the answer alive past the deadline; then nothing.
      res.writeHead(200, { 'content-type': 'text/plain' });
      let parts = 0;
      const timer = setInterval(() => {
        res.write('x'.repeat(1000));
        if ((parts += 1) === 5) clearInterval(timer);
      }, 100);
    };
    await expect(send(fixture.gateway.url, '/api/market')).rejects.toThrow();
    // The gateway gave the service's connection up too.
    await closed;
  });

  it('starts the deadline once the service has the whole request, however slowly it arrives', async () => {
    const body = Buffer.from(JSON.stringify({ tier: 'pro', note: 'arrives slowly' }));
    const status = await postWrittenBy(
      fixture.gateway.url,
      '/api/create-checkout-session',
      { 'content-type': 'application/json', 'content-length': String(body.length) },
      (req) => {
        // The head now, the body's halves 400 and 800 ms later: longer than UPSTREAM_TIMEOUT_MS.
        req.flushHeaders();
        const half = Math.floor(body.length / 2);
        setTimeout(() => req.write(body.subarray(0, half)), 400);
        setTimeout(() => req.end(body.subarray(half)), 800);
      },
    );

    expect(status).toBe(200);
    expect(fixture.upstreams.billing.last!.body.equals(body)).toBe(true);
  });

  it('returns 502 JSON when the service drops the connection before answering', async () => {
    fixture.upstreams.billing.handler = (req) => req.socket.destroy();
    const res = await send(fixture.gateway.url, '/api/check-subscription');
    expect(res.status).toBe(502);
    expect(res.json()).toMatchObject({ message: 'The billing service is unavailable' });
  });

  it.each([
    ['a short answer', 100],
    ['a long, streamed one', 200_000],
  ])(
    'cuts the client off when the service drops the connection mid-way through %s',
    async (_, size) => {
      fixture.upstreams.billing.handler = (req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': size });
        res.write('x'.repeat(10), () => setTimeout(() => req.socket.destroy(), 50));
      };
      await expect(send(fixture.gateway.url, '/api/check-subscription')).rejects.toThrow();
    },
  );

  it("stops the service's request when the client leaves before the answer", async () => {
    // A deadline far beyond the test's: only the client's leaving can end the service's request.
    const patient = await fixture.startGateway({
      UPSTREAM_TIMEOUT_MS: 600_000,
    });
    try {
      let upstreamClosed!: () => void;
      const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
      let arrived!: () => void;
      const received = new Promise<void>((resolve) => (arrived = resolve));
      // Never answered: the response closes only when the gateway gives up the connection.
      fixture.upstreams.billing.handler = (_req, res) => {
        res.once('close', () => upstreamClosed());
        arrived();
      };
      const controller = new AbortController();
      const leaving = fetch(`${patient.url}/api/check-subscription`, {
        signal: controller.signal,
      });
      await received;
      controller.abort();
      await expect(leaving).rejects.toThrow();
      await closed;
    } finally {
      await patient.close();
    }
  });

  it('names only the service, never its address, for an unresolvable host', async () => {
    const elsewhere = await fixture.startGateway({
      NEWS_URL: 'http://news.invalid:4002',
    });
    try {
      const res = await send(elsewhere.url, '/api/business');
      expect(res.status).toBe(502);
      expect(res.json()).toMatchObject({ message: 'The news service is unavailable' });
      expect(res.text).not.toContain('invalid');
      expect(res.text).not.toContain('4002');
    } finally {
      await elsewhere.close();
    }
  });
});
