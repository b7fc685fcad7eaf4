// make bench: news ingestion throughput, and GET /api/business?limit=12 through the gateway versus
// straight to the service. Everything runs on loopback against the real PostgreSQL and Redis.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = (file) => require(path.join(here, '..', 'dist', file));
const autocannon = require('autocannon');
require('reflect-metadata');
const { createApp } = require('@probedge/kit');
const { createTestDatabase } = require('@probedge/kit/testing');
const { AppModule, OPENAPI } = dist('app.module.js');
const { loadNewsConfig } = dist('config/env.js');
const { IngestionService } = dist('ingestion/ingestion.service.js');
const { SourcesRepository } = dist('sources/sources.repository.js');
const root = path.join(here, '..', '..', '..');

const SOURCES = 10;
const ITEMS_PER_SOURCE = 100;
const RUNS = 3;
const CONNECTIONS = 50;
const DURATION_S = 10;

function rss(run, source) {
  const items = Array.from({ length: ITEMS_PER_SOURCE }, (_, i) => {
    const id = `${run}-${source}-${i}`;
    return `<item><guid>${id}</guid><title>Synthetic story ${id} on $ACME &amp; (NASDAQ: MSFT)</title>
<link>https://bench.example.com/${id}?utm_source=x</link>
<description>&lt;p&gt;Body of ${id} with &lt;b&gt;markup&lt;/b&gt; to strip.&lt;/p&gt;</description>
<pubDate>${new Date(Date.now() - i * 60_000).toUTCString()}</pubDate></item>`;
  });
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Bench ${source}</title>${items.join('')}</channel></rss>`;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function freePort() {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Each process on its own event loop, as deployed: the built entry point with its environment. */
async function startProcess(entry, env, port) {
  const child = spawn(process.execPath, [path.join(root, entry)], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not become ready`);
}

const stopProcess = (child) =>
  new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server.address().port;
}

function load(url) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

async function main() {
  const database = await createTestDatabase(
    'probedge_news_bench',
    path.join(here, '..', 'prisma', 'migrations'),
  );
  const feeds = createServer((req, res) => {
    const [, run, source] = req.url.split('/');
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(rss(run, source));
  });
  const feedPort = await listen(feeds);
  const config = loadNewsConfig({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    NEWS_ALLOW_LOOPBACK: 'true',
    NEWS_CACHE_PREFIX: `news-bench-${randomBytes(4).toString('hex')}:`,
  });
  const news = await createApp(AppModule.forRoot(config), {
    bodyLimit: config.BODY_LIMIT,
    openapi: OPENAPI,
  });
  news.useLogger(false);
  let newsProcess;
  let gatewayProcess;
  try {
    await news.init();
    const sources = news.get(SourcesRepository);
    const ingestion = news.get(IngestionService);
    const rates = [];
    for (let run = 0; run < RUNS; run += 1) {
      await sources.sync(
        Array.from({ length: SOURCES }, (_, source) => ({
          id: `bench-${run}-${source}`,
          url: `http://127.0.0.1:${feedPort}/${run}/${source}`,
          feed: 'business',
        })),
      );
      const started = process.hrtime.bigint();
      const report = await ingestion.ingestDue(new Date(Date.now() + 1000));
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const items = SOURCES * ITEMS_PER_SOURCE;
      rates.push(items / seconds);
      console.log(
        `ingestion run ${run + 1}: ${items} items from ${SOURCES} sources in ${(seconds * 1000).toFixed(0)} ms (${JSON.stringify(report.totals ?? report).slice(0, 120)})`,
      );
    }
    const ingestRate = median(rates);

    const newsPort = await freePort();
    newsProcess = await startProcess(
      'services/news/dist/main.js',
      {
        DATABASE_URL: database.url,
        NEWS_GRPC_PORT: String(await freePort()),
        NEWS_CACHE_PREFIX: config.NEWS_CACHE_PREFIX,
      },
      newsPort,
    );
    const gatewayPort = await freePort();
    gatewayProcess = await startProcess(
      'gateway/dist/main.js',
      { NEWS_URL: `http://127.0.0.1:${newsPort}` },
      gatewayPort,
    );
    // Warm both paths so connection set-up and JIT are not in the figures.
    for (const port of [newsPort, gatewayPort]) {
      await new Promise((resolve, reject) =>
        autocannon(
          { url: `http://127.0.0.1:${port}/api/business?limit=12`, connections: 10, duration: 2 },
          (e) => (e ? reject(e) : resolve()),
        ),
      );
    }
    const pathAndQuery = '/api/business?limit=12';
    const direct = await load(`http://127.0.0.1:${newsPort}${pathAndQuery}`);
    const through = await load(`http://127.0.0.1:${gatewayPort}${pathAndQuery}`);

    const row = (name, r) =>
      `| ${name.padEnd(16)} | ${r.requests.average.toFixed(0).padStart(7)} | ${String(r.latency.p50).padStart(7)} | ${String(r.latency.p99).padStart(7)} | ${String(r.errors + r.non2xx).padStart(6)} |`;
    const ratio = through.requests.average / direct.requests.average;
    console.log('');
    console.log(
      `news ingestion (parse, dedupe, upsert): median ${ingestRate.toFixed(0)} items/s over ${RUNS} runs of ${SOURCES * ITEMS_PER_SOURCE} (target >= 2000): ${ingestRate >= 2000 ? 'met' : 'MISSED'}`,
    );
    console.log('');
    console.log(
      `GET ${pathAndQuery}, ${CONNECTIONS} connections, ${DURATION_S} s each; API and gateway as separate processes, load from this one (2 cores shared by all three)`,
    );
    console.log('| path             |   req/s | p50 ms  | p99 ms  | errors |');
    console.log('|------------------|---------|---------|---------|--------|');
    console.log(row('direct to news', direct));
    console.log(row('through gateway', through));
    console.log(
      `gateway keeps ${(ratio * 100).toFixed(1)}% of direct throughput (target >= 60%): ${ratio >= 0.6 ? 'met' : 'MISSED'}`,
    );
  } finally {
    await stopProcess(gatewayProcess);
    await stopProcess(newsProcess);
    await news.close();
    feeds.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
