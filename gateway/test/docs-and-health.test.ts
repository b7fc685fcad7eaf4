import { waitFor } from '@probedge/kit/testing';
import { Readiness } from '@probedge/kit';
import { closedPort } from './support/upstream';
import { send, useGatewayWithUpstreams, useOperatorPort } from './support/gateway';

const CONTENT_DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'ProbEdge content service', version: '1.0' },
  servers: [{ url: 'http://content.internal:4001' }],
  paths: {
    '/api/guides': { get: { summary: 'List guides', responses: { 200: { description: 'ok' } } } },
    '/api/guides/{slug}': {
      get: { summary: 'One guide', responses: { 200: { description: 'ok' } } },
      delete: { summary: 'Not public', responses: { 204: { description: 'gone' } } },
    },
    '/internal/sync': {
      post: { summary: 'Not public', responses: { 202: { description: 'ok' } } },
    },
  },
};

describe('docs and health', () => {
  let insightsPort: number;
  const fixture = useGatewayWithUpstreams(async (upstreams) => {
    upstreams.content.handler = (req, res) => {
      res.writeHead(req.url === '/openapi.json' ? 200 : 404, {
        'content-type': 'application/json',
      });
      res.end(JSON.stringify(CONTENT_DOCUMENT));
    };
    upstreams.billing.handler = (_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{}');
    };
    insightsPort = await closedPort();
    return { INSIGHTS_URL: `http://127.0.0.1:${insightsPort}` };
  });

  const operators = useOperatorPort(fixture);

  it('serves the Swagger UI page from local assets with a selector over every service', async () => {
    const page = await send(fixture.gateway.url, '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);

    const init = await send(fixture.gateway.url, '/api/docs/swagger-ui-init.js');
    for (const service of ['content', 'news', 'insights', 'billing']) {
      expect(init.text).toContain(`/api/docs/${service}.json`);
    }
    const bundle = await send(fixture.gateway.url, '/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
  });

  it('serves a service document with only its public routes and no internal address', async () => {
    const res = await send(fixture.gateway.url, '/api/docs/content.json');
    expect(res.status).toBe(200);
    const document = res.json<{ info: { title: string }; paths: Record<string, object> }>();
    expect(document.info.title).toBe('ProbEdge content service');
    expect(Object.keys(document.paths).sort()).toEqual(['/api/guides', '/api/guides/{slug}']);
    expect(Object.keys(document.paths['/api/guides/{slug}'] ?? {})).toEqual(['get']);
    expect(res.text).not.toContain('content.internal');
  });

  it('answers 502 JSON for the document of a service that is down', async () => {
    const res = await send(fixture.gateway.url, '/api/docs/insights.json');
    expect(res.status).toBe(502);
    expect(res.json()).toMatchObject({
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'The insights service is unavailable',
    });
    expect(res.text).not.toContain(String(insightsPort));
  });

  it('answers 503 JSON for the document of a service that is not ready', async () => {
    const res = await send(fixture.gateway.url, '/api/docs/billing.json');
    expect(res.status).toBe(503);
    expect(res.json()).toMatchObject({
      statusCode: 503,
      message: 'The billing service is unavailable',
    });
  });

  it('answers 404 JSON for a document no service has', async () => {
    const res = await send(fixture.gateway.url, '/api/docs/payments.json');
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('keeps a fetched document briefly instead of asking the service on every load', async () => {
    fixture.upstreams.content.received.length = 0;
    await send(fixture.gateway.url, '/api/docs/content.json');
    await send(fixture.gateway.url, '/api/docs/content.json');
    expect(fixture.upstreams.content.received.length).toBeLessThanOrEqual(1);
  });

  it('counts the requests its own app answers (health, SEO) under their path', async () => {
    await send(fixture.gateway.url, '/healthz');
    const line = (text: string, route: string) =>
      text
        .split('\n')
        .find(
          (entry) =>
            entry.startsWith('http_request_duration_seconds_count{') &&
            entry.includes(`route="${route}"`) &&
            entry.includes('status="200"'),
        );
    await waitFor(
      async () =>
        line((await send(fixture.gateway.url, '/metrics')).text, '/healthz') !== undefined,
      'the health request in /metrics',
    );
  });

  it('answers /metrics itself, naming proxied requests by their route pattern', async () => {
    await send(fixture.gateway.url, '/api/guides/some-guide');
    const guideLine = (text: string) =>
      text
        .split('\n')
        .find(
          (entry) =>
            entry.startsWith('http_request_duration_seconds_count{') &&
            entry.includes('route="/api/guides/:slug"') &&
            entry.includes('service="gateway"'),
        );
    // The request is counted when the gateway's response finishes, which may trail the client.
    await waitFor(async () => {
      const res = await send(fixture.gateway.url, '/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      return guideLine(res.text) !== undefined;
    }, 'the guide request in /metrics');
  });

  it('answers /healthz with 200', async () => {
    const res = await send(fixture.gateway.url, '/healthz');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers public readiness without asking any service', async () => {
    const asked = () =>
      fixture.upstreams.news.received.filter((request) => request.url === '/readyz');
    const before = asked().length;

    const res = await send(fixture.gateway.url, '/readyz');

    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: {} });
    expect(asked()).toHaveLength(before);
  });

  it("stays ready while a service is down, reporting each service on the operators' port", async () => {
    const res = await send(operators.url, '/readyz');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({
      status: 'ok',
      checks: {},
      upstreams: {
        content: 'not ready (404)',
        news: 'ok',
        insights: 'unreachable',
        billing: 'not ready (503)',
        markets: 'ok',
      },
    });
  });

  it('fails readiness once shutdown has begun', async () => {
    const draining = await fixture.startGateway();
    try {
      draining.app.get(Readiness).beginShutdown();
      const res = await send(draining.url, '/readyz');
      expect(res.status).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        checks: { process: 'shutting down' },
      });
      expect((await send(draining.url, '/healthz')).status).toBe(200);
    } finally {
      await draining.close();
    }
  });
});
