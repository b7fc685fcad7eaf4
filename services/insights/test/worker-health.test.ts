import type { ChildProcess } from 'node:child_process';
import { freePort, killProcess, startRedisServer, waitFor } from '@probedge/kit/testing';
import { createStage, spawnWorker, type Stage } from './support';

/** The worker process' probes: liveness never depends on Redis, readiness does. */
describe('the worker process health endpoints', () => {
  let stage: Stage;
  let redis: ChildProcess;
  let redisPort: number;
  let worker: ChildProcess;
  let baseUrl: string;

  const probe = async (path: string) => {
    const res = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const readyStatus = async () => (await fetch(`${baseUrl}/readyz`).catch(() => undefined))?.status;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedisServer(redisPort);
    stage = await createStage({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    worker = spawnWorker(stage, { INSIGHTS_WORKER_PORT: String(port) });
  });

  afterAll(async () => {
    if (worker) await killProcess(worker, 'SIGTERM');
    await stage?.close();
    if (redis) await killProcess(redis);
  });

  it('is ready with Redis, unready without it while staying live, and ready again after', async () => {
    await waitFor(async () => (await readyStatus()) === 200, 'the worker ready');
    expect(await probe('/readyz')).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { redis: 'ok' } },
    });
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });

    await killProcess(redis);
    await waitFor(async () => (await readyStatus()) === 503, 'the worker unready');
    const unready = await probe('/readyz');
    expect(unready.body).toMatchObject({ status: 'unavailable' });
    expect((unready.body.checks as Record<string, string>).redis).not.toBe('ok');
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });

    redis = await startRedisServer(redisPort);
    await waitFor(async () => (await readyStatus()) === 200, 'the worker ready again', 20_000);
  });
});
