import { ROUTES } from '@probedge/proto';
import { send, requestsReceived, useGatewayWithUpstreams } from './support/gateway';

const SAMPLE_SLUG = 'probability-basics';

function samplePath(path: string): string {
  return path.replace(/:[^/]+/g, SAMPLE_SLUG);
}

describe('routing by the route table', () => {
  const fixture = useGatewayWithUpstreams();

  beforeEach(() => Object.values(fixture.upstreams).forEach((upstream) => upstream.reset()));

  // A search's query is the one the gateway writes anew (see search-target.ts): tested there.
  const unchanged = ROUTES.filter((route) => route.path !== '/api/search');

  it.each(unchanged.map((route) => [route.method, route.path, route.service] as const))(
    'sends %s %s to the %s service with path and query unchanged',
    async (method, path, service) => {
      const target = `${samplePath(path)}?limit=5&q=a%20b&tag=x&tag=y`;
      const res = await send(fixture.gateway.url, target, {
        method,
        body: method === 'POST' ? '{}' : undefined,
      });

      expect(res.status).toBe(200);
      expect(res.headers['x-upstream']).toBe(service);
      expect(res.json()).toEqual({
        service,
        method,
        path: samplePath(path),
        query: '?limit=5&q=a%20b&tag=x&tag=y',
      });
      const others = Object.values(fixture.upstreams).filter(
        (upstream) => upstream.name !== service,
      );
      expect(others.every((upstream) => upstream.received.length === 0)).toBe(true);
    },
  );

  it('sends GET /api/search to news with its query written one way, q cleaned', async () => {
    const res = await send(fixture.gateway.url, '/api/search?limit=5&q=%20a%20%20b&tag=x&tag=y');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      service: 'news',
      method: 'GET',
      path: '/api/search',
      query: '?limit=5&q=a+b&tag=x&tag=y',
    });
  });

  it('answers HEAD on a GET route through its service', async () => {
    const res = await send(fixture.gateway.url, '/api/market', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(fixture.upstreams.markets.last?.method).toBe('HEAD');
  });

  it('accepts a trailing slash the route table allows', async () => {
    const res = await send(fixture.gateway.url, '/api/guides/');
    expect(res.status).toBe(200);
    expect(fixture.upstreams.content.last?.url).toBe('/api/guides/');
  });

  it('returns 404 JSON naming the method and path for an unknown /api path', async () => {
    const res = await send(fixture.gateway.url, '/api/xyz');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No API route GET /api/xyz',
      requestId: expect.any(String),
    });
  });

  /** Answered by the gateway itself with `status` in JSON; no service is asked. */
  const refusedAtTheEdge = (status: number, error: string) => async (target: string) => {
    const res = await send(fixture.gateway.url, target);
    expect(res.status).toBe(status);
    expect(res.json()).toMatchObject({ statusCode: status, error });
    expect(requestsReceived(fixture.upstreams)).toBe(0);
  };

  it.each([
    '/openapi.json',
    '/api/openapi.json',
    '/api/../openapi.json',
    '/api/%2e%2e/openapi.json',
    '/api/%2e%2e/x',
    '/api/guides/..',
    '/api/guides/%2E%2E',
    '/api/guides/a%2Fb',
    '/api/guides/a%5cb',
    '/api/guides/.',
    '/api//guides',
    '/api/guides/x/..',
    '/api/guides/http:/',
    '/API/guides',
    '/healthz/../api/guides',
  ])('returns 404 JSON and reaches no service for %s', refusedAtTheEdge(404, 'Not Found'));

  it.each([
    '/api/guides/%zz',
    '/api/guides/%c0%ae',
    '/api/guides/a\\b',
    'http://evil.example/api/guides',
  ])(
    'returns 400 JSON and reaches no service for the malformed target %s',
    refusedAtTheEdge(400, 'Bad Request'),
  );

  it('returns 405 with an Allow header for a method the path does not take', async () => {
    const res = await send(fixture.gateway.url, '/api/guides', { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toMatchObject({ statusCode: 405, error: 'Method Not Allowed' });

    const webhook = await send(fixture.gateway.url, '/api/stripe/webhook');
    expect(webhook.status).toBe(405);
    expect(webhook.headers.allow).toBe('POST');
    expect(fixture.upstreams.content.received).toHaveLength(0);
    expect(fixture.upstreams.billing.received).toHaveLength(0);
  });
});
