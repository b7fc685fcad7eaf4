// node services/news/bench/search.bench.mjs (after `make build`): GET /api/search on the built news
// API over 100,000 articles plus the bundled guides and blogs (content syncs them, news's index-site
// copies them from content's API as the worker does), one query kind at a time and then all of them
// mixed, at 20 connections, against the target of p99 <= 50 ms; then the same through the gateway,
// which sends every search to news. It also prints EXPLAIN ANALYZE of the
// exact statement the API runs for each kind. Everything runs on loopback against the machine's
// PostgreSQL and Redis, on a database of its own that is dropped at the end; the load generator
// (plain node:http with keep-alive) runs in this process.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cpuMs, freePort, postgresCpuMs, startProcess, stopProcess } from './processes.mjs';
import { CORPUS_WORDS, seedCorpus } from './search-corpus.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.join(here, '..');
const root = path.join(packageDir, '..', '..');
const contentDir = path.join(root, 'services', 'content');
const dist = (file) => require(path.join(packageDir, 'dist', file));
const { Client } = require('pg');
const { createTestDatabase } = require('@probedge/kit/testing');
const { SearchRepository } = dist('search/search.repository.js');

const ARTICLES = 100_000;
const CONNECTIONS = 20;
const DURATION_MS = 5_000;
const WARM_UP_MS = 1_000;
const GLOBAL_WARM_UP_MS = 5_000;
const LIMIT = 10;
const EXPLAIN_RUNS = 5;
const TARGET_P99_MS = 50;

const KINDS = [
  ['rare word', CORPUS_WORDS.rare],
  ['common word', CORPUS_WORDS.common],
  ['two-word phrase', `"${CORPUS_WORDS.phrase}"`],
  ['two words', CORPUS_WORDS.phrase],
  ['no match', CORPUS_WORDS.missing],
  ['stop words only', CORPUS_WORDS.stopWords],
];

const searchPath = (q) => `/api/search?q=${encodeURIComponent(q)}&limit=${LIMIT}`;

/** CONNECTIONS loops, each sending the next request when its answer has been read. */
async function load(port, paths, durationMs, headers = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  let sent = 0;
  const once = (requestPath) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(
        { host: '127.0.0.1', port, path: requestPath, agent, headers },
        (res) => {
          res.resume();
          res.once('end', () => {
            latencies.push(performance.now() - started);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            resolve();
          });
          res.once('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      req.once('error', () => {
        errors += 1;
        resolve();
      });
    });
  const started = performance.now();
  const end = started + durationMs;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await once(paths[sent++ % paths.length]);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)] ?? NaN;
  const ok = statuses.get(200) ?? 0;
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    failures: errors + latencies.length - ok,
  };
}

/** The statement SearchRepository sends for `q`, captured instead of run. */
function statementFor(q) {
  const capture = { pool: { query: async ({ text, values }) => ({ rows: { text, values } }) } };
  return new SearchRepository(capture).search(q, 'all', LIMIT);
}

async function explain(client, statement) {
  const timings = [];
  let plan = [];
  for (let run = 0; run < EXPLAIN_RUNS + 1; run += 1) {
    const result = await client.query(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      statement.values,
    );
    plan = result.rows.map((row) => row['QUERY PLAN']);
    const time = (label) =>
      Number(new RegExp(`${label} Time: ([\\d.]+) ms`).exec(plan.join('\n'))?.[1]);
    // The first run warms the connection's caches, as the API's pooled connections are warm.
    if (run > 0) timings.push({ planning: time('Planning'), execution: time('Execution') });
  }
  const median = (key) =>
    timings.map((t) => t[key]).sort((a, b) => a - b)[Math.floor(timings.length / 2)];
  return { planning: median('planning'), execution: median('execution'), plan };
}

/** What the design avoids: every match ranked, for comparison. */
const RANK_EVERY_MATCH = `
  SELECT id, ts_rank_cd(search_vector, query, 32) AS rank
  FROM articles, websearch_to_tsquery('english', $1) query
  WHERE search_vector @@ query
  ORDER BY rank DESC, published_at DESC
  LIMIT ${LIMIT}`;

/** A CPU figure, or '-' where it could not be read (a PostgreSQL server on another machine). */
const cpuCell = (value, width) => (Number.isFinite(value) ? value.toFixed(3) : '-').padStart(width);

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(7);

async function main() {
  const suffix = randomBytes(4).toString('hex');
  const database = await createTestDatabase(
    'probedge_bench_search',
    path.join(packageDir, 'prisma', 'migrations'),
  );
  const client = new Client({ connectionString: database.url });
  const contentDatabase = await createTestDatabase(
    'probedge_bench_search_content',
    path.join(contentDir, 'prisma', 'migrations'),
  );
  let api;
  let content;
  let gateway;
  try {
    await client.connect();
    const started = performance.now();
    await seedCorpus(client, ARTICLES);
    // What autovacuum does soon after a bulk load: the GIN index's pending list is merged and the
    // visibility map set, so the figures are those of a settled table.
    await client.query('VACUUM ANALYZE articles');
    console.log(
      `seeded ${ARTICLES} articles in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // Content with the bundled guides and blogs, copied into news's index through content's API.
    const synced = spawnSync(process.execPath, ['dist/sync.js'], {
      cwd: contentDir,
      env: { ...process.env, DATABASE_URL: contentDatabase.url, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    if (synced.status !== 0) throw new Error(`content sync failed: ${synced.stderr}`);
    const contentPort = await freePort();
    content = await startProcess({
      name: 'content',
      cwd: contentDir,
      script: 'dist/main.js',
      env: { PORT: String(contentPort), DATABASE_URL: contentDatabase.url },
      readyUrl: `http://127.0.0.1:${contentPort}/readyz`,
    });
    const indexed = spawnSync(process.execPath, ['dist/cli.js', 'index-site'], {
      cwd: packageDir,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        CONTENT_URL: `http://127.0.0.1:${contentPort}`,
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
    });
    if (indexed.status !== 0) throw new Error(`index-site failed: ${indexed.stderr}`);
    console.log(indexed.stdout.trim());

    const port = await freePort();
    api = await startProcess({
      name: 'news api',
      cwd: packageDir,
      script: 'dist/main.js',
      env: {
        PORT: String(port),
        NEWS_GRPC_PORT: String(await freePort()),
        DATABASE_URL: database.url,
        NEWS_CACHE_PREFIX: `news-bench-search-${suffix}:`,
      },
      readyUrl: `http://127.0.0.1:${port}/readyz`,
    });

    const matches = [];
    for (const [kind, q] of KINDS) {
      const res = await fetch(`http://127.0.0.1:${port}${searchPath(q)}`);
      if (res.status !== 200) throw new Error(`${kind}: ${res.status} ${await res.text()}`);
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM articles WHERE search_vector @@ websearch_to_tsquery('english', $1)`,
        [q],
      );
      matches.push({ kind, q, total: rows[0].n });
    }

    const cpu = os.cpus();
    const loadBefore = os.loadavg();
    // Every code path compiled and the pools filled before anything is measured.
    await load(
      port,
      KINDS.map(([, q]) => searchPath(q)),
      GLOBAL_WARM_UP_MS,
    );
    const results = [];
    for (const [kind, q] of [...KINDS, ['all kinds mixed', null], ['floor: /healthz', undefined]]) {
      const paths =
        q === undefined
          ? ['/healthz']
          : q === null
            ? KINDS.map(([, each]) => searchPath(each))
            : [searchPath(q)];
      await load(port, paths, WARM_UP_MS);
      const cpuBefore = cpuMs(api.pid);
      const postgresBefore = postgresCpuMs();
      const r = await load(port, paths, DURATION_MS);
      r.cpuPerRequest = (cpuMs(api.pid) - cpuBefore) / r.requests;
      r.postgresPerRequest = (postgresCpuMs() - postgresBefore) / r.requests;
      results.push({ kind, q, r });
    }
    const loadAfter = os.loadavg();

    const gatewayPort = await freePort();
    gateway = await startProcess({
      name: 'gateway',
      cwd: path.join(root, 'gateway'),
      script: 'dist/main.js',
      env: {
        PORT: String(gatewayPort),
        NEWS_URL: `http://127.0.0.1:${port}`,
        RATE_LIMIT_PREFIX: `news-bench-search-${suffix}-rl:`,
        // One client sends all the load: its limits are checked as usual but never trip.
        RATE_LIMIT_GENERAL: '100000000',
        RATE_LIMIT_SEARCH: '100000000',
        CLIENT_MAX_CONCURRENT_REQUESTS: String(CONNECTIONS * 2),
      },
      // insights and billing are not running: /readyz would wait for them.
      readyUrl: `http://127.0.0.1:${gatewayPort}/healthz`,
    });
    // Past the gateway's response cache, as a search for new words always is.
    const noCache = { 'cache-control': 'no-cache' };
    await load(
      gatewayPort,
      KINDS.map(([, q]) => searchPath(q)),
      GLOBAL_WARM_UP_MS,
      noCache,
    );
    const throughGateway = [];
    for (const [kind, q] of [...KINDS, ['all kinds mixed', null]]) {
      const paths = q === null ? KINDS.map(([, each]) => searchPath(each)) : [searchPath(q)];
      await load(gatewayPort, paths, WARM_UP_MS, noCache);
      const before = {
        gateway: cpuMs(gateway.pid),
        news: cpuMs(api.pid),
        content: cpuMs(content.pid),
        postgres: postgresCpuMs(),
      };
      const r = await load(gatewayPort, paths, DURATION_MS, noCache);
      r.cpu = {
        gateway: (cpuMs(gateway.pid) - before.gateway) / r.requests,
        news: (cpuMs(api.pid) - before.news) / r.requests,
        content: (cpuMs(content.pid) - before.content) / r.requests,
        postgres: (postgresCpuMs() - before.postgres) / r.requests,
      };
      throughGateway.push({ kind, q, r });
    }
    // The same mix once the gateway's cache holds the answers (a popular search, repeated).
    await load(
      gatewayPort,
      KINDS.map(([, q]) => searchPath(q)),
      WARM_UP_MS,
    );
    const cached = await load(
      gatewayPort,
      KINDS.map(([, q]) => searchPath(q)),
      DURATION_MS,
    );

    const explained = [];
    for (const [kind, q] of KINDS)
      explained.push({ kind, ...(await explain(client, await statementFor(q))) });
    const everyMatch = await explain(client, {
      text: RANK_EVERY_MATCH,
      values: [CORPUS_WORDS.common],
    });

    console.log('');
    console.log(
      `GET /api/search?q=…&limit=${LIMIT} on the news API directly, ${ARTICLES} articles and the guides and blogs, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per row after ${WARM_UP_MS / 1000} s of warm-up, on ${cpu.length} cores (${cpu[0]?.model.trim()}), Node ${process.versions.node}`,
    );
    console.log(
      `Machine load average (1 / 5 / 15 min): ${loadBefore.map((v) => v.toFixed(2)).join(' / ')} before, ${loadAfter.map((v) => v.toFixed(2)).join(' / ')} after; above ${cpu.length} means other work shared the cores`,
    );
    console.log(
      '| query kind       | q                   | matches | req/s | p50 ms | p99 ms | max ms | API CPU ms/req | PostgreSQL | failures | p99 target |',
    );
    console.log(
      '|------------------|---------------------|---------|-------|--------|--------|--------|----------------|------------|----------|------------|',
    );
    for (const { kind, q, r } of results) {
      const total = typeof q === 'string' ? String(matches.find((m) => m.q === q).total) : '';
      const verdict =
        q === undefined ? '-' : r.p99 <= TARGET_P99_MS && r.failures === 0 ? 'met' : 'MISSED';
      console.log(
        `| ${kind.padEnd(16)} | ${(q === undefined ? '(no database)' : (q ?? '(each in turn)')).padEnd(19)} | ${total.padStart(7)} | ${r.perSecond.toFixed(0).padStart(5)} | ${ms(r.p50).slice(1)} | ${ms(r.p99).slice(1)} | ${ms(r.max).slice(1)} | ${r.cpuPerRequest.toFixed(3).padStart(14)} | ${cpuCell(r.postgresPerRequest, 10)} | ${String(r.failures).padStart(8)} | ${verdict.padStart(10)} |`,
      );
    }
    const searches = results.filter(({ q }) => q !== undefined);
    const worst = Math.max(...searches.map(({ r }) => r.p99));
    const failures = searches.reduce((sum, { r }) => sum + r.failures, 0);
    console.log(
      `Target p99 <= ${TARGET_P99_MS} ms at ${CONNECTIONS} connections (measured here on the news API itself; the gateway adds its proxy hop): worst p99 ${worst.toFixed(1)} ms, ${failures} failures: ${worst <= TARGET_P99_MS && failures === 0 ? 'met' : 'MISSED'}`,
    );
    console.log('');
    console.log(
      `GET /api/search?q=…&limit=${LIMIT} through the gateway (every type, answered by news: ${ARTICLES} articles and the guides and blogs), Cache-Control: no-cache, ${CONNECTIONS} connections`,
    );
    console.log(
      '| query kind       | req/s | p50 ms | p99 ms | max ms | CPU ms/req gateway | news  | content | PostgreSQL | failures | p99 target |',
    );
    console.log(
      '|------------------|-------|--------|--------|--------|--------------------|-------|---------|------------|----------|------------|',
    );
    for (const { kind, r } of throughGateway) {
      const verdict = r.p99 <= TARGET_P99_MS && r.failures === 0 ? 'met' : 'MISSED';
      console.log(
        `| ${kind.padEnd(16)} | ${r.perSecond.toFixed(0).padStart(5)} | ${ms(r.p50).slice(1)} | ${ms(r.p99).slice(1)} | ${ms(r.max).slice(1)} | ${r.cpu.gateway.toFixed(3).padStart(18)} | ${r.cpu.news.toFixed(3).padStart(5)} | ${r.cpu.content.toFixed(3).padStart(7)} | ${cpuCell(r.cpu.postgres, 10)} | ${String(r.failures).padStart(8)} | ${verdict.padStart(10)} |`,
      );
    }
    console.log(
      `| ${'mixed, cached'.padEnd(16)} | ${cached.perSecond.toFixed(0).padStart(5)} | ${ms(cached.p50).slice(1)} | ${ms(cached.p99).slice(1)} | ${ms(cached.max).slice(1)} | ${'-'.padStart(18)} | ${'-'.padStart(5)} | ${'-'.padStart(7)} | ${'-'.padStart(10)} | ${String(cached.failures).padStart(8)} | ${(cached.p99 <= TARGET_P99_MS && cached.failures === 0 ? 'met' : 'MISSED').padStart(10)} |`,
    );
    const worstThrough = Math.max(...throughGateway.map(({ r }) => r.p99));
    console.log(
      `Target p99 <= ${TARGET_P99_MS} ms through the gateway past its cache: worst p99 ${worstThrough.toFixed(1)} ms: ${worstThrough <= TARGET_P99_MS ? 'met' : 'MISSED'}`,
    );
    console.log('');
    console.log(
      `EXPLAIN ANALYZE of the API's statement, median of ${EXPLAIN_RUNS} runs on a warm connection, unloaded`,
    );
    console.log('| query kind       | planning ms | execution ms |');
    console.log('|------------------|-------------|--------------|');
    for (const { kind, planning, execution } of explained) {
      console.log(
        `| ${kind.padEnd(16)} | ${planning.toFixed(3).padStart(11)} | ${execution.toFixed(3).padStart(12)} |`,
      );
    }
    console.log(
      `| ${'every match ranked'.padEnd(16)} | ${everyMatch.planning.toFixed(3).padStart(11)} | ${everyMatch.execution.toFixed(3).padStart(12)} |  (common word, not what the API runs)`,
    );
    console.log('');
    console.log(`Plan of the common word (q=${CORPUS_WORDS.common}):`);
    console.log(explained.find((e) => e.kind === 'common word').plan.join('\n'));
  } finally {
    await stopProcess(gateway);
    await stopProcess(content);
    await stopProcess(api);
    await contentDatabase.drop();
    await client.end().catch(() => undefined);
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
