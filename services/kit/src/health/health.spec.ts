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

  it('is not ready when a check fails, and says which and how without naming hosts', async () => {
    const readiness = new Readiness();
    readiness.register('database', async () => 'ok');
    readiness.register('redis', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED redis.internal:6379'), {
        code: 'ECONNREFUSED',
      });
    });
    readiness.register('queue', async () => {
      throw new Error('queue at 10.0.0.7 is gone');
    });
    const result = await readiness.evaluate();
    expect(result.ready).toBe(false);
    expect(result.checks).toEqual({
      database: 'ok',
      redis: 'unavailable (ECONNREFUSED)',
      queue: 'unavailable',
    });
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
      throw new Error('probe of 10.0.0.9 failed');
    });
    const result = await readiness.evaluate();
    expect(result.ready).toBe(true);
    expect(result.reports).toEqual({ upstreams: { news: 'unreachable' }, broken: 'unavailable' });
  });
});
