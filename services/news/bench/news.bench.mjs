// make bench: news ingestion throughput; then GET /api/business?limit=12 against its node ceiling,
// straight to the news API and through the gateway, with every process of the platform running
// on its own (built entry points) and their resident memory idle and under load. Everything runs on
// loopback against the machine's PostgreSQL and Redis; the load generator runs in this process.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cpuMs,
  freePort,
  residentBytes,
  startProcess,
  stopProcess,
  withPeakMemory,
} from './processes.mjs';
import { findNginx, startNginx } from './nginx-peer.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..', '..');
const dist = (file) => require(path.join(here, '..', 'dist', file));
const autocannon = require('autocannon');
require('reflect-metadata');
const { createApp, securityHeaders } = require('@probedge/kit');
const { QUEUES } = require('@probedge/proto');
const { createTestDatabase, metricValue } = require('@probedge/kit/testing');
const { AppModule, OPENAPI } = dist('app.module.js');
const { loadNewsConfig } = dist('config/env.js');
const { IngestionService } = dist('ingestion/ingestion.service.js');
const { SourcesRepository } = dist('sources/sources.repository.js');
/** The security headers the gateway adds to every answer; every proxy it is held against adds them too. */
const OWN_HEADERS = securityHeaders();

const SOURCES = 10;
const ITEMS_PER_SOURCE = 100;
const RUNS = 3;
const CONNECTIONS = 50;
const DURATION_S = 10;
/** BENCH_ROUNDS: how many rounds of the hot-path loads; each row prints its median round. */
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 1)) || 1);
/** The hot-path rows: each round's key for a row, and its name in the table, in the table's order. */
const HOT_ROWS = {
  ceiling: 'node ceiling',
  direct: 'news API directly',
  through: 'through the gateway',
  pastCache: 'gateway, past its cache',
  proxyFloor: 'node proxy floor',
  peerFastify: '@fastify/http-proxy',
  peerHpm: 'http-proxy-middleware',
  peerProxy: 'nginx, reverse proxy',
  peerCache: 'nginx, proxy_cache hit',
};
/** The other services' hot reads, loaded briefly so their memory is measured under load too. */
const OTHER_ROUTES = [
  ['content', '/api/guides'],
  ['insights api', '/api/daily-analysis'],
  ['billing', '/api/check-subscription'],
];
const OTHER_DURATION_S = 5;
/**
 * Idle memory is read after this long untouched: V8's memory reducer gives start-up garbage back
 * 10 to 20 s after a process goes quiet (the news worker: 159-163 MB before it, 136-138 MB after).
 */
const IDLE_SETTLE_MS = 30_000;
const TARGETS = {
  shareOfCeiling: 0.4,
  p99Ms: 25,
  idleMb: 150,
  // 2.5 times the news API's throughput when its cached list read took 0.33 ms of CPU.
  directCpuMs: 0.13,
  uncachedRps: 4000,
};
/**
 * Answers the gateway never keeps: a per-visitor read, and insights' 404 before the day's analysis,
 * with the class of status each must answer (a 429 from the gateway is not a served request).
 */
const UNCACHED_ROUTES = [
  ['/api/check-subscription', '2xx'],
  ['/api/daily-analysis', '4xx'],
];
const PATH_AND_QUERY = '/api/business?limit=12';
/** Node adds these per connection and per response; everything else is replayed byte for byte. */
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

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
const mb = (bytes) => bytes / (1024 * 1024);

async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server.address().port;
}

function load(url, connections = CONNECTIONS, duration = DURATION_S, headers = {}) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

/** Ingestion of synthetic feeds, in this process; leaves the articles the list endpoint serves. */
async function benchIngestion(databaseUrl, cachePrefix) {
  const feeds = createServer((req, res) => {
    const [, run, source] = req.url.split('/');
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(rss(run, source));
  });
  const feedPort = await listen(feeds);
  const config = loadNewsConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    NEWS_ALLOW_LOOPBACK: 'true',
    NEWS_CACHE_PREFIX: cachePrefix,
  });
  const news = await createApp(AppModule.forRoot(config), {
    bodyLimit: config.BODY_LIMIT,
    openapi: OPENAPI,
  });
  news.useLogger(false);
  try {
    await news.init();
    const sources = news.get(SourcesRepository);
    const ingestion = news.get(IngestionService);
    const rates = [];
    let definitions = [];
    for (let run = 0; run < RUNS; run += 1) {
      definitions = Array.from({ length: SOURCES }, (_, source) => ({
        id: `bench-${run}-${source}`,
        url: `http://127.0.0.1:${feedPort}/${run}/${source}`,
        feed: 'business',
      }));
      await sources.sync(definitions);
      const started = process.hrtime.bigint();
      const report = await ingestion.ingestDue(new Date(Date.now() + 1000));
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const items = SOURCES * ITEMS_PER_SOURCE;
      rates.push(items / seconds);
      console.log(
        `ingestion run ${run + 1}: ${items} items from ${SOURCES} sources in ${(seconds * 1000).toFixed(0)} ms (${JSON.stringify(report.totals ?? report).slice(0, 120)})`,
      );
    }
    return { rate: median(rates), definitions };
  } finally {
    await news.close();
    feeds.close();
  }
}

/** The exact response the news API gives, to be replayed by the ceiling server. */
async function capture(url) {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  const headers = {};
  res.headers.forEach((value, name) => {
    if (!PER_RESPONSE_HEADERS.has(name)) headers[name] = value;
  });
  if (res.status !== 200 || body.length < 100) {
    throw new Error(
      `${url} answered ${res.status} with ${body.length} bytes: no articles to serve`,
    );
  }
  return { status: res.status, headers, body: body.toString('base64'), length: body.length };
}

async function createDatabases(prefix) {
  const migrations = (service) => path.join(root, 'services', service, 'prisma', 'migrations');
  const entries = await Promise.all(
    ['news', 'content', 'insights', 'billing'].map(async (service) => [
      service,
      await createTestDatabase(`${prefix}_${service}`, migrations(service)),
    ]),
  );
  return Object.fromEntries(entries);
}

/** Every process of the platform as the local stack runs it, the gateway last. */
async function startPlatform(databases, keys, sourcesFile) {
  const ports = {};
  for (const name of ['content', 'news', 'newsGrpc', 'newsWorker', 'insights', 'insightsWorker']) {
    ports[name] = await freePort();
  }
  ports.billing = await freePort();
  ports.gateway = await freePort();
  const service = (name) => path.join(root, 'services', name);
  const ready = (port) => `http://127.0.0.1:${port}/readyz`;
  const children = [];
  const start = async (spec) => {
    const child = await startProcess(spec);
    children.push(child);
    return child;
  };
  try {
    await start({
      name: 'content',
      cwd: service('content'),
      script: 'dist/main.js',
      env: { PORT: String(ports.content), DATABASE_URL: databases.content.url },
      readyUrl: ready(ports.content),
    });
    const newsEnv = {
      DATABASE_URL: databases.news.url,
      NEWS_CACHE_PREFIX: keys.newsCache,
      NEWS_QUEUE_PREFIX: keys.queue,
    };
    await start({
      name: 'news api',
      cwd: service('news'),
      script: 'dist/main.js',
      env: { ...newsEnv, PORT: String(ports.news), NEWS_GRPC_PORT: String(ports.newsGrpc) },
      readyUrl: ready(ports.news),
    });
    // The worker syncs the source table from its file at start: given the bench's own sources and
    // no schedule, the articles under test stay those the bench ingested.
    await start({
      name: 'news worker',
      cwd: service('news'),
      script: 'dist/worker.js',
      env: {
        ...newsEnv,
        NEWS_WORKER_PORT: String(ports.newsWorker),
        NEWS_SCHEDULE_ENABLED: 'false',
        NEWS_SOURCES_FILE: sourcesFile,
      },
      readyUrl: ready(ports.newsWorker),
    });
    const insightsEnv = {
      DATABASE_URL: databases.insights.url,
      INSIGHTS_QUEUE_PREFIX: keys.queue,
      NEWS_GRPC_URL: `127.0.0.1:${ports.newsGrpc}`,
      INSIGHTS_SCHEDULE_ENABLED: 'false',
    };
    await start({
      name: 'insights api',
      cwd: service('insights'),
      script: 'dist/main.js',
      env: { ...insightsEnv, PORT: String(ports.insights) },
      readyUrl: ready(ports.insights),
    });
    await start({
      name: 'insights worker',
      cwd: service('insights'),
      script: 'dist/worker.js',
      env: { ...insightsEnv, INSIGHTS_WORKER_PORT: String(ports.insightsWorker) },
      readyUrl: ready(ports.insightsWorker),
    });
    await start({
      name: 'billing',
      cwd: service('billing'),
      script: 'dist/main.js',
      env: { PORT: String(ports.billing), DATABASE_URL: databases.billing.url },
      readyUrl: ready(ports.billing),
    });
    await start({
      name: 'gateway',
      cwd: path.join(root, 'gateway'),
      script: 'dist/main.js',
      env: {
        PORT: String(ports.gateway),
        CONTENT_URL: `http://127.0.0.1:${ports.content}`,
        NEWS_URL: `http://127.0.0.1:${ports.news}`,
        INSIGHTS_URL: `http://127.0.0.1:${ports.insights}`,
        BILLING_URL: `http://127.0.0.1:${ports.billing}`,
        RATE_LIMIT_PREFIX: keys.rateLimit,
        // One client sends all the load; its limit is checked in Redis on every request as usual,
        // but set high enough never to trip. So are its shares of the gateway and of the news
        // service's connections (a 429 costs less than a proxied answer and would flatter it).
        RATE_LIMIT_GENERAL: '100000000',
        CLIENT_MAX_CONCURRENT_REQUESTS: '256',
        UPSTREAM_CLIENT_SHARE: '256',
      },
      readyUrl: ready(ports.gateway),
    });
  } catch (error) {
    await Promise.all(children.map(stopProcess));
    throw error;
  }
  return { ports, children };
}

/** A connection to the machine's Redis, which the bench's processes share. */
function openRedis() {
  const Redis = require('ioredis');
  return new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
}

/**
 * The news worker as it runs in the stacks: its schedules on, the bundled sample feeds served and
 * ingested over HTTP, the guides and blogs copied from content. Started once the loads are over
 * (its articles do not disturb them), it is read once it has ingested its first slot and then
 * been left alone as long as the others.
 */
async function measureWorkingWorker(databases, keys, ports) {
  const port = await freePort();
  const queuePrefix = `${keys.queue}-working`;
  const child = await startProcess({
    name: 'news worker, working',
    cwd: path.join(root, 'services', 'news'),
    script: 'dist/worker.js',
    env: {
      DATABASE_URL: databases.news.url,
      NEWS_CACHE_PREFIX: keys.newsCache,
      NEWS_QUEUE_PREFIX: queuePrefix,
      NEWS_WORKER_PORT: String(port),
      NEWS_SCHEDULE_ENABLED: 'true',
      NEWS_ALLOW_LOOPBACK: 'true',
      NEWS_SAMPLE_FEEDS_PORT: String(await freePort()),
      CONTENT_URL: `http://127.0.0.1:${ports.content}`,
    },
    readyUrl: `http://127.0.0.1:${port}/readyz`,
  });
  const redis = openRedis();
  try {
    let peak = 0;
    const deadline = Date.now() + 60_000;
    for (;;) {
      peak = Math.max(peak, residentBytes(child.pid) ?? 0);
      if ((await redis.zcard(`${queuePrefix}:${QUEUES.newsIngestion}:completed`)) > 0) break;
      if (Date.now() > deadline)
        throw new Error('the working news worker ingested no slot in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    return { name: child.benchName, idle: residentBytes(child.pid) ?? 0, peak };
  } finally {
    redis.disconnect();
    await stopProcess(child);
  }
}

/** The bench's queues, cache entries and rate-limit counters leave the shared Redis with it. */
async function removeKeys(prefixes) {
  const redis = openRedis();
  try {
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (found.length > 0) await redis.del(...found);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

/** The gateway's cache lookup counters, from its Prometheus endpoint. */
async function cacheLookups(port) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (result) => metricValue(text, 'gateway_cache_lookups_total', { result }) ?? 0;
  return { hit: value('hit'), collapsed: value('collapsed'), miss: value('miss') };
}

function throughputRow(name, r, ceiling) {
  const errors = r.errors + r.timeouts + r.non2xx;
  const share = ceiling
    ? `${((r.requests.average / ceiling.requests.average) * 100).toFixed(1)}%`
    : '100%';
  return `| ${name.padEnd(23)} | ${r.requests.average.toFixed(0).padStart(7)} | ${share.padStart(10)} | ${String(r.latency.p50).padStart(6)} | ${String(r.latency.p99).padStart(6)} | ${String(errors).padStart(6)} |`;
}

/**
 * Runs one load and adds to its result the CPU ms each process spent per request answered; each
 * reader returns a process' CPU time so far (cpuMs of a pid, or nginx's master and worker).
 */
async function withCpuPerRequest(cpuReaders, runLoad) {
  const before = cpuReaders.map((read) => read());
  const r = await runLoad();
  r.cpuPerRequest = cpuReaders.map((read, i) => (read() - before[i]) / r.requests.total);
  return r;
}

async function main() {
  const suffix = randomBytes(4).toString('hex');
  const keys = {
    newsCache: `news-bench-${suffix}:`,
    queue: `bench-${suffix}-bull`,
    rateLimit: `bench-${suffix}-ratelimit:`,
  };
  const databases = await createDatabases('probedge_bench');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'probedge-bench-'));
  let platform;
  let ceilingProcess;
  let floorProcess;
  /** The Node proxies compared with the gateway (peer-proxies.mjs), by HOT_ROWS key. */
  const peerProcesses = {};
  try {
    const ingestion = await benchIngestion(databases.news.url, keys.newsCache);
    const ingestRate = ingestion.rate;
    const ingestLine = `news ingestion (parse, dedupe, upsert): median ${ingestRate.toFixed(0)} items/s over ${RUNS} runs of ${SOURCES * ITEMS_PER_SOURCE} (target >= 3000): ${ingestRate >= 3000 ? 'met' : 'MISSED'}`;
    // BENCH_ONLY=ingestion: the ingestion figure alone (with node --cpu-prof, its profile).
    if (process.env.BENCH_ONLY === 'ingestion') {
      console.log(ingestLine);
      return;
    }
    const sourcesFile = path.join(scratch, 'sources.json');
    writeFileSync(sourcesFile, JSON.stringify(ingestion.definitions));
    const synced = spawnSync(process.execPath, ['dist/sync.js'], {
      cwd: path.join(root, 'services', 'content'),
      env: { ...process.env, DATABASE_URL: databases.content.url, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    if (synced.status !== 0) throw new Error('content sync failed');

    platform = await startPlatform(databases, keys, sourcesFile);
    const { ports, children } = platform;
    const newsUrl = `http://127.0.0.1:${ports.news}${PATH_AND_QUERY}`;
    const gatewayUrl = `http://127.0.0.1:${ports.gateway}${PATH_AND_QUERY}`;

    const captured = await capture(newsUrl);
    const responseFile = path.join(scratch, 'response.json');
    writeFileSync(responseFile, JSON.stringify(captured));
    const ceilingPort = await freePort();
    ceilingProcess = await startProcess({
      name: 'node ceiling',
      cwd: here,
      script: 'ceiling-server.mjs',
      args: [responseFile],
      env: { PORT: String(ceilingPort) },
      readyUrl: `http://127.0.0.1:${ceilingPort}/`,
    });
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}${PATH_AND_QUERY}`;
    const floorPort = await freePort();
    floorProcess = await startProcess({
      name: 'node proxy floor',
      cwd: here,
      script: 'proxy-floor.mjs',
      env: {
        PORT: String(floorPort),
        UPSTREAM_PORT: String(ports.news),
        OWN_HEADERS: JSON.stringify(OWN_HEADERS),
      },
      readyUrl: `http://127.0.0.1:${floorPort}/healthz`,
    });
    const floorUrl = `http://127.0.0.1:${floorPort}${PATH_AND_QUERY}`;
    const peerUrls = {};
    for (const [key, peer] of [
      ['peerFastify', 'fastify'],
      ['peerHpm', 'http-proxy-middleware'],
    ]) {
      const port = await freePort();
      peerProcesses[key] = await startProcess({
        name: HOT_ROWS[key],
        cwd: here,
        script: 'peer-proxies.mjs',
        env: {
          PORT: String(port),
          UPSTREAM_PORT: String(ports.news),
          PEER: peer,
          OWN_HEADERS: JSON.stringify(OWN_HEADERS),
        },
        readyUrl: `http://127.0.0.1:${port}/healthz`,
      });
      peerUrls[key] = `http://127.0.0.1:${port}${PATH_AND_QUERY}`;
    }

    // BENCH_ONLY=past-cache or cache-hit: the gateway's proxied path, or its cached answers, alone,
    // with the headers each load sends (with BENCH_CPU_PROF_DIR, profiles of the news API and the
    // gateway doing only that).
    const only = { 'past-cache': { 'cache-control': 'no-cache' }, 'cache-hit': {} };
    const onlyOne = Object.hasOwn(only, process.env.BENCH_ONLY ?? '');
    // Idle: every process started, ready, and left alone for a few seconds (not for BENCH_ONLY,
    // which reads no memory).
    if (!onlyOne) await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const idle = new Map(children.map((child) => [child.benchName, residentBytes(child.pid) ?? 0]));

    // Warm every path so connection set-up and JIT are not in the figures.
    for (const url of [ceilingUrl, newsUrl, gatewayUrl]) await load(url, 10, 2);

    const cpuOf = (name) => {
      const { pid } = children.find((child) => child.benchName === name);
      return () => cpuMs(pid);
    };
    if (onlyOne) {
      const r = await withCpuPerRequest([cpuOf('news api'), cpuOf('gateway')], () =>
        load(gatewayUrl, CONNECTIONS, DURATION_S, only[process.env.BENCH_ONLY]),
      );
      const [news, gateway] = r.cpuPerRequest;
      console.log(
        `gateway, ${process.env.BENCH_ONLY}: ${(r.requests.total / DURATION_S).toFixed(0)} req/s; CPU per request: gateway ${gateway.toFixed(3)} ms, news API ${news.toFixed(3)} ms`,
      );
      return;
    }

    const loadBefore = os.loadavg();
    const rounds = [];
    const { result: runs, peaks } = await withPeakMemory(children, async () => {
      /** One load with each named process' CPU per request and the gateway's cache lookups. */
      const measured = async (url, names, headers) => {
        const lookupsBefore = await cacheLookups(ports.gateway);
        const r = await withCpuPerRequest(names.map(cpuOf), () =>
          load(url, CONNECTIONS, DURATION_S, headers),
        );
        const lookupsAfter = await cacheLookups(ports.gateway);
        r.cache = Object.fromEntries(
          Object.keys(lookupsAfter).map((result) => [
            result,
            lookupsAfter[result] - lookupsBefore[result],
          ]),
        );
        return r;
      };
      const nginxBinary = findNginx();
      /**
       * One round of the hot-path loads, in reverse order in odd rounds so that no row always runs
       * first or last. The peer is nginx in front of the same news API, as a plain reverse proxy
       * and with proxy_cache, started for the round.
       */
      const hotRound = async (round) => {
        const steps = [
          // The ceiling's CPU too: with the floor below, the least any Node server spends per answer.
          [
            'ceiling',
            () => withCpuPerRequest([() => cpuMs(ceilingProcess.pid)], () => load(ceilingUrl)),
          ],
          ['direct', () => measured(newsUrl, ['news api'])],
          ['through', () => measured(gatewayUrl, ['news api', 'gateway'])],
          // What a request costs when the gateway's cache cannot answer it (a client's hard reload).
          [
            'pastCache',
            () => measured(gatewayUrl, ['news api', 'gateway'], { 'cache-control': 'no-cache' }),
          ],
          // The same through the bare Node proxy: what passing a request on costs in Node at least.
          [
            'proxyFloor',
            async () => {
              await load(floorUrl, 10, 2);
              return withCpuPerRequest([cpuOf('news api'), () => cpuMs(floorProcess.pid)], () =>
                load(floorUrl, CONNECTIONS, DURATION_S),
              );
            },
          ],
          // The Node proxies the gateway is held against: the same request, nothing but proxying.
          ...Object.entries(peerUrls).map(([key, url]) => [
            key,
            async () => {
              await load(url, 10, 2);
              return withCpuPerRequest(
                [cpuOf('news api'), () => cpuMs(peerProcesses[key].pid)],
                () => load(url, CONNECTIONS, DURATION_S),
              );
            },
          ]),
        ];
        const nginx = nginxBinary
          ? await startNginx(
              nginxBinary,
              path.join(scratch, `nginx-${round}`),
              ports.news,
              OWN_HEADERS,
            )
          : undefined;
        if (nginx) {
          const viaNginx = async (port) => {
            const url = `http://127.0.0.1:${port}${PATH_AND_QUERY}`;
            await load(url, 10, 2);
            return withCpuPerRequest([cpuOf('news api'), () => nginx.cpu()], () =>
              load(url, CONNECTIONS, DURATION_S),
            );
          };
          steps.push(
            ['peerProxy', () => viaNginx(nginx.ports.proxy)],
            ['peerCache', () => viaNginx(nginx.ports.cache)],
          );
        }
        const rows = {};
        try {
          for (const [name, run] of round % 2 ? steps.reverse() : steps) rows[name] = await run();
        } finally {
          await nginx?.stop();
        }
        return rows;
      };
      for (let round = 0; round < ROUNDS; round += 1) rounds.push(await hotRound(round));
      /** A row's load from the round with its median req/s (the lower middle for an even count). */
      const median = (name) =>
        rounds.map((rows) => rows[name]).sort((a, b) => a.requests.average - b.requests.average)[
          Math.floor((rounds.length - 1) / 2)
        ];
      const others = [];
      for (const [name, route] of OTHER_ROUTES) {
        const r = await load(
          `http://127.0.0.1:${ports.gateway}${route}`,
          CONNECTIONS,
          OTHER_DURATION_S,
        );
        others.push({ name, route, r });
      }
      const peer = nginxBinary
        ? { proxy: median('peerProxy'), cache: median('peerCache') }
        : undefined;
      const [ceiling, direct, through, pastCache, proxyFloor, peerFastify, peerHpm] = [
        'ceiling',
        'direct',
        'through',
        'pastCache',
        'proxyFloor',
        'peerFastify',
        'peerHpm',
      ].map(median);
      return {
        ceiling,
        direct,
        through,
        pastCache,
        proxyFloor,
        nodePeers: { fastify: peerFastify, hpm: peerHpm },
        others,
        peer,
      };
    });
    const { ceiling, direct, through, pastCache, proxyFloor, nodePeers, others, peer } = runs;
    const loadAfter = os.loadavg();
    const loadAverage = (values) => values.map((value) => value.toFixed(2)).join(' / ');

    const cpu = os.cpus();
    console.log('');
    console.log(ingestLine);
    console.log('');
    console.log(
      `GET ${PATH_AND_QUERY} (${captured.length}-byte JSON body), ${CONNECTIONS} connections, ${DURATION_S} s each, on ${cpu.length} cores (${cpu[0]?.model.trim()}), Node ${process.versions.node}`,
    );
    console.log(
      `Machine load average (1 / 5 / 15 min): ${loadAverage(loadBefore)} before the loads, ${loadAverage(loadAfter)} after; anything above ${cpu.length} means other work shared the cores`,
    );
    console.log('| path                    |   req/s | of ceiling | p50 ms | p99 ms | errors |');
    console.log('|-------------------------|---------|------------|--------|--------|--------|');
    console.log(throughputRow(HOT_ROWS.ceiling, ceiling));
    console.log(throughputRow(HOT_ROWS.direct, direct, ceiling));
    console.log(throughputRow(HOT_ROWS.through, through, ceiling));
    console.log(throughputRow(HOT_ROWS.pastCache, pastCache, ceiling));
    console.log(throughputRow(HOT_ROWS.proxyFloor, proxyFloor, ceiling));
    console.log(throughputRow(HOT_ROWS.peerFastify, nodePeers.fastify, ceiling));
    console.log(throughputRow(HOT_ROWS.peerHpm, nodePeers.hpm, ceiling));
    if (peer) {
      console.log(throughputRow(HOT_ROWS.peerProxy, peer.proxy, ceiling));
      console.log(throughputRow(HOT_ROWS.peerCache, peer.cache, ceiling));
    } else {
      console.log(
        '(nginx is not installed: deploy/local/ensure-tools.sh installs it; no peer rows)',
      );
    }
    if (rounds.length > 1) {
      const perRound = Object.entries(HOT_ROWS)
        .filter(([key]) => rounds[0][key])
        .map(
          ([key, name]) =>
            `${name} ${rounds.map((rows) => rows[key].requests.average.toFixed(0)).join(' / ')}`,
        );
      console.log(
        `req/s in each of ${rounds.length} rounds (BENCH_ROUNDS; odd rounds in reverse order; each row above is its median round): ${perRound.join('; ')}`,
      );
    }
    const share = through.requests.average / ceiling.requests.average;
    const throughErrors = through.errors + through.timeouts + through.non2xx;
    const verdict = (ok) => (ok ? 'met' : 'MISSED');
    const hitShare = (r) =>
      `${((r.cache.hit / Math.max(1, r.cache.hit + r.cache.collapsed + r.cache.miss)) * 100).toFixed(2)}%`;
    console.log(
      `Gateway response cache through the gateway: ${through.cache.hit} hits, ${through.cache.collapsed} requests that waited for another's fetch of the same target, ${through.cache.miss} misses (${hitShare(through)} hits: news marks the list shareable for NEWS_CACHE_TTL_SECONDS); past its cache (Cache-Control: no-cache) every request goes to the news API`,
    );
    console.log(
      `CPU per request: news API ${direct.cpuPerRequest[0].toFixed(3)} ms directly; news API ${through.cpuPerRequest[0].toFixed(3)} ms + gateway ${through.cpuPerRequest[1].toFixed(3)} ms through the gateway; news API ${pastCache.cpuPerRequest[0].toFixed(3)} ms + gateway ${pastCache.cpuPerRequest[1].toFixed(3)} ms past its cache`,
    );
    console.log(
      `Node proxy floor (bare Node proxy on the gateway's client, undici's keep-alive Pool, nothing else): ${proxyFloor.cpuPerRequest[1].toFixed(3)} ms of CPU per request in the proxy, news API behind it ${proxyFloor.cpuPerRequest[0].toFixed(3)} ms; the gateway's pipeline adds ${(pastCache.cpuPerRequest[1] - proxyFloor.cpuPerRequest[1]).toFixed(3)} ms`,
    );
    console.log(
      `News API directly: ${direct.cpuPerRequest[0].toFixed(3)} ms of CPU per cached list read (target <= ${TARGETS.directCpuMs}): ${verdict(direct.cpuPerRequest[0] <= TARGETS.directCpuMs)}`,
    );
    console.log(
      `through the gateway: ${(share * 100).toFixed(1)}% of the ceiling (target >= ${TARGETS.shareOfCeiling * 100}%): ${verdict(share >= TARGETS.shareOfCeiling)}; p99 ${through.latency.p99} ms (target <= ${TARGETS.p99Ms}): ${verdict(through.latency.p99 <= TARGETS.p99Ms)}; ${throughErrors} errors (target 0): ${verdict(throughErrors === 0)}`,
    );
    if (peer) {
      const ms = (value) => value.toFixed(3);
      console.log(
        `CPU per request in the proxy: gateway past its cache ${ms(pastCache.cpuPerRequest[1])} ms, nginx reverse proxy ${ms(peer.proxy.cpuPerRequest[1])} ms (news API behind it ${ms(peer.proxy.cpuPerRequest[0])} ms); gateway cache hit ${ms(through.cpuPerRequest[1])} ms, nginx proxy_cache hit ${ms(peer.cache.cpuPerRequest[1])} ms`,
      );
      const pastShare = pastCache.requests.average / direct.requests.average;
      const hitShare = through.requests.average / peer.cache.requests.average;
      console.log(
        `Hot-path targets: gateway past its cache ${(pastShare * 100).toFixed(1)}% of the news API's direct throughput (target >= 85%): ${verdict(pastShare >= 0.85)}; gateway CPU per proxied request ${ms(pastCache.cpuPerRequest[1])} ms (target <= 0.10): ${verdict(pastCache.cpuPerRequest[1] <= 0.1)}; gateway cache hit ${(hitShare * 100).toFixed(1)}% of nginx proxy_cache (target >= 75%): ${verdict(hitShare >= 0.75)}`,
      );
      // The gateway's two targets. Its pipeline costs no more than Node's own passing on of the
      // request: the proxied path at most twice the node proxy floor (the same answers, heads
      // included, through node:http and undici with nothing else). The bare Node proxies and nginx
      // stand beside it as references (docs/performance.md says why). A cache hit costs at most 3×
      // nginx proxy_cache's CPU per answer.
      const gatewayProxied = pastCache.cpuPerRequest[1];
      const fastifyProxied = nodePeers.fastify.cpuPerRequest[1];
      const floorProxied = proxyFloor.cpuPerRequest[1];
      const nginxProxied = peer.proxy.cpuPerRequest[1];
      const gatewayHit = through.cpuPerRequest[1];
      const nginxHit = peer.cache.cpuPerRequest[1];
      const times = (value, of) => `${(value / of).toFixed(2)}×`;
      console.log(
        `Gateway targets, CPU per request in the proxy: proxied path ${ms(gatewayProxied)} ms, node proxy floor ${ms(floorProxied)} ms (target <= 2× the floor's, ${ms(2 * floorProxied)}): ${verdict(gatewayProxied <= 2 * floorProxied)}; for reference @fastify/http-proxy ${ms(fastifyProxied)} ms (the gateway ${times(gatewayProxied, fastifyProxied)}), http-proxy-middleware (Express) ${ms(nodePeers.hpm.cpuPerRequest[1])} ms, nginx ${ms(nginxProxied)} ms (the gateway ${times(gatewayProxied, nginxProxied)}, the floor ${times(floorProxied, nginxProxied)}); cache hit ${ms(gatewayHit)} ms, nginx proxy_cache ${ms(nginxHit)} ms (target <= 3×, ${ms(3 * nginxHit)}): ${verdict(gatewayHit <= 3 * nginxHit)}`,
      );
      // The same three figures for Node's own bounds in this run, so each verdict above reads
      // against what no server or proxy in Node gets below on this machine.
      const floorShare = proxyFloor.requests.average / direct.requests.average;
      const ceilingShare = ceiling.requests.average / peer.cache.requests.average;
      console.log(
        `Node's own bounds in this run: the node proxy floor ${(floorShare * 100).toFixed(1)}% of the news API's direct throughput at ${ms(proxyFloor.cpuPerRequest[1])} ms per proxied request; the node ceiling ${(ceilingShare * 100).toFixed(1)}% of nginx proxy_cache at ${ms(ceiling.cpuPerRequest[0])} ms per answer (gateway cache hit ${ms(through.cpuPerRequest[1])} ms)`,
      );
    }
    console.log('');
    console.log(
      `Other services' hot reads through the gateway (${CONNECTIONS} connections, ${OTHER_DURATION_S} s each; /api/daily-analysis is a 404, as no analysis is written)`,
    );
    console.log(
      '| route                    |   req/s | p50 ms | p99 ms | statuses                  |',
    );
    console.log(
      '|--------------------------|---------|--------|--------|---------------------------|',
    );
    for (const { route, r } of others) {
      const statuses =
        `${r['2xx']} 2xx, ${r['4xx']} 4xx, ${r['5xx'] + r.errors + r.timeouts} other`.padEnd(25);
      console.log(
        `| ${route.padEnd(24)} | ${r.requests.average.toFixed(0).padStart(7)} | ${String(r.latency.p50).padStart(6)} | ${String(r.latency.p99).padStart(6)} | ${statuses} |`,
      );
    }
    for (const [route, expected] of UNCACHED_ROUTES) {
      const { r } = others.find((other) => other.route === route);
      const answers = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
      const unexpected = answers - r[expected] + r.errors + r.timeouts;
      const ok =
        r.requests.average >= TARGETS.uncachedRps &&
        r.latency.p99 <= TARGETS.p99Ms &&
        unexpected === 0;
      console.log(
        `${route} through the gateway (never cached): ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, ${unexpected} answers other than ${expected} (target >= ${TARGETS.uncachedRps} req/s, p99 <= ${TARGETS.p99Ms} ms, every answer ${expected}): ${verdict(ok)}`,
      );
    }
    console.log('');
    console.log(
      `Resident memory (VmRSS); idle = ready and untouched for ${IDLE_SETTLE_MS / 1000} s; under load = peak while the loads above ran (target <= ${TARGETS.idleMb} MB idle)`,
    );
    console.log('| process              | idle MB | under load MB | idle target |');
    console.log('|----------------------|---------|---------------|-------------|');
    const memoryRows = children.map((child) => ({
      name: child.benchName,
      idle: idle.get(child.benchName),
      peak: peaks.get(child.benchName),
    }));
    memoryRows.push(await measureWorkingWorker(databases, keys, ports));
    for (const row of memoryRows) {
      const idleMb = mb(row.idle);
      console.log(
        `| ${row.name.padEnd(20)} | ${idleMb.toFixed(0).padStart(7)} | ${mb(row.peak).toFixed(0).padStart(13)} | ${verdict(idleMb <= TARGETS.idleMb).padStart(11)} |`,
      );
    }
  } finally {
    await stopProcess(ceilingProcess);
    await stopProcess(floorProcess);
    await Promise.all(Object.values(peerProcesses).map(stopProcess));
    if (platform) await Promise.all([...platform.children].reverse().map(stopProcess));
    rmSync(scratch, { recursive: true, force: true });
    await removeKeys(Object.values(keys));
    await Promise.all(Object.values(databases).map((database) => database.drop()));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
