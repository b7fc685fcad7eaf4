import { randomBytes } from 'node:crypto';
import { createRedis, publishChange } from '@probedge/kit';
import { waitFor } from '@probedge/kit/testing';
import type { CacheInvalidation } from '@probedge/proto';
import type Redis from 'ioredis';
import request from 'supertest';
import { NEWS_REDIS } from '../src/articles/list-cache';
import { PrismaService } from '../src/prisma/prisma.service';
import { rss, startFeedServer, xml, type FeedServer } from './feed-server';
import { startTestApp, type TestContext } from './support';

/** Sources are due from the moment they are listed; runs happen later than that. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

const story = (i: number) => ({
  guid: `s-${i}`,
  title: `Story ${i}`,
  link: `https://cache.example.com/${i}`,
  pubDate: new Date(Date.parse('2026-11-21T00:00:00Z') + i * 60_000).toUTCString(),
});

describe('list cache', () => {
  let server: FeedServer;

  beforeAll(async () => {
    server = await startFeedServer();
  });
  afterAll(() => server.close());

  describe('with Redis', () => {
    let ctx: TestContext;
    const http = () => request(ctx.app.getHttpServer());
    const channel = `news-test-invalidation-${randomBytes(4).toString('hex')}`;
    const subscriber = createRedis({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    const announced: CacheInvalidation[] = [];
    subscriber.on('message', (_channel: string, message: string) =>
      announced.push(JSON.parse(message) as CacheInvalidation),
    );

    beforeAll(async () => {
      await subscriber.subscribe(channel);
      ctx = await startTestApp({
        NEWS_CACHE_TTL_SECONDS: '60',
        CACHE_INVALIDATION_CHANNEL: channel,
      });
      await ctx.sources.sync([{ id: 'cached', url: server.url('/cached'), feed: 'business' }]);
    });
    afterAll(async () => {
      subscriber.disconnect();
      await ctx.close();
    });

    it('serves the cached list until ingestion writes, then the fresh one', async () => {
      server.route('/cached', xml(rss([story(1)])));
      await ctx.ingestion.ingestDue(inDays(1));
      expect(
        (await http().get('/api/business').expect(200)).body.map((a: { title: string }) => a.title),
      ).toEqual(['Story 1']);

      // A row written behind the cache's back stays invisible: the list really is cached.
      await ctx.app.get(PrismaService).article.create({
        data: {
          sourceId: 'cached',
          guid: 'direct',
          canonicalUrl: 'https://cache.example.com/direct',
          url: 'https://cache.example.com/direct',
          title: 'Direct',
          description: '',
          publishedAt: new Date('2026-11-20T00:00:00Z'),
          fetchedAt: new Date('2026-11-20T00:00:00Z'),
          feed: 'business',
          tickers: [],
        },
      });
      expect((await http().get('/api/business').expect(200)).body).toHaveLength(1);
      // Other feeds' lists are untouched by a business write; unrelated lists keep working.
      expect((await http().get('/api/analysis').expect(200)).body).toEqual([]);

      server.route('/cached', xml(rss([story(1), story(2)])));
      const report = await ctx.ingestion.ingestDue(inDays(3));
      expect(report.changedFeeds).toEqual(['business']);
      const titles = (await http().get('/api/business').expect(200)).body.map(
        (a: { title: string }) => a.title,
      );
      expect(titles).toEqual(['Story 2', 'Story 1', 'Direct']);
    });

    it('marks lists shareable for the cache lifetime and announces each write to shared caches', async () => {
      const list = await http().get('/api/business?limit=3').expect(200);
      expect(list.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
      expect(list.headers.etag).toEqual(expect.any(String));
      for (const path of ['/api/analysis', '/api/opinion', '/api/daytrader', '/api/articles']) {
        expect((await http().get(path).expect(200)).headers['cache-control']).toBe(
          'public, max-age=0, s-maxage=60',
        );
      }
      // A refused request is nothing to keep.
      const refused = await http().get('/api/business?limit=0').expect(400);
      expect(refused.headers['cache-control'] ?? '').not.toContain('s-maxage');

      announced.length = 0;
      server.route('/cached', xml(rss([story(1), story(2), story(5)])));
      await ctx.ingestion.ingestDue(inDays(4));
      await waitFor(() => announced.length > 0, 'an invalidation message');
      expect(announced).toEqual([{ service: 'news', reason: 'feeds business' }]);

      // Nothing written, nothing announced.
      announced.length = 0;
      await ctx.ingestion.ingestDue(inDays(4.5));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(announced).toEqual([]);
    });

    it('keeps answering from the database when Redis goes away mid-run', async () => {
      ctx.app.get<Redis>(NEWS_REDIS).disconnect();
      server.route('/cached', xml(rss([story(1), story(2), story(4)])));
      await ctx.ingestion.ingestDue(inDays(5));
      const res = await http().get('/api/business').expect(200);
      expect(res.body.map((a: { title: string }) => a.title)).toEqual([
        'Story 5',
        'Story 4',
        'Story 2',
        'Story 1',
        'Direct',
      ]);
    });
  });

  describe('in each replica’s memory', () => {
    let ctx: TestContext;
    const http = () => request(ctx.app.getHttpServer());
    const channel = `news-test-reuse-${randomBytes(4).toString('hex')}`;
    const other = createRedis({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });

    beforeAll(async () => {
      ctx = await startTestApp({
        NEWS_CACHE_TTL_SECONDS: '60',
        NEWS_READ_REUSE_MS: '60000',
        CACHE_INVALIDATION_CHANNEL: channel,
      });
      await ctx.sources.sync([{ id: 'held', url: server.url('/held'), feed: 'business' }]);
    });
    afterAll(async () => {
      other.disconnect();
      await ctx.close();
    });

    const titles = async () =>
      (await http().get('/api/business').expect(200)).body.map((a: { title: string }) => a.title);

    it('answers from memory until another replica’s write is announced, then reads afresh', async () => {
      server.route('/held', xml(rss([story(1)])));
      await ctx.ingestion.ingestDue(inDays(1));
      expect(await titles()).toEqual(['Story 1']);
      // The first read starts listening; what was held before the subscription counts for nothing.
      await waitFor(async () => {
        const [, listeners] = (await other.pubsub('NUMSUB', channel)) as [string, number];
        return listeners > 0;
      }, 'the replica to listen for announcements');
      expect(await titles()).toEqual(['Story 1']);

      // Another replica writes: a new row and a new version in Redis, not yet announced.
      await ctx.app.get(PrismaService).article.create({
        data: {
          sourceId: 'held',
          guid: 'elsewhere',
          canonicalUrl: 'https://cache.example.com/elsewhere',
          url: 'https://cache.example.com/elsewhere',
          title: 'Elsewhere',
          description: '',
          publishedAt: new Date('2026-11-20T00:00:00Z'),
          fetchedAt: new Date('2026-11-20T00:00:00Z'),
          feed: 'business',
          tickers: [],
        },
      });
      await other.incr(`${ctx.config.NEWS_CACHE_PREFIX}version:business`);
      // Redis would now miss and read the database: the answer still comes from memory.
      expect(await titles()).toEqual(['Story 1']);

      await publishChange(other, channel, 'news', 'feeds business');
      await waitFor(
        async () => (await titles()).length === 2,
        'the announced write to show in the list',
      );
      expect(await titles()).toEqual(['Story 1', 'Elsewhere']);
    });

    it('drops its copies at once when this replica ingests', async () => {
      server.route('/held', xml(rss([story(1), story(6)])));
      await ctx.ingestion.ingestDue(inDays(2));
      expect(await titles()).toEqual(['Story 6', 'Story 1', 'Elsewhere']);
    });
  });

  describe('with Redis unreachable', () => {
    let ctx: TestContext;

    beforeAll(async () => {
      // Nothing listens on port 1: every cache call would fail.
      ctx = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
      await ctx.sources.sync([{ id: 'no-redis', url: server.url('/no-redis'), feed: 'opinion' }]);
    });
    afterAll(() => ctx.close());

    it('still ingests and serves lists straight from the database', async () => {
      server.route('/no-redis', xml(rss([story(3)])));
      const report = await ctx.ingestion.ingestDue(inDays(1));
      expect(report.sources[0]).toMatchObject({ status: 'ingested', created: 1 });
      const res = await request(ctx.app.getHttpServer()).get('/api/opinion').expect(200);
      expect(res.body).toEqual([expect.objectContaining({ title: 'Story 3', description: '' })]);
    });
  });
});
