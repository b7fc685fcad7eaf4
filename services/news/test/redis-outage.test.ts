import type { ChildProcess } from 'node:child_process';
import { freePort, killProcess, startRedisServer } from '@probedge/kit/testing';
import type Redis from 'ioredis';
import request from 'supertest';
import { NEWS_REDIS } from '../src/articles/list-cache';
import { PrismaService } from '../src/prisma/prisma.service';
import { startTestApp, type TestContext } from './support';

const startRedis = startRedisServer;
const stop = (child: ChildProcess) => killProcess(child);

describe('news lists while their Redis stops and comes back', () => {
  let ctx: TestContext;
  let redis: ChildProcess;
  let port: number;
  const http = () => request(ctx.app.getHttpServer());
  const titles = async () =>
    ((await http().get('/api/business?limit=3').expect(200)).body as { title: string }[]).map(
      (article) => article.title,
    );
  const addArticle = (i: number) =>
    ctx.app.get(PrismaService).article.create({
      data: {
        sourceId: 'wire',
        guid: `g-${i}`,
        canonicalUrl: `https://wire.example.com/${i}`,
        url: `https://wire.example.com/${i}`,
        title: `Story ${i}`,
        description: '',
        publishedAt: new Date(Date.parse('2026-11-20T00:00:00Z') + i * 60_000),
        fetchedAt: new Date(),
        feed: 'business',
        tickers: [],
      },
    });

  const until = async (condition: () => Promise<boolean> | boolean, what: string) => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const redisClient = () => ctx.app.get<Redis>(NEWS_REDIS);
  const clientReady = () => until(() => redisClient().status === 'ready', 'the Redis client');
  // The cache stores after answering, so wait until the entry is there before relying on it.
  const listCached = () =>
    until(
      async () => (await redisClient().keys(`${ctx.config.NEWS_CACHE_PREFIX}list:*`)).length > 0,
      'a cached list',
    );

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    ctx = await startTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      NEWS_CACHE_TTL_SECONDS: '600',
      // The Redis tier itself is under test, not the replica's memory in front of it.
      NEWS_READ_REUSE_MS: '0',
    });
    await ctx.sources.sync([{ id: 'wire', url: 'https://wire.example.com/rss', feed: 'business' }]);
    await addArticle(1);
  });

  afterAll(async () => {
    await ctx.close();
    await stop(redis);
  });

  it('serves from the cache while Redis is up', async () => {
    await clientReady();
    expect(await titles()).toEqual(['Story 1']);
    await listCached();
    // Written behind the cache's back: a cached list does not show it yet.
    await addArticle(2);
    expect(await titles()).toEqual(['Story 1']);
  });

  it('answers from the database once Redis has stopped', async () => {
    await stop(redis);
    expect(await titles()).toEqual(['Story 2', 'Story 1']);
    await http().get('/readyz').expect(200);
  });

  it('uses the cache again when Redis is back, without a restart', async () => {
    redis = await startRedis(port);
    await clientReady();
    await addArticle(3);
    // The restarted Redis is empty: this read loads from the database and caches the result.
    expect(await titles()).toEqual(['Story 3', 'Story 2', 'Story 1']);
    await listCached();
    await addArticle(4);
    expect(await titles()).toEqual(['Story 3', 'Story 2', 'Story 1']);
  });
});
