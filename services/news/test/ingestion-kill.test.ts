import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRedis } from '@probedge/kit';
import {
  BuiltProcesses,
  createTestDatabase,
  waitFor,
  type TestDatabase,
} from '@probedge/kit/testing';
import { Client } from 'pg';
import { loadNewsConfig } from '../src/config/env';
import { enqueueRerun, openIngestionQueue } from '../src/ingestion/ingestion.queue';
import { heldFeed, rss, startFeedServer, xml, type FeedServer, type HeldFeed } from './feed-server';
import { MIGRATIONS_DIR } from './support';

const ITEMS_PER_FEED = 25;
const FAST = ['fast-1', 'fast-2', 'fast-3'];
const SLOW = ['slow-1', 'slow-2', 'slow-3'];

function feedOf(source: string): string {
  return rss(
    Array.from({ length: ITEMS_PER_FEED }, (_, index) => ({
      guid: `${source}-${index}`,
      title: `${source} story ${index}`,
      link: `https://${source}.example.com/story/${index}`,
    })),
  );
}

/**
 * The built news worker (dist/worker.js) SIGKILLed while a slot is half ingested: three feeds
 * stored, three still arriving. Another worker takes the stalled job over once its lock runs out;
 * every item ends up stored exactly once.
 */
describe('a news worker killed in the middle of ingestion', () => {
  let feeds: FeedServer;
  let database: TestDatabase;
  let folder: string;
  let db: Client;
  const held = new Map<string, HeldFeed>();
  const workers = new BuiltProcesses();
  const prefix = `news-kill-${randomBytes(4).toString('hex')}`;
  let redisUrl: string;

  const stored = async (): Promise<Map<string, number>> => {
    const { rows } = await db.query<{ source_id: string; items: number; guids: number }>(
      `SELECT source_id, count(*)::int AS items, count(DISTINCT guid)::int AS guids
         FROM articles GROUP BY source_id`,
    );
    for (const row of rows) expect(row.guids).toBe(row.items);
    return new Map(rows.map((row) => [row.source_id, row.items]));
  };
  const total = async () => [...(await stored()).values()].reduce((sum, n) => sum + n, 0);

  const startWorker = () =>
    workers.start({
      name: 'news-worker',
      cwd: path.join(__dirname, '..'),
      script: 'dist/worker.js',
      portVariable: 'NEWS_WORKER_PORT',
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        NEWS_SCHEDULE_ENABLED: 'false',
        NEWS_ALLOW_LOOPBACK: 'true',
        NEWS_SOURCES_FILE: path.join(folder, 'sources.json'),
        NEWS_QUEUE_PREFIX: prefix,
        NEWS_CACHE_PREFIX: `${prefix}:`,
        // A lost lock is noticed within about two seconds.
        NEWS_LOCK_DURATION_MS: '2000',
      },
    });

  beforeAll(async () => {
    feeds = await startFeedServer();
    database = await createTestDatabase('probedge_news', MIGRATIONS_DIR);
    redisUrl = loadNewsConfig({ DATABASE_URL: database.url }).REDIS_URL;
    db = new Client({ connectionString: database.url });
    await db.connect();
    folder = await mkdtemp(path.join(tmpdir(), 'news-kill-'));
    for (const source of FAST) feeds.route(`/${source}`, xml(feedOf(source)));
    for (const source of SLOW) {
      const feed = heldFeed(feedOf(source));
      held.set(source, feed);
      feeds.route(`/${source}`, feed.handler);
    }
    await writeFile(
      path.join(folder, 'sources.json'),
      JSON.stringify(
        [...FAST, ...SLOW].map((id) => ({ id, url: feeds.url(`/${id}`), feed: 'business' })),
      ),
    );
  });

  afterAll(async () => {
    await workers.killAll();
    for (const feed of held.values()) feed.release();
    await db?.end();
    await database?.drop();
    await feeds?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('loses no item and stores none twice when another worker finishes the slot', async () => {
    const first = await startWorker();
    const connection = createRedis({ url: redisUrl, maxRetriesPerRequest: null });
    const queue = openIngestionQueue(connection, { NEWS_QUEUE_PREFIX: prefix });
    try {
      const jobId = await enqueueRerun(queue, new Date());

      // The fast feeds are stored; the slow ones are halfway through their bodies.
      await waitFor(
        async () =>
          [...held.values()].every((feed) => feed.holding() === 1) &&
          (await total()) === FAST.length * ITEMS_PER_FEED,
        'three feeds stored and three held mid-body',
        20_000,
      );
      const before = await stored();
      expect([...before.keys()].sort()).toEqual(FAST);
      await first.stop('SIGKILL');
      for (const feed of held.values()) feed.release();

      // The next worker takes the stalled job over once the dead worker's lock has run out.
      await startWorker();
      await waitFor(
        async () => (await queue.getJobState(jobId)) === 'completed',
        'the slot completing on the second worker',
        30_000,
      );
      const after = await stored();
      expect([...after.keys()].sort()).toEqual([...FAST, ...SLOW].sort());
      for (const source of [...FAST, ...SLOW]) expect(after.get(source)).toBe(ITEMS_PER_FEED);
      // Each slow feed was asked once by each worker: cut mid-body, then whole.
      for (const source of SLOW) expect(feeds.requests(`/${source}`)).toHaveLength(2);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  }, 60_000);
});
