import { Readiness } from '@probedge/kit';
import { send, useUpstreams } from './support/gateway';

describe('shutting down', () => {
  const fixture = useUpstreams();

  it('finishes an in-flight proxied request before the app closes', async () => {
    const gateway = await fixture.startGateway();
    let answer: () => void = () => undefined;
    fixture.upstreams.insights.handler = (_req, res) => {
      answer = () => res.end('{"content":"late but complete"}');
    };

    const inFlight = send(gateway.url, '/api/generate-analysis', { method: 'POST', body: '{}' });
    await waitFor(() => fixture.upstreams.insights.received.length === 1);
    gateway.app.get(Readiness).beginShutdown();
    let closed = false;
    const closing = gateway.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);

    answer();
    const res = await inFlight;
    await closing;
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ content: 'late but complete' });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
