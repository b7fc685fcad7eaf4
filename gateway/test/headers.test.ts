import { send, useGatewayWithUpstreams } from './support/gateway';

describe('headers through the gateway', () => {
  const fixture = useGatewayWithUpstreams();

  beforeEach(() => Object.values(fixture.upstreams).forEach((upstream) => upstream.reset()));

  it('forwards the incoming x-request-id to the service and returns it', async () => {
    const res = await send(fixture.gateway.url, '/api/faq', {
      headers: { 'x-request-id': 'abc-123.DEF:4' },
    });
    expect(res.status).toBe(200);
    expect(fixture.upstreams.content.last!.headers['x-request-id']).toBe('abc-123.DEF:4');
    expect(res.headers['x-request-id']).toBe('abc-123.DEF:4');
  });

  it('generates an x-request-id when there is none or it is malformed, and sends the same one upstream', async () => {
    const cases: Record<string, string>[] = [{}, { 'x-request-id': 'has spaces and <tags>' }];
    for (const headers of cases) {
      const res = await send(fixture.gateway.url, '/api/faq', { headers });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(fixture.upstreams.content.last!.headers['x-request-id']).toBe(id);
    }
  });

  it('puts the request id on gateway errors too', async () => {
    const res = await send(fixture.gateway.url, '/api/nothing-here', {
      headers: { 'x-request-id': 'err-1' },
    });
    expect(res.headers['x-request-id']).toBe('err-1');
    expect(res.json().requestId).toBe('err-1');
  });

  it('passes Cookie to the service and every Set-Cookie back to the client', async () => {
    fixture.upstreams.billing.handler = (_req, res) => {
      res.setHeader('set-cookie', [
        'pe_access=token123; Path=/; HttpOnly; SameSite=Lax',
        'pe_seen=1; Path=/; Max-Age=60',
      ]);
      res.setHeader('content-type', 'application/json');
      res.end('{"hasAccess":true}');
    };
    const res = await send(fixture.gateway.url, '/api/check-subscription', {
      headers: { cookie: 'pe_access=old; theme=dark' },
    });

    expect(res.status).toBe(200);
    expect(fixture.upstreams.billing.last!.headers.cookie).toBe('pe_access=old; theme=dark');
    expect(res.headers['set-cookie']).toEqual([
      'pe_access=token123; Path=/; HttpOnly; SameSite=Lax',
      'pe_seen=1; Path=/; Max-Age=60',
    ]);
  });

  it('sets x-forwarded-* from the client connection and the public Host', async () => {
    await send(fixture.gateway.url, '/api/business', {
      headers: { host: 'probedge.example', 'x-forwarded-host': 'spoofed.example' },
    });
    const headers = fixture.upstreams.news.last!.headers;
    expect(headers['x-forwarded-host']).toBe('probedge.example');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
    expect(headers.host).toBe(new URL(fixture.upstreams.news.url).host);
  });

  it('always overwrites the client address header the services key their limits on', async () => {
    await send(fixture.gateway.url, '/api/business', {
      headers: { 'x-client-address': '192.0.2.1', 'x-forwarded-for': '192.0.2.2' },
    });
    // No trusted proxy in front of this gateway: the visitor is the connection's peer.
    expect(fixture.upstreams.news.last!.headers['x-client-address']).toBe('127.0.0.1');
  });

  it('adds security headers to proxied answers and hides any x-powered-by', async () => {
    fixture.upstreams.news.handler = (_req, res) => {
      res.setHeader('x-powered-by', 'Express');
      res.end('[]');
    };
    const res = await send(fixture.gateway.url, '/api/opinion');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("lets a service's header take the place of the gateway's of the same name, once", async () => {
    fixture.upstreams.news.handler = (_req, res) => {
      res.setHeader('referrer-policy', 'origin');
      res.setHeader('vary', 'Accept-Language');
      res.end('[]');
    };
    const res = await send(fixture.gateway.url, '/api/opinion', {
      headers: { 'x-request-id': 'req-own-headers-1' },
    });
    expect(res.headers['referrer-policy']).toBe('origin');
    expect(res.headers.vary).toBe('Accept-Language');
    // The rest of the gateway's own are there, each once.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('req-own-headers-1');
  });
});
