import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { NestFastifyApplication } from '@probedge/kit';
import { QUEUES } from '@probedge/proto';
import { Queue } from 'bullmq';
import request from 'supertest';
import { createTestDatabase, initTestApp, type TestDatabase } from '@probedge/kit/testing';
import { AppModule, OPENAPI } from '../src/app.module';
import { loadInsightsConfig, type InsightsConfig } from '../src/config/env';
import { DailyItemsRepository } from '../src/items/daily-items.repository';
import { InsightsQueue } from '../src/jobs/insights.queue';
import { marketDate } from '../src/market/market-date.util';
import { WorkerModule } from '../src/worker.module';
import { startNewsServer, type NewsServer } from './news-server';

export const MIGRATIONS_DIR = path.join(__dirname, '..', 'prisma', 'migrations');
export const WORKER_SCRIPT = path.join(__dirname, '..', 'dist', 'worker.js');

/** Settings one test file shares between its API and its workers: database, queue, news. */
export interface Stage {
  database: TestDatabase;
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function createStage(env: NodeJS.ProcessEnv): Promise<Stage> {
  const database = await createTestDatabase('probedge_insights', MIGRATIONS_DIR);
  const prefix = `insights-test-${randomBytes(4).toString('hex')}`;
  return {
    database,
    env: {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      INSIGHTS_QUEUE_PREFIX: prefix,
      BRIEFING_QUEUE_PREFIX: prefix,
      // Nobody else's gateway hears this stage's announcements.
      CACHE_INVALIDATION_CHANNEL: `${prefix}-changes`,
      INSIGHTS_SCHEDULE_ENABLED: 'false',
      INSIGHTS_JOB_BACKOFF_MS: '200',
      INSIGHTS_GENERATE_WAIT_MS: '10000',
      NEWS_GRPC_TIMEOUT_MS: '2000',
      // No markets service unless a test starts one: the texts then say market data was unavailable.
      MARKETS_URL: 'http://127.0.0.1:9',
      // BullMQ's stalled-job timer outlives a worker closed right after it starts; keep it short.
      INSIGHTS_STALLED_INTERVAL_MS: '1000',
      ...env,
    },
    async close() {
      await database.drop();
      // The queues' keys (jobs, schedulers) leave the shared Redis with the test.
      for (const name of [QUEUES.insights, QUEUES.briefing]) {
        const queue = new Queue(name, {
          // Gives up at once if the test has already stopped its Redis.
          connection: {
            url: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
            maxRetriesPerRequest: 1,
            retryStrategy: () => null,
          },
          prefix,
        });
        await queue.obliterate({ force: true }).catch(() => undefined);
        await queue.close();
      }
    },
  };
}

export interface Running {
  app: NestFastifyApplication;
  config: InsightsConfig;
  items: DailyItemsRepository;
  queue: InsightsQueue;
  close(): Promise<void>;
}

async function start(
  module: ReturnType<typeof AppModule.forRoot>,
  config: InsightsConfig,
): Promise<Running> {
  const app = await initTestApp(module, config, { openapi: OPENAPI });
  return {
    app,
    config,
    items: app.get(DailyItemsRepository),
    queue: app.get(InsightsQueue),
    close: () => app.close(),
  };
}

/** The HTTP API on the stage's database and queue. */
export function startApi(stage: Stage, env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const config = loadInsightsConfig({ ...stage.env, ...env });
  return start(AppModule.forRoot(config), config);
}

/** A worker in this process (consumer and, when enabled, the scheduler). */
export function startWorker(stage: Stage, env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const config = loadInsightsConfig({ ...stage.env, ...env });
  return start(WorkerModule.forRoot(config), config);
}

/** A worker as its own process (the built dist/worker.js), for tests that kill it. */
export function spawnWorker(stage: Stage, env: NodeJS.ProcessEnv): ChildProcess {
  if (!existsSync(WORKER_SCRIPT)) {
    throw new Error(`${WORKER_SCRIPT} is missing: build the service first (make build)`);
  }
  return spawn(process.execPath, [WORKER_SCRIPT], {
    env: { ...process.env, ...stage.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A stage with its API and one in-process worker: what most test files run against. */
export async function startService(
  env: NodeJS.ProcessEnv,
): Promise<{ stage: Stage; api: Running; worker: Running }> {
  const stage = await createStage(env);
  const api = await startApi(stage);
  const worker = await startWorker(stage);
  return { stage, api, worker };
}

/** Closes what a file started, in the order given; parts that never started are passed over. */
export async function closeAll(
  ...parts: ({ close(): Promise<unknown> } | undefined)[]
): Promise<void> {
  for (const part of parts) await part?.close();
}

/** Today's market date in the service's default time zone. */
export const today = (): string => marketDate(new Date(), 'America/New_York');

/** What a test file runs against: its own news server, and a service reading it. */
export interface Harness {
  news: NewsServer;
  stage: Stage;
  api: Running;
  worker: Running;
  http(): ReturnType<typeof request>;
}

/**
 * Starts a news server and a service reading it before the file's tests, and closes both after
 * them. `prepare` may seed the news server before the service starts.
 */
export function useNewsAndService(
  env: NodeJS.ProcessEnv,
  prepare: (news: NewsServer) => void = () => undefined,
): Harness {
  const harness = {
    http: () => request(harness.api.app.getHttpServer()),
  } as Harness;
  beforeAll(async () => {
    harness.news = await startNewsServer();
    prepare(harness.news);
    Object.assign(harness, await startService({ NEWS_GRPC_URL: harness.news.address, ...env }));
  });
  afterAll(async () => {
    await closeAll(harness.worker, harness.api, harness.stage, harness.news);
  });
  return harness;
}
