import type { Server } from 'node:http';
import { freePort, waitFor } from '@probedge/kit/testing';
import { operatorViews, serveOperatorPort } from '../src/bootstrap/gateway-app';
import { send, useGatewayWithUpstreams } from './support/gateway';

/**
 * Where visitors reach the gateway directly (compose) or through an edge that sends every path to
 * it (Kubernetes), its counters must not be one of the paths: with METRICS_PORT they are served on
 * that port alone.
 */
describe("METRICS_PORT: the operators' views off the public port", () => {
  let port: number;
  let scrape: Server;
  let metricsUrl: string;
  const fixture = useGatewayWithUpstreams(async () => {
    port = await freePort();
    return { METRICS_PORT: port };
  });

  beforeAll(async () => {
    scrape = await serveOperatorPort(operatorViews(fixture.gateway.app), port, '127.0.0.1');
    metricsUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(() => new Promise((resolve) => scrape?.close(resolve)));

  it('answers /metrics on the public port as an unknown path', async () => {
    const res = await send(fixture.gateway.url, '/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_request_duration_seconds');
  });

  it('serves the same counters on the metrics port, and nothing else there', async () => {
    await send(fixture.gateway.url, '/api/guides');
    await waitFor(async () => {
      const res = await send(metricsUrl, '/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      return res.text.includes('route="/api/guides"');
    }, 'the guides request counted on the metrics port');
    expect((await send(metricsUrl, '/api/guides')).status).toBe(404);
    expect((await send(metricsUrl, '/metrics', { method: 'POST' })).status).toBe(404);
  });
});
