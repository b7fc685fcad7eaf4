// The local stack: prepares databases and runs every process of the platform with prefixed logs.
// Used by `make up` (foreground) and by the browser tests (on shifted ports and separate databases).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervisor.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const COLOURS = [36, 35, 33, 32, 34, 91, 96, 93];

/**
 * V8 flags every platform process runs with, here and in the images (NODE_OPTIONS in
 * deploy/docker/service.Dockerfile). A young generation of 8 MB per semi-space instead of 16 keeps
 * an idle process about 16 MB smaller, at the price of more frequent (short) scavenges.
 */
export const NODE_RUNTIME_FLAGS = ['--max-semi-space-size=8'];

/**
 * V8 flags the services and their workers add on Node 22 and later (the images' Node 24: the CMD of
 * deploy/docker/service.Dockerfile and the commands in docker-compose.yml and k8s/). Node 24 keeps
 * an idle process's start-up garbage and whole young generation committed, 25 to 30 MB more than
 * Node 20; memory saver mode gives it back (docs/performance.md). V8 refuses it in NODE_OPTIONS, so
 * it goes on the command line. The gateway runs without it (GATEWAY_RUNTIME_FLAGS instead): it idles
 * well under the target anyway, and the flag made its proxied requests dearer.
 */
export const SERVICE_RUNTIME_FLAGS = ['--memory-saver-mode'];

/**
 * The C library's allocator settings the services and their workers run with, here and in the
 * images (ENV of deploy/docker/service.Dockerfile). By default glibc raises its trim threshold each
 * time a large block is freed, up to 64 MB, so memory freed by threads (V8's compilers and garbage
 * collector, the feed fetches of the news worker) stays with the process for good: the news worker
 * idled at 150-160 MB after its first ingestion and site check. A fixed 128 KB threshold gives it
 * back (129-134 MB) at no measurable cost per request (docs/performance.md).
 */
export const SERVICE_RUNTIME_ENV = { MALLOC_TRIM_THRESHOLD_: '131072' };

/**
 * V8 flags the gateway adds (the CMD of deploy/docker/gateway.Dockerfile and its commands in
 * docker-compose.yml and k8s/). Under load V8 sometimes decided, from one young-generation
 * collection, to allocate the proxied requests' short-lived objects straight in the old
 * generation; from then on they filled it with garbage: 300 MB instead of 170 and a fifth more CPU
 * per request, in 2 loads of 8. Without allocation-site pretenuring it never happened (6 loads).
 */
export const GATEWAY_RUNTIME_FLAGS = ['--no-allocation-site-pretenuring'];

function packageFolder(cwd) {
  return path.relative(root, path.resolve(root, cwd));
}

function isServiceFolder(cwd) {
  return /^services\/[^/]+$/.test(packageFolder(cwd));
}

/**
 * The V8 flags of a platform process started in `cwd`: a service's package folder (on Node 22 and
 * later) and the gateway's add their own.
 */
export function nodeFlagsFor(cwd, nodeVersion = process.versions.node) {
  const major = Number(nodeVersion.split('.')[0]);
  if (packageFolder(cwd) === 'gateway') return [...NODE_RUNTIME_FLAGS, ...GATEWAY_RUNTIME_FLAGS];
  return isServiceFolder(cwd) && major >= 22
    ? [...NODE_RUNTIME_FLAGS, ...SERVICE_RUNTIME_FLAGS]
    : NODE_RUNTIME_FLAGS;
}

/** The runtime environment a platform process started in `cwd` gets besides its configuration. */
export function runtimeEnvFor(cwd) {
  return isServiceFolder(cwd) ? SERVICE_RUNTIME_ENV : {};
}

/**
 * The first port Linux hands to outgoing connections (net.ipv4.ip_local_port_range starts here by
 * default). A listener above it can find its port held by some client's connection, to PostgreSQL
 * for one, so every port of the stack stays below it.
 */
const FIRST_EPHEMERAL_PORT = 32768;

/** The stack's ports before STACK_PORT_OFFSET is added. */
const BASE_PORTS = {
  gateway: 8080,
  // The operators' port of the gateway (/metrics, /readyz with upstreams), never the public one.
  gatewayMetrics: 9464,
  content: 4001,
  contentWorker: 4101,
  news: 4002,
  newsGrpc: 5002,
  newsWorker: 4102,
  newsSampleFeeds: 4202,
  insights: 4003,
  insightsWorker: 4103,
  billing: 4004,
  markets: 4005,
  mailSmtp: 1025,
  mailInbox: 1080,
};

/** The largest STACK_PORT_OFFSET that keeps every port below the outgoing connections' range. */
export const MAX_PORT_OFFSET = FIRST_EPHEMERAL_PORT - 1 - Math.max(...Object.values(BASE_PORTS));

export function stackSettings(env = process.env) {
  const offset = Number(env.STACK_PORT_OFFSET ?? 0);
  const suffix = env.STACK_DB_SUFFIX ?? '';
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_PORT_OFFSET) {
    throw new Error(
      `STACK_PORT_OFFSET must be a whole number from 0 to ${MAX_PORT_OFFSET}: ports from ` +
        `${FIRST_EPHEMERAL_PORT} up are the system's for outgoing connections, and one may hold them`,
    );
  }
  if (!/^[a-z0-9_]*$/.test(suffix)) throw new Error('STACK_DB_SUFFIX may hold only a-z, 0-9 and _');
  const postgres = env.POSTGRES_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = (name) => {
    const url = new URL(postgres);
    url.pathname = `/${name}${suffix}`;
    return url.toString();
  };
  const ports = Object.fromEntries(
    Object.entries(BASE_PORTS).map(([name, port]) => [name, port + offset]),
  );
  return {
    postgres,
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    ports,
    gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
    // The local mail catcher: every message the platform sends lands in its inbox, nothing leaves.
    smtpUrl: `smtp://127.0.0.1:${ports.mailSmtp}`,
    mailInboxUrl: `http://127.0.0.1:${ports.mailInbox}`,
    databases: {
      content: databaseUrl('probedge_content'),
      news: databaseUrl('probedge_news'),
      insights: databaseUrl('probedge_insights'),
      billing: databaseUrl('probedge_billing'),
      markets: databaseUrl('probedge_markets'),
    },
    // Stacks side by side on one Redis keep their queues and caches apart.
    redisKeyPrefix: `probedge${suffix}-${offset}`,
  };
}

/** Every process of the platform; the gateway comes last so it starts with its upstreams up. */
export function processes(settings) {
  const shared = { NODE_ENV: process.env.NODE_ENV ?? 'production', HOST: '127.0.0.1' };
  return [
    {
      name: 'mail',
      cwd: '.',
      args: [
        path.join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js'),
        '--ip',
        '127.0.0.1',
        '--web-ip',
        '127.0.0.1',
        '--smtp',
        String(settings.ports.mailSmtp),
        '--web',
        String(settings.ports.mailInbox),
        '--max-emails',
        '500',
        '--silent',
      ],
      env: {},
      port: settings.ports.mailInbox,
      readyPath: '/api/healthz',
    },
    {
      name: 'content',
      cwd: 'services/content',
      args: ['dist/main.js'],
      env: {
        ...shared,
        PORT: String(settings.ports.content),
        DATABASE_URL: settings.databases.content,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${settings.ports.gateway}`,
        SMTP_URL: settings.smtpUrl,
      },
      port: settings.ports.content,
    },
    {
      name: 'cnt-wkr',
      cwd: 'services/content',
      args: ['dist/worker.js'],
      env: {
        ...shared,
        CONTENT_WORKER_PORT: String(settings.ports.contentWorker),
        DATABASE_URL: settings.databases.content,
        REDIS_URL: settings.redisUrl,
        // The morning briefing's queue: the insights processes enqueue on it, this worker sends.
        BRIEFING_QUEUE_PREFIX: `${settings.redisKeyPrefix}-bull`,
        // Locally an analysis generated at any hour of any day is mailed, so the briefing can be seen.
        BRIEFING_DAYS: process.env.BRIEFING_DAYS ?? 'mon,tue,wed,thu,fri,sat,sun',
        BRIEFING_CUTOFF: process.env.BRIEFING_CUTOFF ?? '23:59',
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${settings.ports.gateway}`,
        SMTP_URL: settings.smtpUrl,
      },
      port: settings.ports.contentWorker,
    },
    {
      name: 'news',
      cwd: 'services/news',
      args: ['dist/main.js'],
      env: {
        ...shared,
        PORT: String(settings.ports.news),
        NEWS_GRPC_PORT: String(settings.ports.newsGrpc),
        DATABASE_URL: settings.databases.news,
        REDIS_URL: settings.redisUrl,
        NEWS_CACHE_PREFIX: `${settings.redisKeyPrefix}-news:`,
      },
      port: settings.ports.news,
    },
    {
      name: 'news-wkr',
      cwd: 'services/news',
      args: ['dist/worker.js'],
      env: {
        ...shared,
        NEWS_WORKER_PORT: String(settings.ports.newsWorker),
        DATABASE_URL: settings.databases.news,
        REDIS_URL: settings.redisUrl,
        NEWS_CACHE_PREFIX: `${settings.redisKeyPrefix}-news:`,
        NEWS_QUEUE_PREFIX: `${settings.redisKeyPrefix}-bull`,
        // Where the guides and blogs that search reads are copied from (content starts first).
        CONTENT_URL: `http://127.0.0.1:${settings.ports.content}`,
        // The bundled sample feeds, served on loopback and ingested through the real HTTP path.
        NEWS_ALLOW_LOOPBACK: 'true',
        NEWS_SAMPLE_FEEDS_PORT: String(settings.ports.newsSampleFeeds),
      },
      port: settings.ports.newsWorker,
    },
    {
      name: 'insights',
      cwd: 'services/insights',
      args: ['dist/main.js'],
      env: {
        ...shared,
        PORT: String(settings.ports.insights),
        DATABASE_URL: settings.databases.insights,
        REDIS_URL: settings.redisUrl,
        INSIGHTS_QUEUE_PREFIX: `${settings.redisKeyPrefix}-bull`,
        BRIEFING_QUEUE_PREFIX: `${settings.redisKeyPrefix}-bull`,
        NEWS_GRPC_URL: `127.0.0.1:${settings.ports.newsGrpc}`,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${settings.ports.gateway}`,
      },
      port: settings.ports.insights,
    },
    {
      name: 'ins-wkr',
      cwd: 'services/insights',
      args: ['dist/worker.js'],
      env: {
        ...shared,
        INSIGHTS_WORKER_PORT: String(settings.ports.insightsWorker),
        DATABASE_URL: settings.databases.insights,
        REDIS_URL: settings.redisUrl,
        INSIGHTS_QUEUE_PREFIX: `${settings.redisKeyPrefix}-bull`,
        BRIEFING_QUEUE_PREFIX: `${settings.redisKeyPrefix}-bull`,
        NEWS_GRPC_URL: `127.0.0.1:${settings.ports.newsGrpc}`,
        MARKETS_URL: `http://127.0.0.1:${settings.ports.markets}`,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${settings.ports.gateway}`,
      },
      port: settings.ports.insightsWorker,
    },
    {
      name: 'billing',
      cwd: 'services/billing',
      args: ['dist/main.js'],
      env: {
        ...shared,
        PORT: String(settings.ports.billing),
        DATABASE_URL: settings.databases.billing,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${settings.ports.gateway}`,
        SMTP_URL: settings.smtpUrl,
      },
      port: settings.ports.billing,
    },
    {
      name: 'markets',
      cwd: 'services/markets',
      args: ['dist/main.js'],
      env: {
        ...shared,
        PORT: String(settings.ports.markets),
        DATABASE_URL: settings.databases.markets,
        REDIS_URL: settings.redisUrl,
        MARKETS_REDIS_PREFIX: `${settings.redisKeyPrefix}-markets:`,
        // The labelled sample provider unless the environment names real ones.
        MARKET_PROVIDERS: process.env.MARKET_PROVIDERS ?? 'sandbox',
      },
      port: settings.ports.markets,
    },
    {
      name: 'gateway',
      cwd: 'gateway',
      args: ['dist/main.js'],
      env: {
        ...shared,
        PORT: String(settings.ports.gateway),
        METRICS_PORT: String(settings.ports.gatewayMetrics),
        CONTENT_URL: `http://127.0.0.1:${settings.ports.content}`,
        NEWS_URL: `http://127.0.0.1:${settings.ports.news}`,
        INSIGHTS_URL: `http://127.0.0.1:${settings.ports.insights}`,
        BILLING_URL: `http://127.0.0.1:${settings.ports.billing}`,
        MARKETS_URL: `http://127.0.0.1:${settings.ports.markets}`,
        REDIS_URL: settings.redisUrl,
        RATE_LIMIT_PREFIX: `${settings.redisKeyPrefix}-ratelimit:`,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${settings.ports.gateway}`,
      },
      port: settings.ports.gateway,
    },
  ];
}

async function ensureDatabases(settings) {
  const { Client } = require('pg');
  const admin = new Client({ connectionString: settings.postgres, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${settings.postgres} (${error.message}). Start it, or set POSTGRES_ADMIN_URL.`,
      { cause: error },
    );
  }
  try {
    for (const url of Object.values(settings.databases)) {
      const name = new URL(url).pathname.slice(1);
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        await admin.query(`CREATE DATABASE "${name}"`);
        log('stack', `created database ${name}`);
      }
    }
  } finally {
    await admin.end();
  }
}

async function checkRedis(settings) {
  const Redis = require('ioredis');
  const client = new Redis(settings.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(
      `Redis does not answer at ${settings.redisUrl} (${error.message}). Start it, or set REDIS_URL.`,
      { cause: error },
    );
  } finally {
    client.disconnect();
  }
}

function runStep(label, args, cwd, env) {
  log('stack', label);
  const result = spawnSync(process.execPath, args, {
    cwd: path.join(root, cwd),
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status})`);
}

/**
 * Browser tests only: drops the stack's databases and its Redis keys, so every run starts from
 * an empty platform (no daily item left over from an earlier run, no finished job ids).
 */
export async function reset(settings) {
  if (!settings.redisKeyPrefix.includes('_e2e')) {
    throw new Error('reset() is for the browser-test stack (STACK_DB_SUFFIX=_e2e) only');
  }
  const { Client } = require('pg');
  const admin = new Client({ connectionString: settings.postgres, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    for (const url of Object.values(settings.databases)) {
      const name = new URL(url).pathname.slice(1);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
  const Redis = require('ioredis');
  const redis = new Redis(settings.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${settings.redisKeyPrefix}*`,
        'COUNT',
        500,
      );
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Databases, migrations and content: everything the processes expect to find. */
export async function prepare(settings) {
  await checkRedis(settings);
  await ensureDatabases(settings);
  const prisma = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');
  runStep('migrating content', [prisma, 'migrate', 'deploy'], 'services/content', {
    DATABASE_URL: settings.databases.content,
  });
  runStep('migrating news', [prisma, 'migrate', 'deploy'], 'services/news', {
    DATABASE_URL: settings.databases.news,
  });
  for (const service of ['insights', 'billing', 'markets']) {
    runStep(`migrating ${service}`, [prisma, 'migrate', 'deploy'], `services/${service}`, {
      DATABASE_URL: settings.databases[service],
    });
  }
  runStep('syncing guides, blogs and FAQ', ['dist/sync.js'], 'services/content', {
    DATABASE_URL: settings.databases.content,
    LOG_LEVEL: 'warn',
  });
}

function log(name, line, colour = 90) {
  const prefix = process.stdout.isTTY
    ? `\x1b[${colour}m${name.padEnd(8)}|\x1b[0m`
    : `${name.padEnd(8)}|`;
  process.stdout.write(`${prefix} ${line}\n`);
}

function pipeLines(stream, name, colour) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) log(name, line, colour);
  });
  stream.on('end', () => buffer && log(name, buffer, colour));
}

async function waitReady(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

/** Resolves true when nothing listens on (or holds) 127.0.0.1:`port`. */
function portFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}

/**
 * Fails, naming each one, when a port of the stack is already taken (another stack, another
 * program): better than a process that crashes on start until the supervisor gives up.
 */
export async function assertPortsFree(ports) {
  const taken = [];
  for (const [name, port] of Object.entries(ports)) {
    if (!(await portFree(port))) taken.push(`${port} (${name})`);
  }
  if (taken.length > 0) {
    throw new Error(
      `already in use on 127.0.0.1: ${taken.join(', ')}; stop what holds them, or run the stack ` +
        `on other ports with STACK_PORT_OFFSET`,
    );
  }
}

/**
 * Starts every process; resolves once all answer /readyz. Returns a stop function. Each process is
 * supervised (deploy/local/supervisor.mjs): one that crashes is started again while the others keep
 * serving; one that keeps crashing stops the stack, naming it and why (`onGiveUp`, default: exit 1).
 */
export async function start(settings, { onGiveUp } = {}) {
  await assertPortsFree(settings.ports);
  const supervised = [];
  const stop = () => Promise.all(supervised.map((entry) => entry.stop()));
  const giveUp =
    onGiveUp ??
    ((name, reason) => {
      log('stack', `${name} keeps crashing (${reason}); stopping the stack`, 31);
      void stop().then(() => process.exit(1));
    });
  for (const [index, proc] of processes(settings).entries()) {
    const colour = COLOURS[index % COLOURS.length];
    supervised.push(
      supervise({
        spawnChild: () => {
          const child = spawn(process.execPath, [...nodeFlagsFor(proc.cwd), ...proc.args], {
            cwd: path.join(root, proc.cwd),
            env: { ...process.env, ...runtimeEnvFor(proc.cwd), ...proc.env },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          pipeLines(child.stdout, proc.name, colour);
          pipeLines(child.stderr, proc.name, colour);
          return child;
        },
        log: (line, lineColour) => log(proc.name, line, lineColour),
        onGiveUp: (reason) => giveUp(proc.name, reason),
      }),
    );
    try {
      await waitReady(`http://127.0.0.1:${proc.port}${proc.readyPath ?? '/readyz'}`, 30_000);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return stop;
}

async function main() {
  const settings = stackSettings();
  // Before the migrations, so a taken port is reported at once.
  await assertPortsFree(settings.ports);
  await prepare(settings);
  const stop = await start(settings);
  log(
    'stack',
    `ProbEdge is up: http://localhost:${settings.ports.gateway}  (API docs: /api/docs; Ctrl-C stops)`,
    32,
  );
  log('stack', `Mail inbox (every e-mail the platform sends): ${settings.mailInboxUrl}`, 32);
  const shutdown = () => void stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    log('stack', error.message, 31);
    process.exit(1);
  });
}
