import type { ChildProcess } from 'node:child_process';
import { freePort, killProcess, waitFor } from '@probedge/kit/testing';
import request from 'supertest';
import { marketDate } from '../src/market/market-date.util';
import { startLlmServer, type LlmServer } from './llm-server';
import { article, startNewsServer, type NewsServer } from './news-server';
import { createStage, spawnWorker, startApi, type Running, type Stage } from './support';

/**
 * Two worker processes on one queue; the one holding the job is SIGKILLed while the language model
 * is still answering. BullMQ's stalled-job check hands the job to the other worker.
 */
describe('a worker killed in the middle of a job', () => {
  let news: NewsServer;
  let llm: LlmServer;
  let stage: Stage;
  let api: Running;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    news = await startNewsServer();
    llm = await startLlmServer();
    stage = await createStage({
      NEWS_GRPC_URL: news.address,
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'test-key',
      LLM_TIMEOUT_MS: '60000',
      // A lost lock is noticed within about two seconds.
      INSIGHTS_LOCK_DURATION_MS: '2000',
      INSIGHTS_STALLED_INTERVAL_MS: '1000',
    });
    api = await startApi(stage, { INSIGHTS_GENERATE_WAIT_MS: '0' });
  });

  afterAll(async () => {
    await Promise.all(workers.map((child) => killProcess(child)));
    await api?.close();
    await stage?.close();
    await llm?.close();
    await news?.close();
  });

  it('is retried by another worker and the day still has exactly one row', async () => {
    news.articles = [article({ title: 'Stocks rally into the close', tickers: ['SPY'] }, 30)];
    llm.script({ hold: true });
    const first = spawnWorker(stage, { INSIGHTS_WORKER_PORT: String(await freePort()) });
    workers.push(first);
    const res = await request(api.app.getHttpServer()).post('/api/generate-analysis').expect(202);
    const jobId = res.body.jobId as string;

    // The first worker has taken the job and is waiting on the language model.
    await waitFor(() => llm.requests.length === 1, 'the first worker calling the model');
    const second = spawnWorker(stage, { INSIGHTS_WORKER_PORT: String(await freePort()) });
    workers.push(second);
    await killProcess(first);
    llm.script({ hold: true });

    // The second worker picks the stalled job up and calls the model again.
    await waitFor(() => llm.requests.length === 2, 'the second worker calling the model', 20_000);
    llm.release('The analysis of the day.');
    const date = marketDate(new Date(), 'America/New_York');
    await waitFor(async () => (await api.items.count('analysis', date)) === 1, 'the stored item');

    const item = await api.items.find('analysis', date);
    expect(item?.content).toContain('The analysis of the day.');
    expect(item?.writer).toBe('llm:gpt-4o-mini');
    expect(await api.items.count('analysis', date)).toBe(1);
    await waitFor(
      async () => (await api.queue.queue.getJobState(jobId)) === 'completed',
      'the job completing',
    );
    const read = await request(api.app.getHttpServer()).get('/api/daily-analysis').expect(200);
    expect(read.body.content).toContain('The analysis of the day.');
  });
});
