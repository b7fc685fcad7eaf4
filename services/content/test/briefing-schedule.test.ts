import type { ChildProcess } from 'node:child_process';
import {
  createTestDatabase,
  flushRedis,
  freePort,
  killProcess,
  startRedisServer,
  waitFor,
  type TestDatabase,
} from '@probedge/kit/testing';
import { QUEUES } from '@probedge/proto';
import { Queue } from 'bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { CUTOFF_SCHEDULER_ID } from '../src/briefing/briefing.worker';
import { queuePrefix, startTestWorker } from './briefing-support';
import { MIGRATIONS_DIR } from './support';

/**
 * The briefing's daily cut-off check is a repeatable job in Redis: a Redis that comes back empty
 * (flushed, or restarted without persistence) must get it again, or no day is ever marked skipped.
 */
describe('the briefing worker keeps its cut-off schedule', () => {
  const prefix = queuePrefix();
  let database: TestDatabase;
  let redis: ChildProcess;
  let redisPort: number;
  let worker: INestApplicationContext | undefined;
  let queue: Queue;

  const scheduled = async () =>
    (await queue.getJobSchedulers().catch(() => [])).map((scheduler) => scheduler.key);

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedisServer(redisPort);
    database = await createTestDatabase('probedge_content', MIGRATIONS_DIR);
    queue = new Queue(QUEUES.briefing, {
      connection: { host: '127.0.0.1', port: redisPort, maxRetriesPerRequest: null },
      prefix,
    });
    ({ worker } = await startTestWorker({
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      BRIEFING_QUEUE_PREFIX: prefix,
      BRIEFING_SCHEDULE_ENABLED: 'true',
      SCHEDULE_CHECK_SECONDS: '1',
    }));
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    await database?.drop();
    await killProcess(redis);
  });

  it('declares it again after a flush and after an empty restart', async () => {
    await waitFor(async () => (await scheduled()).includes(CUTOFF_SCHEDULER_ID), 'the cut-off');

    await flushRedis(redisPort);
    expect(await scheduled()).toEqual([]);
    await waitFor(
      async () => (await scheduled()).includes(CUTOFF_SCHEDULER_ID),
      'the cut-off after a flush',
      10_000,
    );

    await killProcess(redis);
    redis = await startRedisServer(redisPort);
    await waitFor(
      async () => (await scheduled()).includes(CUTOFF_SCHEDULER_ID),
      'the cut-off after an empty restart',
      20_000,
    );
    expect(await scheduled()).toEqual([CUTOFF_SCHEDULER_ID]);
  });
});
