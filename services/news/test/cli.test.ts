import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@probedge/kit';
import { createTestDatabase, initTestApp, waitFor, type TestDatabase } from '@probedge/kit/testing';
import { JOBS, QUEUES } from '@probedge/proto';
import { Queue } from 'bullmq';
import { parseArgs, UsageError } from '../src/cli';
import { loadNewsConfig } from '../src/config/env';
import { ArticlesRepository } from '../src/articles/articles.repository';
import { IngestionQueue } from '../src/ingestion/ingestion.queue';
import { SourcesRepository } from '../src/sources/sources.repository';
import { WorkerModule } from '../src/worker.module';
import { rss, startFeedServer, xml, type FeedServer } from './feed-server';
import { CLI, runCli } from './cli-support';
import { MIGRATIONS_DIR, writeSourcesFile } from './support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('parseArgs of the news CLI', () => {
  it('reads ingest-now with an optional --source', () => {
    const ingestNow = { command: 'ingest-now' };
    expect(parseArgs(['ingest-now'])).toEqual(ingestNow);
    expect(parseArgs(['ingest-now', '--source', 'reuters'])).toEqual({
      ...ingestNow,
      sourceId: 'reuters',
    });
    expect(parseArgs(['ingest-now', '--source=reuters'])).toEqual({
      ...ingestNow,
      sourceId: 'reuters',
    });
  });

  it('reads index-site, which takes no arguments', () => {
    expect(parseArgs(['index-site'])).toEqual({ command: 'index-site' });
    expect(() => parseArgs(['index-site', '--now'])).toThrow(
      new UsageError('unknown argument "--now"'),
    );
  });

  it.each([
    [[], 'no command given'],
    [['ingest-later'], 'unknown command "ingest-later"'],
    [['ingest-now', '--sauce', 'x'], 'unknown argument "--sauce"'],
    [['ingest-now', '--source'], '--source needs a source id'],
    [['ingest-now', '--source='], '--source needs a source id'],
    [['ingest-now', '--source', 'a', '--source', 'b'], '--source is given twice'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(new UsageError(message));
  });
});

/** The built CLI against a running worker: it queues a re-run that ingests whether a source is due or not. */
describe('node dist/cli.js ingest-now', () => {
  let server: FeedServer;
  let database: TestDatabase;
  let folder: string;
  let worker: NestFastifyApplication;
  let queue: Queue;
  const prefix = `news-test-${randomBytes(4).toString('hex')}`;

  const cli = (...argv: string[]) =>
    runCli(argv, {
      DATABASE_URL: database.url,
      REDIS_URL,
      NEWS_QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'silent',
    });

  const feed = (guid: string) =>
    xml(rss([{ guid, title: `Story ${guid}`, link: `https://cli.example.com/${guid}` }]));

  beforeAll(async () => {
    if (!existsSync(CLI))
      throw new Error(`${CLI} is missing: build the service first (make build)`);
    server = await startFeedServer();
    server.route('/one', feed('c-1'));
    server.route('/two', feed('c-2'));
    database = await createTestDatabase('probedge_news', MIGRATIONS_DIR);
    folder = await mkdtemp(path.join(tmpdir(), 'news-cli-'));
    const sourcesFile = await writeSourcesFile(folder, [
      { id: 'one', url: server.url('/one'), feed: 'business' },
      { id: 'two', url: server.url('/two'), feed: 'daytrader' },
    ]);
    const config = loadNewsConfig({
      DATABASE_URL: database.url,
      REDIS_URL,
      LOG_LEVEL: 'silent',
      NEWS_ALLOW_LOOPBACK: 'true',
      NEWS_SCHEDULE_ENABLED: 'false',
      NEWS_SOURCES_FILE: sourcesFile,
      NEWS_QUEUE_PREFIX: prefix,
      NEWS_CACHE_PREFIX: `${prefix}:`,
    });
    worker = await initTestApp(WorkerModule.forRoot(config), config);
    queue = new Queue(QUEUES.newsIngestion, { connection: { url: REDIS_URL }, prefix });
    // The regular slot fetches both sources once; their next checks are then minutes away.
    await worker.get(IngestionQueue).enqueueSlot(new Date());
    const sources = worker.get(SourcesRepository);
    await waitFor(async () => (await sources.findAll()).every((source) => source.lastFetchedAt));
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await database?.drop();
    if (folder) await rm(folder, { recursive: true, force: true });
    await server?.close();
  });

  const finished = async (jobId: string) => {
    await waitFor(async () => (await queue.getJobState(jobId)) === 'completed', `job ${jobId}`);
  };

  it('re-runs one source that is not due, prints the job id, and leaves the others alone', async () => {
    const sources = worker.get(SourcesRepository);
    expect((await sources.findDue(new Date())).map((source) => source.id)).toEqual([]);
    server.route('/one', feed('c-3'));
    const before = { one: server.requests('/one').length, two: server.requests('/two').length };

    const run = await cli('ingest-now', '--source', 'one');
    expect(run).toMatchObject({ code: 0 });
    const jobId = run.stdout.trim();
    expect(jobId).toMatch(/^ingest-rerun-one-[\w-]+$/);
    expect(run.stderr).toContain(`queued ${jobId} on news-ingestion (source one)`);
    const job = await queue.getJob(jobId);
    expect(job?.name).toBe(JOBS.ingestSlot);
    expect(job?.data).toMatchObject({ rerun: { sourceId: 'one' } });

    await finished(jobId);
    expect(server.requests('/one').length).toBe(before.one + 1);
    expect(server.requests('/two').length).toBe(before.two);
    const urls = (await worker.get(ArticlesRepository).list({ feeds: ['business'] }, 10)).map(
      (article) => article.url,
    );
    expect(urls).toContain('https://cli.example.com/c-3');
  });

  it('re-runs every source without --source, with a new job id each time', async () => {
    const before = { one: server.requests('/one').length, two: server.requests('/two').length };
    const first = await cli('ingest-now');
    const second = await cli('ingest-now');
    expect([first.code, second.code]).toEqual([0, 0]);
    const ids = [first.stdout.trim(), second.stdout.trim()];
    expect(ids[0]).toMatch(/^ingest-rerun-all-/);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) await finished(id);
    expect(server.requests('/one').length).toBe(before.one + 2);
    expect(server.requests('/two').length).toBe(before.two + 2);
  });

  it('refuses an unknown source or command with exit code 2, queueing nothing', async () => {
    const count = async () =>
      Object.values(await queue.getJobCounts()).reduce((sum, value) => sum + value, 0);
    const jobs = await count();
    const unknown = await cli('ingest-now', '--source', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('unknown source "nope"; known sources: one, two');
    const bad = await cli('ingest');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('usage: node dist/cli.js ingest-now [--source <source id>]');
    expect(await count()).toBe(jobs);
  });

  it('fails with exit code 1 and the reason when the configuration is invalid', async () => {
    const child = await runCli(['ingest-now'], {
      DATABASE_URL: database.url,
      REDIS_URL: 'http://not-redis',
    });
    expect(child.code).toBe(1);
    expect(child.stderr).toContain('REDIS_URL');
  });
});
