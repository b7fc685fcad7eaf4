import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '@probedge/kit/testing';
import { ROOT, startStack, type Stack } from './support/stack';

const SUITE_TIMEOUT = 120_000;
/** Far longer than the test: only an announcement can make either cache let go of a list. */
const LIFETIME_SECONDS = '3600';
const NEWS_CLI = path.join(ROOT, 'services', 'news', 'dist', 'cli.js');

let stack: Stack;
let feed: Server;
let stories: string[] = ['Rates hold steady'];
let folder: string;

function rss(): string {
  const items = stories.map(
    (title, i) =>
      `<item><guid>cache-${i}</guid><title>${title}</title><link>https://wire.example/${i}</link>` +
      `<pubDate>${new Date(Date.now() - (stories.length - i) * 60_000).toUTCString()}</pubDate></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Wire</title>${items.join('')}</channel></rss>`;
}

/** Queues a forced ingestion, as an operator would; the stack's news worker runs it. */
function ingestNow(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [NEWS_CLI, 'ingest-now'], {
      env: {
        ...process.env,
        DATABASE_URL: stack.databases.news!,
        REDIS_URL: `redis://127.0.0.1:${stack.redis.port}`,
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ingest-now exited ${code}: ${stderr}`)),
    );
  });
}

async function titles(headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url('gateway')}/api/business?limit=10`, { headers });
  expect(res.status).toBe(200);
  const list = (await res.json()) as { title: string }[];
  // One policy on the service's answer and on the gateway's stored copy alike.
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  return { titles: list.map((article) => article.title), age: res.headers.get('age') };
}

beforeAll(async () => {
  feed = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(rss());
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  folder = await mkdtemp(path.join(tmpdir(), 'probedge-cache-'));
  const sourcesFile = path.join(folder, 'sources.json');
  await writeFile(
    sourcesFile,
    JSON.stringify([
      {
        id: 'wire',
        url: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/rss`,
        feed: 'business',
      },
    ]),
  );
  stack = await startStack({
    processes: ['news', 'news-worker', 'gateway'],
    env: {
      news: { NEWS_CACHE_TTL_SECONDS: LIFETIME_SECONDS },
      'news-worker': { NEWS_SOURCES_FILE: sourcesFile, NEWS_ALLOW_LOOPBACK: 'true' },
      gateway: { GATEWAY_CACHE_MAX_SECONDS: LIFETIME_SECONDS },
    },
  });
}, SUITE_TIMEOUT);

afterAll(async () => {
  await stack?.close();
  feed?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
}, SUITE_TIMEOUT);

describe('the gateway response cache with the real news service', () => {
  it(
    'serves the list from the gateway until an ingestion writes, then the new list at once',
    async () => {
      await ingestNow();
      await waitFor(
        async () => (await titles()).titles.includes('Rates hold steady'),
        'the first story',
      );
      // Once the worker's announcement has come (it follows the write), the gateway holds the list.
      await waitFor(async () => (await titles()).age !== null, 'the list held by the gateway');

      stories = [...stories, 'Earnings beat estimates'];
      // Without a write nothing changes, however often the list is read.
      expect((await titles()).titles).toEqual(['Rates hold steady']);

      await ingestNow();
      await waitFor(
        async () => (await titles()).titles.includes('Earnings beat estimates'),
        'the new story through the gateway',
      );
      expect((await titles()).titles).toEqual(['Earnings beat estimates', 'Rates hold steady']);
    },
    SUITE_TIMEOUT,
  );
});
