import { Readiness } from './health';

describe('Readiness', () => {
  it('is ready when every check passes', async () => {
    const readiness = new Readiness();
    readiness.register('database', async () => 'ok');
    await expect(readiness.evaluate()).resolves.toEqual({
      ready: true,
      checks: { database: 'ok' },
      reports: {},
    });
  });

  it('is not ready when a check fails, and says which', async () => {
    const readiness = new Readiness();
    readiness.register('database', async () => 'ok');
    readiness.register('redis', async () => {
      throw new Error('connection refused');
    });
    const result = await readiness.evaluate();
    expect(result.ready).toBe(false);
    expect(result.checks.redis).toBe('connection refused');
  });

  it('stops being ready once shutdown begins', async () => {
    const readiness = new Readiness();
    readiness.beginShutdown();
    expect((await readiness.evaluate()).ready).toBe(false);
  });

  it('includes reports in the answer without letting them decide readiness', async () => {
    const readiness = new Readiness();
    readiness.report('upstreams', async () => ({ news: 'unreachable' }));
    readiness.report('broken', async () => {
      throw new Error('probe failed');
    });
    const result = await readiness.evaluate();
    expect(result.ready).toBe(true);
    expect(result.reports).toEqual({ upstreams: { news: 'unreachable' }, broken: 'probe failed' });
  });
});
