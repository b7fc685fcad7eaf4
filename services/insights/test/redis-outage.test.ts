import type { ChildProcess } from 'node:child_process';
import { freePort, killProcess, startRedisServer, waitFor } from '@probedge/kit/testing';
import request from 'supertest';
import { article, startNewsServer, type NewsServer } from './news-server';
import { closeAll, startService, type Running, type Stage } from './support';

/** The API's promise when Redis stops: generation answers 503 fast, reads go on from Postgres. */
describe('insights while their Redis stops and comes back', () => {
  let news: NewsServer;
  let stage: Stage;
  let api: Running;
  let worker: Running;
  let redis: ChildProcess;
  let port: number;
  const http = () => request(api.app.getHttpServer());

  /** A request that must be answered within `ms` (two seconds unless said), or the test fails. */
  const post = (path: string, ms = 2000) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', signal: AbortSignal.timeout(ms) });
  let baseUrl: string;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedisServer(port);
    news = await startNewsServer();
    news.articles = [
      article({ title: 'Treasury yields rise', tickers: ['TLT'] }, 15),
      article({ title: 'Yields: the view from the desk', feed: 'opinion', sourceId: 'views' }, 30),
    ];
    ({ stage, api, worker } = await startService({
      NEWS_GRPC_URL: news.address,
      REDIS_URL: `redis://127.0.0.1:${port}`,
    }));
    await api.app.listen(0, '127.0.0.1');
    baseUrl = await api.app.getUrl();
  });

  afterAll(async () => {
    await closeAll(worker, api, stage);
    await killProcess(redis);
    await news?.close();
  });

  it('answers 503 within 2 s, keeps serving reads, and resumes when Redis is back', async () => {
    // With Redis up, a whole generation runs first: its time depends on the machine, not the promise.
    expect((await post('/api/generate-analysis', 15_000)).status).toBe(200);
    await killProcess(redis);

    for (const path of ['/api/generate-analysis', '/api/generate-opinion']) {
      const res = await post(path);
      expect(res.status).toBe(path.endsWith('analysis') ? 200 : 503);
      const body = (await res.json()) as { statusCode?: number; message?: string };
      if (res.status === 503) {
        expect(body).toMatchObject({
          statusCode: 503,
          error: 'Service Unavailable',
          message:
            'The daily opinion cannot be generated right now: the job queue is unavailable. Try again shortly.',
        });
      }
    }
    // Reads never touch Redis.
    await http().get('/api/daily-analysis').expect(200);
    await http().get('/api/daily-opinion').expect(404);
    await http().get('/healthz').expect(200);

    redis = await startRedisServer(port);
    await waitFor(async () => (await post('/api/generate-opinion')).status === 200, 'recovery');
    const opinion = await http().get('/api/daily-opinion').expect(200);
    expect(opinion.body.sourceArticleTitle).toBe('Yields: the view from the desk');
  });
});
