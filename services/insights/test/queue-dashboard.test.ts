import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort, killProcess, waitFor } from '@probedge/kit/testing';
import { QUEUES } from '@probedge/proto';
import { Queue } from 'bullmq';
import { createStage, spawnWorker, type Stage } from './support';

const TOKEN = 'dashboard-token-0123456789';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The operators' queue dashboard on the worker's own HTTP port, behind the admin token. */
describe('the queue dashboard of the insights worker', () => {
  let stage: Stage;
  const newsPrefix = `news-test-${randomBytes(4).toString('hex')}`;
  let newsQueue: Queue;
  let insightsQueue: Queue;
  const workers: ChildProcess[] = [];

  async function startWorker(env: NodeJS.ProcessEnv): Promise<string> {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    workers.push(spawnWorker(stage, { ...env, INSIGHTS_WORKER_PORT: String(port) }));
    await waitFor(
      async () => (await fetch(`${baseUrl}/healthz`).catch(() => undefined))?.status === 200,
      'the worker listening',
    );
    return baseUrl;
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, { headers, signal: AbortSignal.timeout(5000) });
  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  beforeAll(async () => {
    stage = await createStage({ REDIS_URL, NEWS_QUEUE_PREFIX: newsPrefix });
    // One job in each queue, so the dashboard has something of each to show.
    newsQueue = new Queue(QUEUES.newsIngestion, {
      connection: { url: REDIS_URL },
      prefix: newsPrefix,
    });
    insightsQueue = new Queue(QUEUES.insights, {
      connection: { url: REDIS_URL },
      prefix: String(stage.env.INSIGHTS_QUEUE_PREFIX),
    });
    await newsQueue.add('ingest-slot', { slot: 1 }, { delay: 3_600_000 });
    await insightsQueue.add('daily-analysis', { marketDate: '2026-01-05' }, { delay: 3_600_000 });
  });

  afterAll(async () => {
    for (const worker of workers) await killProcess(worker, 'SIGTERM');
    await newsQueue?.obliterate({ force: true }).catch(() => undefined);
    await newsQueue?.close();
    await insightsQueue?.close();
    await stage?.close();
  });

  describe('with INSIGHTS_ADMIN_TOKEN set', () => {
    let baseUrl: string;
    beforeAll(async () => {
      baseUrl = await startWorker({ INSIGHTS_ADMIN_TOKEN: TOKEN });
    });

    it('asks for the token: 401 with a Basic login prompt, without it or with a wrong one', async () => {
      const attempts: Record<string, string>[] = [
        {},
        { authorization: basic('ops', 'not-the-token-at-all') },
        { authorization: 'Bearer not-the-token-at-all' },
        { 'x-admin-token': 'not-the-token-at-all' },
        { authorization: 'Basic %%%' },
      ];
      for (const headers of attempts) {
        for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
          const res = await get(`${baseUrl}${path}`, headers);
          expect({ path, headers, status: res.status }).toEqual({ path, headers, status: 401 });
          expect(res.headers.get('www-authenticate')).toBe(
            'Basic realm="ProbEdge queues", charset="UTF-8"',
          );
          expect(await res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
        }
      }
    });

    it('serves the dashboard page to the token as the Basic password, a Bearer token or X-Admin-Token', async () => {
      const presented: Record<string, string>[] = [
        { authorization: basic('ops', TOKEN) },
        { authorization: `Bearer ${TOKEN}` },
        { 'x-admin-token': TOKEN },
      ];
      for (const headers of presented) {
        const res = await get(`${baseUrl}/admin/queues`, headers);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/text\/html/);
        expect(res.headers.get('x-powered-by')).toBeNull();
        const page = await res.text();
        expect(page).toContain('<base href="/admin/queues/"');
        expect(page).toContain('ProbEdge queues');
      }
    });

    it('lists the news ingestion, insights and briefing queues with their jobs', async () => {
      const res = await get(`${baseUrl}/admin/queues/api/queues?activeQueue=&status=delayed`, {
        authorization: basic('ops', TOKEN),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        queues: { name: string; counts: Record<string, number> }[];
      };
      const byName = Object.fromEntries(body.queues.map((queue) => [queue.name, queue.counts]));
      expect(Object.keys(byName).sort()).toEqual(
        [QUEUES.briefing, QUEUES.insights, QUEUES.newsIngestion].sort(),
      );
      expect(byName[QUEUES.newsIngestion].delayed).toBe(1);
      expect(byName[QUEUES.insights].delayed).toBe(1);
    });

    it('keeps the probes open without the token', async () => {
      expect((await get(`${baseUrl}/healthz`)).status).toBe(200);
      expect((await get(`${baseUrl}/metrics`)).status).toBe(200);
    });
  });

  describe('without INSIGHTS_ADMIN_TOKEN', () => {
    it('has no dashboard: 404 as for any unknown path, whatever is presented', async () => {
      const baseUrl = await startWorker({ INSIGHTS_ADMIN_TOKEN: '' });
      for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
        const presented: Record<string, string>[] = [{}, { authorization: basic('ops', TOKEN) }];
        for (const headers of presented) {
          const res = await get(`${baseUrl}${path}`, headers);
          expect({ path, status: res.status }).toEqual({ path, status: 404 });
          expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
        }
      }
      expect((await get(`${baseUrl}/healthz`)).status).toBe(200);
    });
  });
});
