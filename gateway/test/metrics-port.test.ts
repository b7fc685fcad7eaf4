import { freePort, waitFor } from '@probedge/kit/testing';
import { send, useGatewayWithUpstreams, useOperatorPort } from './support/gateway';

/**
 * Where visitors reach the gateway directly (compose) or through an edge that sends every path to
 * it (Kubernetes), its counters must not be one of the paths: with METRICS_PORT they are served on
 * that port alone.
 */
describe("METRICS_PORT: the operators' views off the public port", () => {
  let port: number;
  const fixture = useGatewayWithUpstreams(async () => {
    port = await freePort();
    return { METRICS_PORT: port };
  });

  const scrape = useOperatorPort(fixture, () => port);

  it('answers /metrics on the public port as an unknown path', async () => {
    const res = await send(fixture.gateway.url, '/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_request_duration_seconds');
  });

  it('serves the same counters on the metrics port, and nothing else there', async () => {
    await send(fixture.gateway.url, '/api/guides');
    await waitFor(async () => {
      const res = await send(scrape.url, '/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      return res.text.includes('route="/api/guides"');
    }, 'the guides request counted on the metrics port');
    expect((await send(scrape.url, '/api/guides')).status).toBe(404);
    expect((await send(scrape.url, '/metrics', { method: 'POST' })).status).toBe(404);
  });
});
