import { randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { Module } from '@nestjs/common';
import { createRedis } from '@probedge/kit';
import { waitFor } from '@probedge/kit/testing';
import { SITE_DOCUMENTS_PATH, type SearchResponse } from '@probedge/proto';
import request from 'supertest';
import { SiteDocumentsError } from '../src/site-index/site-documents.client';
import { SiteIndexModule } from '../src/site-index/site-index.providers';
import { SiteIndexScheduler } from '../src/site-index/site-index.scheduler';
import {
  siteDocument,
  siteDocuments,
  startContentStandIn,
  startSiteIndex,
  type ContentStandIn,
} from './site-documents';
import { startTestApp, type TestContext } from './support';

const FIRST = [
  siteDocument('guide', 'kelly-sizing', { passages: ['The Kelly criterion sizes a quokka bet.'] }),
  siteDocument('blog', 'journal-habits', { passages: ['A journal of every wombat trade.'] }),
];
const SECOND = [
  siteDocument('guide', 'kelly-sizing', { passages: ['The Kelly criterion sizes a numbat bet.'] }),
];

describe('the copy of content guides and blogs that search reads', () => {
  let ctx: TestContext;
  let content: ContentStandIn;
  let index: Awaited<ReturnType<typeof startSiteIndex>>;
  const channel = `site-index-test-${randomBytes(4).toString('hex')}`;
  const subscriber = createRedis({ url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
  const announcements: string[] = [];

  const found = async (q: string) => {
    const res = await request(ctx.app.getHttpServer()).get('/api/search').query({ q }).expect(200);
    return (res.body as SearchResponse).results.map((result) => `${result.type}/${result.id}`);
  };

  beforeAll(async () => {
    subscriber.on('message', (_channel: string, message: string) => announcements.push(message));
    await subscriber.subscribe(channel);
    content = await startContentStandIn(FIRST);
    ctx = await startTestApp({
      CONTENT_URL: content.origin,
      CACHE_INVALIDATION_CHANNEL: channel,
      NEWS_FETCH_TIMEOUT_MS: '500',
    });
    index = await startSiteIndex(ctx.config);
  });

  afterAll(async () => {
    await index?.close();
    await ctx?.close();
    await content?.close();
    subscriber.disconnect();
  });

  it('copies every document on the first check, and announces that search answers changed', async () => {
    await expect(index.sync.pull()).resolves.toEqual({ status: 'replaced', documents: 2 });
    expect(content.versionsAsked()).toEqual([undefined]);
    expect(await found('quokka')).toEqual(['guide/kelly-sizing']);
    expect(await found('wombat')).toEqual(['blog/journal-habits']);
    await waitFor(async () => announcements.length === 1, 'the announcement');
    expect(JSON.parse(announcements[0]!)).toEqual({ service: 'news', reason: 'site documents' });
  });

  it('names the version it holds, and changes nothing while content answers 304', async () => {
    await expect(index.sync.pull()).resolves.toEqual({ status: 'unchanged' });
    const [, asked] = content.versionsAsked();
    expect(asked).toMatch(/^".+"$/);
    expect(await found('quokka')).toEqual(['guide/kelly-sizing']);
    // Nothing to announce: a short wait would have shown a second message by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(announcements).toHaveLength(1);
  });

  it.each([
    ['a 500', (res: import('node:http').ServerResponse) => res.writeHead(500).end('down')],
    [
      'no ETag',
      (res: import('node:http').ServerResponse) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"documents":[]}'),
    ],
    [
      'something that is not JSON',
      (res: import('node:http').ServerResponse) =>
        res.writeHead(200, { etag: '"x"' }).end('<html>'),
    ],
    [
      'a document without its passages',
      (res: import('node:http').ServerResponse) =>
        res
          .writeHead(200, { etag: '"y"' })
          .end(JSON.stringify({ documents: [{ ...FIRST[0], passages: undefined }] })),
    ],
    [
      'one document twice',
      (res: import('node:http').ServerResponse) =>
        res
          .writeHead(200, { etag: '"z"' })
          .end(JSON.stringify({ documents: [FIRST[0], FIRST[0]] })),
    ],
    ['no answer in time', () => undefined],
  ])('keeps the copy as it was when content answers %s', async (_name, answer) => {
    content.serve((_req, res) => answer(res));
    await expect(index.sync.pull()).rejects.toBeInstanceOf(SiteDocumentsError);
    expect(await found('quokka')).toEqual(['guide/kelly-sizing']);
    expect(await found('wombat')).toEqual(['blog/journal-habits']);
  });

  it('replaces the copy whole when content has a new version: changed text in, deleted documents out', async () => {
    content.serve(siteDocuments(SECOND));
    await expect(index.sync.pull()).resolves.toEqual({ status: 'replaced', documents: 1 });
    expect(await found('numbat')).toEqual(['guide/kelly-sizing']);
    expect(await found('quokka')).toEqual([]);
    expect(await found('wombat')).toEqual([]);
    await waitFor(async () => announcements.length === 2, 'the second announcement');
  });

  it('writes a new version once when two workers check at the same moment', async () => {
    content.serve(siteDocuments(FIRST));
    const other = await startSiteIndex(ctx.config);
    try {
      const reports = await Promise.all([index.sync.pull(), other.sync.pull()]);
      expect(reports.map((report) => report.status).sort()).toEqual(['replaced', 'unchanged']);
    } finally {
      await other.close();
    }
    expect(await found('quokka')).toEqual(['guide/kelly-sizing']);
  });

  it('fails a check when nothing listens at CONTENT_URL, keeping the copy', async () => {
    const gone = await startContentStandIn(SECOND);
    await gone.close();
    const elsewhere = await startSiteIndex({ ...ctx.config, CONTENT_URL: gone.origin });
    try {
      await expect(elsewhere.sync.pull()).rejects.toBeInstanceOf(SiteDocumentsError);
    } finally {
      await elsewhere.close();
    }
    expect(await found('quokka')).toEqual(['guide/kelly-sizing']);
  });

  it('keeps checking while content fails, and copies once it answers', async () => {
    const late = await startContentStandIn(SECOND);
    late.serve((_req, res) => res.writeHead(503).end('starting'));
    @Module({
      imports: [SiteIndexModule.forRoot({ ...ctx.config, CONTENT_URL: late.origin })],
      providers: [SiteIndexScheduler],
    })
    class Worker {}
    const worker = await NestFactory.createApplicationContext(Worker, {
      logger: false,
      abortOnError: false,
    });
    try {
      await waitFor(() => late.requests(SITE_DOCUMENTS_PATH).length >= 1, 'a first check');
      expect(await found('numbat')).toEqual([]);
      late.serve(siteDocuments(SECOND));
      await waitFor(async () => (await found('numbat')).length === 1, 'the copy');
      // The retry came well before the interval (a minute) was up.
      expect(late.requests(SITE_DOCUMENTS_PATH).length).toBeGreaterThanOrEqual(2);
    } finally {
      await worker.close();
      await late.close();
    }
  });
});
