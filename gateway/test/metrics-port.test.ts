import type { Server } from 'node:http';
import { freePort, waitFor } from '@probedge/kit/testing';
import { operatorViews, serveOperatorPort } from '../src/bootstrap/gateway-app';
import {
  send,
  startGateway,
  startUpstreams,
  stopUpstreams,
  upstreamUrls,
  type RunningGateway,
  type Upstreams,
} from './support/gateway';

/**
 * Where visitors reach the gateway directly (compose) or through an edge that sends every path to
 * it (Kubernetes), its counters must not be one of the paths: with METRICS_PORT they are served on
 * that port alone.
 */
describe("METRICS_PORT: the operators' views off the public port", () => {
  let upstreams: Upstreams;
  let gateway: RunningGateway;
  let scrape: Server;
  let metricsUrl: string;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    const port = await freePort();
    gateway = await startGateway({ ...upstreamUrls(upstreams), METRICS_PORT: port });
    scrape = await serveOperatorPort(operatorViews(gateway.app), port, '127.0.0.1');
    metricsUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => scrape?.close(resolve));
    await gateway?.close();
    await stopUpstreams(upstreams);
  });

  it('answers /metrics on the public port as an unknown path', async () => {
    const res = await send(gateway.url, '/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_request_duration_seconds');
  });

  it('serves the same counters on the metrics port, and nothing else there', async () => {
    await send(gateway.url, '/api/guides');
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
