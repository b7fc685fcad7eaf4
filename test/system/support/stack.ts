import { type ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  createTestDatabase,
  freePort,
  initPostgresCluster,
  killProcess,
  postgresAdminUrl,
  startNodeProcess,
  startPostgresServer,
  startRedisServer,
  startTcpProxy,
  stopPostgresServer,
  type ExitStatus,
  type NodeProcess,
  type PostgresCluster,
  type TcpProxy,
  type TestDatabase,
} from '@probedge/kit/testing';

export const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The services with a database of their own. */
export type ServiceName = 'content' | 'news' | 'insights' | 'billing' | 'markets';
export type ProcessName =
  | 'content'
  | 'news'
  | 'news-worker'
  | 'insights'
  | 'insights-worker'
  | 'billing'
  | 'markets'
  | 'gateway'
  | 'gateway-2';

interface ProcessSpec {
  cwd: string;
  script: string;
  database?: ServiceName;
  /** Whether its /readyz asks its database (true unless said otherwise). */
  readyNeedsDatabase?: boolean;
  env: (stack: StackAddresses) => Record<string, string>;
}

interface StackAddresses {
  ports: Record<ProcessName | 'newsGrpc', number>;
  databases: Partial<Record<ServiceName, string>>;
  redisUrl: string;
}

const url = (port: number) => `http://127.0.0.1:${port}`;

function gatewayEnv(port: number, stack: StackAddresses): Record<string, string> {
  return {
    PORT: String(port),
    CONTENT_URL: url(stack.ports.content),
    NEWS_URL: url(stack.ports.news),
    INSIGHTS_URL: url(stack.ports.insights),
    BILLING_URL: url(stack.ports.billing),
    MARKETS_URL: url(stack.ports.markets),
    REDIS_URL: stack.redisUrl,
    PUBLIC_URL: url(stack.ports.gateway),
  };
}

/** How each process of the platform is started: deploy/local/stack.mjs, with schedulers off. */
const SPECS: Record<ProcessName, ProcessSpec> = {
  content: {
    cwd: 'services/content',
    script: 'dist/main.js',
    database: 'content',
    env: (stack) => ({
      PORT: String(stack.ports.content),
      DATABASE_URL: stack.databases.content!,
      // Its own: the briefing's jobs go through queues there, which another stack's content
      // process on a shared Redis would take.
      REDIS_URL: stack.redisUrl,
      PUBLIC_URL: url(stack.ports.gateway),
    }),
  },
  news: {
    cwd: 'services/news',
    script: 'dist/main.js',
    database: 'news',
    env: (stack) => ({
      PORT: String(stack.ports.news),
      NEWS_GRPC_PORT: String(stack.ports.newsGrpc),
      DATABASE_URL: stack.databases.news!,
      REDIS_URL: stack.redisUrl,
    }),
  },
  'news-worker': {
    cwd: 'services/news',
    script: 'dist/worker.js',
    database: 'news',
    env: (stack) => ({
      NEWS_WORKER_PORT: String(stack.ports['news-worker']),
      DATABASE_URL: stack.databases.news!,
      REDIS_URL: stack.redisUrl,
      // No slot is ever enqueued, so no feed on the internet is fetched.
      NEWS_SCHEDULE_ENABLED: 'false',
    }),
  },
  insights: {
    cwd: 'services/insights',
    script: 'dist/main.js',
    database: 'insights',
    env: (stack) => ({
      PORT: String(stack.ports.insights),
      DATABASE_URL: stack.databases.insights!,
      REDIS_URL: stack.redisUrl,
      NEWS_GRPC_URL: `127.0.0.1:${stack.ports.newsGrpc}`,
    }),
  },
  'insights-worker': {
    cwd: 'services/insights',
    script: 'dist/worker.js',
    database: 'insights',
    env: (stack) => ({
      INSIGHTS_WORKER_PORT: String(stack.ports['insights-worker']),
      DATABASE_URL: stack.databases.insights!,
      REDIS_URL: stack.redisUrl,
      NEWS_GRPC_URL: `127.0.0.1:${stack.ports.newsGrpc}`,
      INSIGHTS_SCHEDULE_ENABLED: 'false',
    }),
  },
  billing: {
    cwd: 'services/billing',
    script: 'dist/main.js',
    database: 'billing',
    // No STRIPE_SECRET_KEY: billing runs its sandbox provider.
    env: (stack) => ({
      PORT: String(stack.ports.billing),
      DATABASE_URL: stack.databases.billing!,
      PUBLIC_URL: url(stack.ports.gateway),
    }),
  },
  markets: {
    cwd: 'services/markets',
    script: 'dist/main.js',
    database: 'markets',
    // Quotes are served without its database (bars and instruments it keeps): not part of readiness.
    readyNeedsDatabase: false,
    // The labelled sample provider, as in `make up` and compose: nothing on the internet is asked.
    env: (stack) => ({
      PORT: String(stack.ports.markets),
      DATABASE_URL: stack.databases.markets!,
      REDIS_URL: stack.redisUrl,
      MARKET_PROVIDERS: 'sandbox',
    }),
  },
  gateway: {
    cwd: 'gateway',
    script: 'dist/main.js',
    env: (stack) => gatewayEnv(stack.ports.gateway, stack),
  },
  'gateway-2': {
    cwd: 'gateway',
    script: 'dist/main.js',
    env: (stack) => gatewayEnv(stack.ports['gateway-2'], stack),
  },
};

const ALL: ProcessName[] = Object.keys(SPECS) as ProcessName[];

/** Whether the process opens a database connection (every service process; not the gateway). */
export function usesDatabase(name: ProcessName): boolean {
  return SPECS[name].database !== undefined;
}

/** Whether the process turns unready without its database (every one that has one but markets). */
export function readyNeedsDatabase(name: ProcessName): boolean {
  return usesDatabase(name) && SPECS[name].readyNeedsDatabase !== false;
}

export interface StackOptions {
  processes: ProcessName[];
  /** Extra variables per process, e.g. a shorter gateway timeout. */
  env?: Partial<Record<ProcessName, Record<string, string>>>;
  /**
   * The databases on a PostgreSQL cluster of the stack's own rather than the machine's shared
   * server, so a test can really stop and restart it (stopPostgres, startPostgres).
   */
  ownPostgres?: boolean;
}

export interface Stack {
  /** Between every process and Postgres; cut it to take the database away. */
  postgres: TcpProxy;
  /** Between every process and the stack's own redis-server. */
  redis: TcpProxy;
  /** Each service's own database (direct, not through the proxy), for seeding and checks. */
  databases: Partial<Record<ServiceName, string>>;
  url(name: ProcessName): string;
  process(name: ProcessName): NodeProcess;
  /** (Re)starts a process on its port with its environment; resolves once it is ready. */
  start(name: ProcessName): Promise<NodeProcess>;
  stop(name: ProcessName, signal?: NodeJS.Signals): Promise<ExitStatus>;
  /** Kills the stack's redis-server; `startRedis` brings one back, empty, on the same port. */
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  /**
   * With `ownPostgres`: a fast shutdown (SIGINT) of the stack's PostgreSQL, which ends every
   * session with 57P01 and then refuses connections; `startPostgres` starts it again on the same
   * data and port.
   */
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Throws the first failure of steps that ran side by side, once all of them have settled: close()
 * then also stops what was still starting when another step failed (else it would outlive the test
 * and keep Jest from exiting).
 */
function settledOrThrow(results: PromiseSettledResult<unknown>[]): void {
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

function throughProxy(databaseUrl: string, port: number): string {
  const parsed = new URL(databaseUrl);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}

/**
 * The built processes of the platform on loopback ports of their own, with databases and a
 * redis-server of their own, both behind cuttable proxies; everything starts in parallel. The
 * databases are on the machine's shared PostgreSQL, or with `ownPostgres` on a cluster of the
 * stack's own that a test may stop and start.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const services = [
    ...new Set(options.processes.map((name) => SPECS[name].database).filter(Boolean)),
  ] as ServiceName[];
  const ports = {} as StackAddresses['ports'];
  for (const name of [...ALL, 'newsGrpc' as const]) ports[name] = await freePort();
  const redisPort = await freePort();
  const ownPostgresPort = options.ownPostgres ? await freePort() : undefined;

  const created: TestDatabase[] = [];
  let redisServer: ChildProcess | undefined;
  let cluster: PostgresCluster | undefined;
  let postgresServer: ChildProcess | undefined;
  let postgres: TcpProxy | undefined;
  let redis: TcpProxy | undefined;
  const running = new Map<ProcessName, NodeProcess>();

  const close = async () => {
    try {
      await Promise.all([...running.values()].map((child) => child.stop('SIGKILL')));
      running.clear();
      await Promise.all([postgres?.close(), redis?.close()]);
      if (redisServer) await killProcess(redisServer);
      // The stack's own cluster goes whole (it may be stopped now); on the shared one, its databases.
      if (!cluster) await Promise.all(created.map((database) => database.drop()));
    } finally {
      await stopPostgresServer(postgresServer, 'SIGINT');
      postgresServer = undefined;
      await cluster?.remove();
    }
  };

  /** The stack's own PostgreSQL, when asked for: its admin URL (else the shared server's default). */
  const ownPostgres = async (): Promise<string | undefined> => {
    if (ownPostgresPort === undefined) return undefined;
    cluster = await initPostgresCluster();
    postgresServer = await startPostgresServer(cluster, ownPostgresPort);
    return postgresAdminUrl(ownPostgresPort);
  };

  try {
    const [made, redisStarted] = await Promise.allSettled([
      ownPostgres().then(async (adminUrl) => {
        const settled = await Promise.allSettled(
          services.map(async (service) => {
            const database = await createTestDatabase(
              `system_${service}`,
              path.join(ROOT, 'services', service, 'prisma', 'migrations'),
              adminUrl,
            );
            created.push(database);
            return [service, database.url] as const;
          }),
        );
        settledOrThrow(settled);
        return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      }),
      startRedisServer(redisPort).then((child) => {
        redisServer = child;
      }),
    ]);
    settledOrThrow([made, redisStarted]);
    const databases = made.status === 'fulfilled' ? made.value : [];
    const direct = Object.fromEntries(databases) as Partial<Record<ServiceName, string>>;
    const target = new URL(Object.values(direct)[0] ?? 'postgresql://127.0.0.1:5432/postgres');
    postgres = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    redis = await startTcpProxy({ port: redisPort });
    const pgPort = postgres.port;
    const addresses: StackAddresses = {
      ports,
      databases: Object.fromEntries(
        Object.entries(direct).map(([service, value]) => [service, throughProxy(value, pgPort)]),
      ),
      redisUrl: `redis://127.0.0.1:${redis.port}`,
    };

    const start = async (name: ProcessName) => {
      const spec = SPECS[name];
      const child = await startNodeProcess({
        name,
        cwd: path.join(ROOT, spec.cwd),
        script: spec.script,
        // Seven processes starting at once on a busy machine take a while.
        startTimeoutMs: 60_000,
        port: ports[name],
        env: {
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ...spec.env(addresses),
          ...options.env?.[name],
        },
      });
      running.set(name, child);
      return child;
    };

    settledOrThrow(await Promise.allSettled(options.processes.map(start)));

    return {
      postgres,
      redis,
      databases: direct,
      url: (name) => url(ports[name]),
      process(name) {
        const child = running.get(name);
        if (!child) throw new Error(`${name} is not running`);
        return child;
      },
      start,
      async stop(name, signal = 'SIGTERM') {
        const child = running.get(name);
        if (!child) throw new Error(`${name} is not running`);
        running.delete(name);
        return child.stop(signal);
      },
      async stopRedis() {
        await killProcess(redisServer);
        redisServer = undefined;
      },
      async startRedis() {
        redisServer = await startRedisServer(redisPort);
      },
      async stopPostgres() {
        if (!cluster) throw new Error('stopPostgres needs a stack started with ownPostgres');
        await stopPostgresServer(postgresServer, 'SIGINT');
        postgresServer = undefined;
      },
      async startPostgres() {
        if (!cluster || ownPostgresPort === undefined) {
          throw new Error('startPostgres needs a stack started with ownPostgres');
        }
        postgresServer = await startPostgresServer(cluster, ownPostgresPort);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
