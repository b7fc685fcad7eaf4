import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@probedge/kit';
import {
  createTestDatabase,
  initTestApp,
  metricValue,
  waitFor,
  type TestDatabase,
} from '@probedge/kit/testing';
import request from 'supertest';
import { loadNewsConfig } from '../src/config/env';
import { IngestionQueue } from '../src/ingestion/ingestion.queue';
import { PrismaService } from '../src/prisma/prisma.service';
import { SourcesRepository } from '../src/sources/sources.repository';
import { WorkerModule } from '../src/worker.module';
import { rss, startFeedServer, xml, type FeedServer } from './feed-server';
import { MIGRATIONS_DIR, writeSourcesFile } from './support';

describe('news worker', () => {
  let server: FeedServer;
  let database: TestDatabase;
  let folder: string;
  const workers: NestFastifyApplication[] = [];

  beforeAll(async () => {
    server = await startFeedServer();
    database = await createTestDatabase('probedge_news', MIGRATIONS_DIR);
    folder = await mkdtemp(path.join(tmpdir(), 'news-sources-'));
    server.route(
      '/one',
      xml(rss([{ guid: 'w-1', title: 'One', link: 'https://w.example.com/1' }])),
    );
    server.route(
      '/two',
      xml(rss([{ guid: 'w-2', title: 'Two', link: 'https://w.example.com/2' }])),
    );
    const sourcesFile = await writeSourcesFile(folder, [
      { id: 'one', url: server.url('/one'), feed: 'business' },
      { id: 'two', url: server.url('/two'), feed: 'daytrader' },
    ]);
    const config = loadNewsConfig({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      NEWS_ALLOW_LOOPBACK: 'true',
      NEWS_SCHEDULE_ENABLED: 'false',
      NEWS_SOURCES_FILE: sourcesFile,
      NEWS_QUEUE_PREFIX: `news-test-${randomBytes(4).toString('hex')}`,
      NEWS_CACHE_PREFIX: `news-test-${randomBytes(4).toString('hex')}:`,
    });
    // Two replicas started together on the same database and queue.
    workers.push(
      ...(await Promise.all([0, 1].map(() => initTestApp(WorkerModule.forRoot(config), config)))),
    );
  });

  afterAll(async () => {
    await Promise.all(workers.map((app) => app.close()));
    await database.drop();
    await rm(folder, { recursive: true, force: true });
    await server.close();
  });

  it('loads the sources file at start-up', async () => {
    const sources = await workers[0]!.get(SourcesRepository).findAll();
    expect(sources.map((source) => [source.id, source.feed])).toEqual([
      ['one', 'business'],
      ['two', 'daytrader'],
    ]);
  });

  it('ingests a slot once when both replicas enqueue it', async () => {
    const now = new Date();
    const ids = await Promise.all(workers.map((app) => app.get(IngestionQueue).enqueueSlot(now)));
    expect(ids[0]).toBe(ids[1]);
    // A second tick within the same slot changes nothing either.
    await workers[1]!.get(IngestionQueue).enqueueSlot(now);
    const sources = workers[0]!.get(SourcesRepository);
    await waitFor(async () => (await sources.findAll()).every((source) => source.lastFetchedAt));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const counts = await workers[0]!.get(IngestionQueue).jobCounts();
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(counts.completed).toBe(1);
    expect(server.requests('/one')).toHaveLength(1);
    expect(server.requests('/two')).toHaveLength(1);
  });

  it('exports queue depth, job outcomes and per-source fetches on /metrics', async () => {
    const texts = await Promise.all(
      workers.map(async (app) => (await request(app.getHttpServer()).get('/metrics')).text),
    );
    // The slot ran on one replica; both see the shared queue's depth.
    const sum = (name: string, labels: Record<string, string>) =>
      texts.reduce((total, text) => total + (metricValue(text, name, labels) ?? 0), 0);
    expect(sum('news_source_fetches_total', { source: 'one', outcome: 'ingested' })).toBe(1);
    expect(sum('news_ingested_articles_total', { source: 'two', write: 'created' })).toBe(1);
    expect(sum('bullmq_jobs_total', { queue: 'news-ingestion', outcome: 'completed' })).toBe(1);
    for (const text of texts) {
      expect(
        metricValue(text, 'bullmq_queue_jobs', { queue: 'news-ingestion', state: 'completed' }),
      ).toBe(1);
    }
  });

  it('answers health and readiness like every process', async () => {
    await request(workers[0]!.getHttpServer()).get('/healthz').expect(200);
    const ready = await request(workers[0]!.getHttpServer()).get('/readyz').expect(200);
    expect(ready.body.checks).toMatchObject({ database: 'ok', redis: 'ok' });
  });
});

describe('news worker on the sample feeds', () => {
  let database: TestDatabase;
  let worker: NestFastifyApplication;

  beforeAll(async () => {
    database = await createTestDatabase('probedge_news', MIGRATIONS_DIR);
    const config = loadNewsConfig({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      NEWS_ALLOW_LOOPBACK: 'true',
      NEWS_SCHEDULE_ENABLED: 'false',
      NEWS_SAMPLE_FEEDS_PORT: '0',
      NEWS_QUEUE_PREFIX: `news-test-${randomBytes(4).toString('hex')}`,
      NEWS_CACHE_PREFIX: `news-test-${randomBytes(4).toString('hex')}:`,
    });
    worker = await initTestApp(WorkerModule.forRoot(config), config);
  });

  afterAll(async () => {
    await worker.close();
    await database.drop();
  });

  it('ingests at least 60 sample items over loopback HTTP', async () => {
    await worker.get(IngestionQueue).enqueueSlot(new Date());
    const sources = worker.get(SourcesRepository);
    await waitFor(async () => (await sources.findAll()).every((source) => source.lastFetchedAt));
    const all = await sources.findAll();
    expect(all).toHaveLength(6);
    expect(all.every((source) => source.lastError === null && source.etag)).toBe(true);
    expect(await worker.get(PrismaService).article.count()).toBeGreaterThanOrEqual(60);
  });

  it('refuses to serve samples without the loopback switch', () => {
    expect(() =>
      WorkerModule.forRoot(
        loadNewsConfig({ NEWS_SAMPLE_FEEDS_PORT: '0', NEWS_ALLOW_LOOPBACK: 'false' }),
      ),
    ).toThrow(/NEWS_ALLOW_LOOPBACK/);
  });
});
