import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import { SERVICES } from '../../proto/src/services';
import {
  configShape as marketsShape,
  loadMarketsConfig,
} from '../../services/markets/src/config/env';
import { readRepoFile, repoFileExists, repoPath, sourceOfEntry } from './support/files';
import {
  dependencies,
  healthcheckUrl,
  loadCompose,
  parseDotenv,
  serviceEnv,
  serviceImage,
  stopGraceSeconds,
} from './support/compose';
import {
  type Container,
  containerEnv,
  containerPort,
  find,
  generatedName,
  imageRepository,
  type K8sObject,
  ofKind,
  OVERLAYS,
  type Overlay,
  podTemplate,
  render,
  workloads,
} from './support/kubernetes';
import { podsOf, podsReaching, type Pod } from './support/network-policy';
import {
  commandOf,
  type Env,
  HEALTH_PATHS,
  loopbackDefaultKeys,
  parseConfig,
  pointsAtLoopback,
  PROCESSES,
  type ProcessSpec,
  requiredKeys,
  SERVICES_WITH_DATABASE,
  stackFlags,
  stackServiceEnv,
} from './support/processes';

const compose = loadCompose();
// docker compose reads .env for its ${...}: once without one, once with .env.example copied to .env.
const DOTENVS: [string, Env][] = [
  ['without .env', {}],
  ['with .env.example as .env', parseDotenv(readRepoFile('.env.example'))],
];

const rendered = new Map<Overlay, K8sObject[]>();
function objectsOf(overlay: Overlay): K8sObject[] {
  if (!rendered.has(overlay)) rendered.set(overlay, render(`k8s/overlays/${overlay}`));
  return rendered.get(overlay) as K8sObject[];
}

function parsed(proc: ProcessSpec, env: Env): Record<string, unknown> {
  const result = parseConfig(proc.shape, env);
  if (!result.ok) throw new Error(`${proc.name} would not start: ${result.problems.join('; ')}`);
  return result.config;
}

/** Keys that must be set explicitly: no default, or a default that means "this machine". */
function mustProvide(proc: ProcessSpec): string[] {
  return [...new Set([...requiredKeys(proc.shape), ...loopbackDefaultKeys(proc.shape)])];
}

/** Connection settings must not point at the container itself; PUBLIC_URL is the browser's address. */
function loopbackConnections(proc: ProcessSpec, env: Env): string[] {
  return mustProvide(proc).filter(
    (key) => key !== 'PUBLIC_URL' && env[key] !== undefined && pointsAtLoopback(env[key]),
  );
}

/** The producers (insights, when the day's analysis is written) and the consumer of the briefing queue. */
const BRIEFING_QUEUE_USERS = ['insights-api', 'insights-worker', 'content-worker'];

/** The process behind each upstream URL of the gateway (one per service of proto's SERVICES). */
const GATEWAY_UPSTREAMS: Record<string, string> = {
  CONTENT_URL: 'content',
  NEWS_URL: 'news-api',
  INSIGHTS_URL: 'insights-api',
  BILLING_URL: 'billing',
  MARKETS_URL: 'markets-api',
};

/** The providers' API keys: secrets, each needed only when MARKET_PROVIDERS names its provider. */
const MARKET_KEYS = Object.keys(marketsShape).filter((key) => key.endsWith('_API_KEY'));

const byName = (name: string): ProcessSpec => {
  const found = PROCESSES.find((proc) => proc.name === name);
  if (!found) throw new Error(`no process ${name}`);
  return found;
};

describe('the processes of the code', () => {
  it.each(PROCESSES)('$name: its command runs an entry that the package compiles', (proc) => {
    expect(repoFileExists(sourceOfEntry(proc.packageDir, proc.entry))).toBe(true);
    const build = JSON.parse(readRepoFile(`${proc.packageDir}/tsconfig.build.json`)) as {
      compilerOptions: { rootDir: string; outDir: string };
    };
    expect(build.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'dist' });
  });

  it('lists every service with migrations in the migration step', () => {
    const migrate = readRepoFile('deploy/docker/migrate.cjs');
    const listed = /const SERVICES = \[([^\]]*)\]/.exec(migrate)?.[1].match(/[a-z]+/g);
    // Every folder under services/ with committed migrations; a service without a database
    // would have none and stay out.
    const withMigrations = readdirSync(repoPath('services'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((service) => repoFileExists(`services/${service}/prisma/migrations`));
    expect([...(listed ?? [])].sort()).toEqual(withMigrations.sort());
    expect([...SERVICES_WITH_DATABASE].sort()).toEqual(withMigrations.sort());
    expect(listed).toEqual(SERVICES_WITH_DATABASE);
  });

  it('gives a database to exactly the processes of the services with one', () => {
    for (const proc of PROCESSES) {
      const service = proc.packageDir.replace(/^services\//, '');
      expect({ name: proc.name, database: proc.database }).toEqual({
        name: proc.name,
        database: SERVICES_WITH_DATABASE.includes(service) ? service : undefined,
      });
      // A process without a database is given no DATABASE_URL to read.
      if (!proc.database) expect(Object.keys(proc.shape)).not.toContain('DATABASE_URL');
    }
  });

  it('knows the process behind every upstream of the gateway', () => {
    expect(Object.keys(GATEWAY_UPSTREAMS).sort()).toEqual(
      SERVICES.map((service) => `${service.toUpperCase()}_URL`).sort(),
    );
    for (const name of Object.values(GATEWAY_UPSTREAMS)) {
      expect(byName(name).role).toBe('api');
    }
  });
});

describe('docker-compose.yml runs each process as the code expects', () => {
  describe.each(PROCESSES)('$name', (proc) => {
    const service = compose.services[proc.name];

    it('runs the right command of the right image', () => {
      expect(service).toBeDefined();
      expect(service.command).toEqual(commandOf(proc));
      expect(imageRepository(serviceImage(service))).toBe(proc.image);
    });

    it.each(DOTENVS)('starts %s, with every key it needs set for a container', (_, dotenv) => {
      const env = serviceEnv(service, dotenv);
      const config = parsed(proc, env);
      expect(mustProvide(proc).filter((key) => env[key] === undefined)).toEqual([]);
      expect(loopbackConnections(proc, env)).toEqual([]);
      expect(config.HOST).toBe('0.0.0.0');
      expect(config.NODE_ENV).toBe('production');
    });

    it.each(DOTENVS)('drains %s within its stop grace period', (_, dotenv) => {
      const config = parsed(proc, serviceEnv(service, dotenv));
      const drain = (Number(config.SHUTDOWN_DELAY_MS) + Number(config.SHUTDOWN_TIMEOUT_MS)) / 1000;
      // Otherwise compose kills the process mid-drain (SIGKILL after the grace period).
      expect(drain).toBeLessThan(stopGraceSeconds(service));
    });

    it('is healthy only when ready, asked on the port it listens on', () => {
      const config = parsed(proc, serviceEnv(service, {}));
      const url = healthcheckUrl(service);
      expect(url?.pathname).toBe(HEALTH_PATHS.ready);
      expect(Number(url?.port)).toBe(config[proc.portKey]);
    });

    if (proc.database) {
      it('uses its own database on the compose Postgres', () => {
        const url = new URL(String(parsed(proc, serviceEnv(service, {})).DATABASE_URL));
        expect(url.hostname).toBe('postgres');
        expect(url.pathname).toBe(`/probedge_${proc.database}`);
      });
    }
  });

  it('points the gateway at each API on the port that API listens on', () => {
    const gateway = parsed(byName('gateway'), serviceEnv(compose.services.gateway, {}));
    for (const [key, name] of Object.entries(GATEWAY_UPSTREAMS)) {
      const url = new URL(String(gateway[key]));
      const api = parsed(byName(name), serviceEnv(compose.services[name], {}));
      expect({ key, host: url.hostname, port: Number(url.port) }).toEqual({
        key,
        host: name,
        port: api.PORT,
      });
    }
  });

  it('points every process that reads MARKETS_URL at markets-api, on the port it listens on', () => {
    const markets = parsed(byName('markets-api'), serviceEnv(compose.services['markets-api'], {}));
    const readers = PROCESSES.filter((proc) => 'MARKETS_URL' in proc.shape);
    expect(readers.map((proc) => proc.name)).toContain('gateway');
    for (const proc of readers) {
      const url = new URL(
        String(parsed(proc, serviceEnv(compose.services[proc.name], {})).MARKETS_URL),
      );
      expect({ name: proc.name, host: url.hostname, port: Number(url.port) }).toEqual({
        name: proc.name,
        host: 'markets-api',
        port: markets.PORT,
      });
    }
  });

  it.each(DOTENVS)(
    'runs the labelled sample provider in markets-api unless .env names providers, %s',
    (_, dotenv) => {
      const env = serviceEnv(compose.services['markets-api'], dotenv);
      expect(loadMarketsConfig(env).MARKET_PROVIDERS).toEqual(['sandbox']);
      // A blank MARKET_PROVIDERS= in .env keeps the samples too (`:-`), as the comment there says.
      const blank = serviceEnv(compose.services['markets-api'], {
        ...dotenv,
        MARKET_PROVIDERS: '',
      });
      expect(loadMarketsConfig(blank).MARKET_PROVIDERS).toEqual(['sandbox']);
    },
  );

  it('passes the market providers and their keys through from .env', () => {
    expect(MARKET_KEYS.sort()).toEqual(['FINNHUB_API_KEY', 'FRED_API_KEY', 'TWELVEDATA_API_KEY']);
    const dotenv: Env = {
      MARKET_PROVIDERS: 'finnhub,twelvedata,fred',
      FINNHUB_API_KEY: 'finnhub-key-0001',
      TWELVEDATA_API_KEY: 'twelvedata-key-0001',
      FRED_API_KEY: 'fred-key-00000001',
    };
    const config = loadMarketsConfig(serviceEnv(compose.services['markets-api'], dotenv));
    expect(config.MARKET_PROVIDERS).toEqual(['finnhub', 'twelvedata', 'fred']);
    for (const key of MARKET_KEYS) {
      expect({ key, value: config[key as keyof typeof config] }).toEqual({
        key,
        value: dotenv[key],
      });
    }
  });

  it.each(DOTENVS)(
    'counts rate limits per visitor on the published gateway, %s (no proxy hop to trust)',
    (_, dotenv) => {
      const gateway = parsed(byName('gateway'), serviceEnv(compose.services.gateway, dotenv));
      // Visitors connect to the gateway itself: its peer is the visitor. Trusting a hop here would
      // let any visitor choose their address with X-Forwarded-For and escape the limits.
      expect(gateway.TRUSTED_PROXY_HOPS).toBe(0);
      expect(compose.services.gateway.ports).toEqual(['${WEB_PORT:-8080}:8080']);
    },
  );

  it.each(DOTENVS)(
    "shows news's own ingestion queue on the insights worker's dashboard, %s",
    (_, dotenv) => {
      const news = parsed(
        byName('news-worker'),
        serviceEnv(compose.services['news-worker'], dotenv),
      );
      const insights = parsed(
        byName('insights-worker'),
        serviceEnv(compose.services['insights-worker'], dotenv),
      );
      expect(insights.REDIS_URL).toBe(news.REDIS_URL);
      expect(insights.NEWS_QUEUE_PREFIX).toBe(news.NEWS_QUEUE_PREFIX);
    },
  );

  it.each(DOTENVS)(
    'gives the insights processes and the content worker one briefing queue, %s',
    (_, dotenv) => {
      const queues = BRIEFING_QUEUE_USERS.map((name) => {
        const config = parsed(byName(name), serviceEnv(compose.services[name], dotenv));
        return { redis: config.REDIS_URL, prefix: config.BRIEFING_QUEUE_PREFIX };
      });
      expect(queues[0].redis).toBeDefined();
      expect(queues[0].prefix).toBeDefined();
      expect(queues).toEqual(BRIEFING_QUEUE_USERS.map(() => queues[0]));
    },
  );

  it("passes the gateway's CORS and rate-limit settings through from .env", () => {
    const keys = Object.keys(byName('gateway').shape).filter(
      (key) => key.startsWith('RATE_LIMIT_') || key === 'CORS_ALLOWED_ORIGINS',
    );
    expect(keys.length).toBeGreaterThan(5);
    const dotenv: Env = {
      RATE_LIMIT_PREFIX: 'custom:',
      RATE_LIMIT_WINDOW_SECONDS: '30',
      RATE_LIMIT_GENERAL: '101',
      RATE_LIMIT_GENERATE: '102',
      RATE_LIMIT_CHECKOUT: '103',
      RATE_LIMIT_ACTIVATION: '104',
      RATE_LIMIT_NEWSLETTER: '105',
      RATE_LIMIT_SIGN_IN: '106',
      RATE_LIMIT_SEARCH: '107',
      CORS_ALLOWED_ORIGINS: 'https://partner.example',
    };
    expect(keys.filter((key) => dotenv[key] === undefined)).toEqual([]);
    const env = serviceEnv(compose.services.gateway, dotenv);
    expect(keys.filter((key) => env[key] !== dotenv[key])).toEqual([]);
    expect(parsed(byName('gateway'), env).CORS_ALLOWED_ORIGINS).toEqual([
      'https://partner.example',
    ]);
  });

  it("points both insights processes at news's gRPC port", () => {
    const news = parsed(byName('news-api'), serviceEnv(compose.services['news-api'], {}));
    for (const name of ['insights-api', 'insights-worker']) {
      const insights = parsed(byName(name), serviceEnv(compose.services[name], {}));
      expect(insights.NEWS_GRPC_URL).toBe(`news-api:${news.NEWS_GRPC_PORT}`);
      expect(dependencies(compose.services[name])['news-api']).toBe('service_healthy');
    }
  });

  it('gives the migration step every database the processes use', () => {
    const env = serviceEnv(compose.services.migrate, {});
    for (const proc of PROCESSES.filter((candidate) => candidate.database)) {
      const used = parsed(proc, serviceEnv(compose.services[proc.name], {})).DATABASE_URL;
      expect(env[`${proc.database?.toUpperCase()}_DATABASE_URL`]).toBe(used);
    }
  });
});

interface StackProcess {
  name: string;
  cwd: string;
  args: string[];
  env: Env;
  port: number;
  readyPath?: string;
  /** The V8 flags it would run with on Node 20 and on Node 24 (stack.nodeFlagsFor). */
  flags: { node20: string[]; node24: string[] };
  /** The runtime environment it gets besides its configuration (stack.runtimeEnvFor). */
  runtimeEnv: Env;
}

/** What deploy/local/stack.mjs would start (`make up`, the browser tests), for the given environment. */
function localStack(env: Env): { redisKeyPrefix: string; processes: StackProcess[] } {
  return stackModule(
    `const settings = stack.stackSettings(${JSON.stringify(env)});`,
    'const processes = stack.processes(settings).map((proc) => ({',
    '  ...proc,',
    "  flags: { node20: stack.nodeFlagsFor(proc.cwd, '20.20.2'), node24: stack.nodeFlagsFor(proc.cwd, '24.21.0') },",
    '  runtimeEnv: stack.runtimeEnvFor(proc.cwd),',
    '}));',
    'return { redisKeyPrefix: settings.redisKeyPrefix, processes };',
  );
}

describe('deploy/local/stack.mjs runs each process as the code expects', () => {
  const STACKS: [string, Env][] = [
    ['on the usual ports', {}],
    ['shifted as for the browser tests', { STACK_PORT_OFFSET: '10000', STACK_DB_SUFFIX: '_e2e' }],
  ];
  const stacks = new Map(STACKS.map(([label, env]) => [label, localStack(env)]));
  const stackOf = (label: string) => stacks.get(label) as ReturnType<typeof localStack>;
  const started = (label: string, proc: ProcessSpec): StackProcess => {
    const found = stackOf(label).processes.filter(
      (candidate) => candidate.cwd === proc.packageDir && candidate.args[0] === proc.entry,
    );
    expect({ process: proc.name, started: found.length }).toEqual({
      process: proc.name,
      started: 1,
    });
    return found[0];
  };

  describe.each(STACKS)('%s', (label) => {
    it.each(PROCESSES)('starts $name and waits for /readyz on the port it listens on', (proc) => {
      const stackProcess = started(label, proc);
      const config = parsed(proc, stackProcess.env);
      expect(stackProcess.port).toBe(config[proc.portKey]);
      expect(stackProcess.readyPath ?? HEALTH_PATHS.ready).toBe(HEALTH_PATHS.ready);
      if (proc.database) {
        expect(new URL(String(config.DATABASE_URL)).pathname).toMatch(
          new RegExp(`^/probedge_${proc.database}(_e2e)?$`),
        );
      }
    });

    it('gives every process its own port', () => {
      const ports = stackOf(label).processes.map((proc) => proc.port);
      expect(new Set(ports).size).toBe(ports.length);
    });

    it("serves the gateway's /metrics on its operators' port, not on the public one", () => {
      const gateway = byName('gateway');
      const config = parsed(gateway, started(label, gateway).env);
      const ports = stackOf(label).processes.map((proc) => proc.port);
      const offset = label === 'on the usual ports' ? 0 : 10000;
      expect(config.METRICS_PORT).toBe(9464 + offset);
      expect(ports).not.toContain(config.METRICS_PORT);
    });

    it('gives the insights processes and the content worker one briefing queue, apart from other stacks', () => {
      const stack = stackOf(label);
      const queues = BRIEFING_QUEUE_USERS.map((name) => {
        const env = started(label, byName(name)).env;
        return { redis: env.REDIS_URL, prefix: env.BRIEFING_QUEUE_PREFIX };
      });
      expect(queues[0].prefix).toBe(`${stack.redisKeyPrefix}-bull`);
      expect(queues).toEqual(BRIEFING_QUEUE_USERS.map(() => queues[0]));
    });
  });

  it('shifts every port by STACK_PORT_OFFSET', () => {
    const usual = stackOf('on the usual ports').processes;
    const shifted = stackOf('shifted as for the browser tests').processes;
    expect(shifted.map((proc) => proc.name)).toEqual(usual.map((proc) => proc.name));
    expect(shifted.map((proc) => proc.port - 10000)).toEqual(usual.map((proc) => proc.port));
  });

  it("adds the services' V8 flags on Node 24 to the services only, the gateway's to the gateway", () => {
    const base = stackFlags('NODE_RUNTIME_FLAGS');
    const service = stackFlags('SERVICE_RUNTIME_FLAGS');
    const gateway = stackFlags('GATEWAY_RUNTIME_FLAGS');
    expect(service).toEqual(['--memory-saver-mode']);
    expect(gateway).toEqual(['--no-allocation-site-pretenuring']);
    for (const proc of PROCESSES) {
      const { flags } = started('on the usual ports', proc);
      const expected =
        proc.role === 'gateway'
          ? { node20: [...base, ...gateway], node24: [...base, ...gateway] }
          : { node20: base, node24: [...base, ...service] };
      expect({ name: proc.name, flags }).toEqual({ name: proc.name, flags: expected });
    }
    // The mail inbox is not a platform process: only the shared flags.
    const mail = stackOf('on the usual ports').processes.find((proc) => proc.name === 'mail');
    expect(mail?.flags).toEqual({ node20: base, node24: base });
  });

  it("sets the services' allocator (as their image does) and leaves the gateway's and the inbox's alone", () => {
    const service = stackServiceEnv();
    expect(service).toEqual({ MALLOC_TRIM_THRESHOLD_: '131072' });
    for (const proc of PROCESSES) {
      const { runtimeEnv } = started('on the usual ports', proc);
      expect({ name: proc.name, runtimeEnv }).toEqual({
        name: proc.name,
        runtimeEnv: proc.role === 'gateway' ? {} : service,
      });
    }
    const mail = stackOf('on the usual ports').processes.find((proc) => proc.name === 'mail');
    expect(mail?.runtimeEnv).toEqual({});
  });

  it('runs the content worker on CONTENT_WORKER_PORT 4101, next to the content API', () => {
    const worker = started('on the usual ports', byName('content-worker'));
    expect(worker.port).toBe(4101);
    expect(worker.env.CONTENT_WORKER_PORT).toBe('4101');
    const api = started('on the usual ports', byName('content'));
    for (const key of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL']) {
      expect({ key, value: worker.env[key] }).toEqual({ key, value: api.env[key] });
    }
  });

  it('keeps every port below 32768, where the system hands out ports to outgoing connections', () => {
    const largest = stackModule<{ ports: Record<string, number>; max: number }>(
      'const max = stack.MAX_PORT_OFFSET;',
      'return { max, ports: stack.stackSettings({ STACK_PORT_OFFSET: String(max) }).ports };',
    );
    expect(Math.max(...Object.values(largest.ports))).toBe(32767);
    const refused = stackModule<string>(
      `try { stack.stackSettings({ STACK_PORT_OFFSET: '${largest.max + 1}' }); return 'accepted'; }`,
      'catch (error) { return error.message; }',
    );
    expect(refused).toMatch(`STACK_PORT_OFFSET must be a whole number from 0 to ${largest.max}`);
  });

  it('names a port that something else already holds, before starting anything', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as net.AddressInfo).port;
    try {
      const outcome = stackModule<string>(
        `try { await stack.assertPortsFree({ billing: ${taken} }); return 'free'; }`,
        'catch (error) { return error.message; }',
      );
      expect(outcome).toMatch(`already in use on 127.0.0.1: ${taken} (billing)`);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    const free = stackModule<string>(
      `await stack.assertPortsFree({ billing: ${taken} }); return 'free';`,
    );
    expect(free).toBe('free');
  });
});

/** What `body` (statements using `stack`, deploy/local/stack.mjs, ending in a return) gives back. */
function stackModule<T>(...body: string[]): T {
  const script = [
    `const stack = await import(${JSON.stringify(pathToFileURL(repoPath('deploy/local/stack.mjs')).href)});`,
    `const result = await (async () => { ${body.join('\n')} })();`,
    'process.stdout.write(JSON.stringify(result));',
  ].join('\n');
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    // Only what the runner sets itself: no NODE_ENV, PUBLIC_URL or REDIS_URL of the test run.
    env: { PATH: process.env.PATH ?? '' },
  });
  return JSON.parse(output) as T;
}

/** Secret values that only the cluster holds, shaped as the services expect them. */
function placeholder(key: string): string {
  if (key.endsWith('_DATABASE_URL')) {
    return `postgresql://probedge:secret@postgres.internal:5432/probedge_${key.replace('_DATABASE_URL', '').toLowerCase()}`;
  }
  if (key === 'REDIS_URL') return 'rediss://:secret@redis.internal:6380';
  throw new Error(`no placeholder for the required secret key ${key}`);
}

function containerOf(objects: K8sObject[], name: string): Container {
  const deployment = find(objects, 'Deployment', name);
  if (!deployment) throw new Error(`no Deployment ${name}`);
  const containers = podTemplate(deployment).spec.containers;
  expect(containers).toHaveLength(1);
  return containers[0];
}

describe.each(OVERLAYS)('the %s overlay runs each process as the code expects', (overlay) => {
  beforeAll(() => {
    objectsOf(overlay);
  });

  describe.each(PROCESSES)('$name', (proc) => {
    const envOf = () =>
      containerEnv(objectsOf(overlay), containerOf(objectsOf(overlay), proc.name), placeholder);

    it('runs the right command of the right image', () => {
      const container = containerOf(objectsOf(overlay), proc.name);
      expect(container.command).toEqual(commandOf(proc));
      expect(imageRepository(container.image ?? '')).toBe(proc.image);
    });

    it('starts, with every key it needs set for a container', () => {
      const env = envOf();
      const config = parsed(proc, env);
      // A key from an optional Secret entry (SMTP_URL) is the operator's to give: declared is enough.
      const declared = (containerOf(objectsOf(overlay), proc.name).env ?? []).map((v) => v.name);
      expect(
        mustProvide(proc).filter((key) => env[key] === undefined && !declared.includes(key)),
      ).toEqual([]);
      expect(loopbackConnections(proc, env)).toEqual([]);
      expect(config.HOST).toBe('0.0.0.0');
      expect(config.NODE_ENV).toBe('production');
      if (overlay === 'prod' && 'PUBLIC_URL' in config) {
        expect(String(config.PUBLIC_URL)).toMatch(/^https:\/\//);
        expect(pointsAtLoopback(String(config.PUBLIC_URL))).toBe(false);
      }
    });

    it('declares, probes and advertises for scraping the port it listens on', () => {
      const objects = objectsOf(overlay);
      const container = containerOf(objects, proc.name);
      const port = parsed(proc, envOf())[proc.portKey];
      expect(containerPort(container, 'http')).toBe(port);
      expect(container.livenessProbe?.httpGet).toEqual({ path: HEALTH_PATHS.live, port: 'http' });
      expect(container.readinessProbe?.httpGet).toEqual({ path: HEALTH_PATHS.ready, port: 'http' });
      const annotations = podTemplate(find(objects, 'Deployment', proc.name) as K8sObject).metadata
        ?.annotations;
      // A process with a METRICS_PORT (the gateway) serves /metrics there, not on its public port.
      const metricsPort = parsed(proc, envOf()).METRICS_PORT as number | undefined;
      if (metricsPort !== undefined) expect(containerPort(container, 'metrics')).toBe(metricsPort);
      expect(annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(metricsPort ?? port),
        'prometheus.io/path': '/metrics',
      });
    });

    it('gets a grace period longer than its pause and its drain', () => {
      const objects = objectsOf(overlay);
      const container = containerOf(objects, proc.name);
      const config = parsed(proc, envOf());
      const pause = Number(container.lifecycle?.preStop?.exec?.command?.[1]);
      const drain = (Number(config.SHUTDOWN_DELAY_MS) + Number(config.SHUTDOWN_TIMEOUT_MS)) / 1000;
      const grace = podTemplate(find(objects, 'Deployment', proc.name) as K8sObject).spec
        .terminationGracePeriodSeconds;
      expect(pause).toBeGreaterThan(0);
      expect(grace).toBeGreaterThan(pause + drain);
    });

    if (proc.database) {
      it('reads its own database URL from the Secret', () => {
        const container = containerOf(objectsOf(overlay), proc.name);
        const variable = container.env?.find((candidate) => candidate.name === 'DATABASE_URL');
        expect(variable?.valueFrom?.secretKeyRef?.key).toBe(
          `${proc.database?.toUpperCase()}_DATABASE_URL`,
        );
        const url = new URL(String(parsed(proc, envOf()).DATABASE_URL));
        expect(url.pathname).toBe(`/probedge_${proc.database}`);
      });
    }
  });

  it('points the gateway at each API through a Service that reaches the port the API listens on', () => {
    const objects = objectsOf(overlay);
    const gateway = parsed(
      byName('gateway'),
      containerEnv(objects, containerOf(objects, 'gateway'), placeholder),
    );
    for (const [key, name] of Object.entries(GATEWAY_UPSTREAMS)) {
      const url = new URL(String(gateway[key]));
      expect({ key, host: url.hostname }).toEqual({ key, host: name });
      const service = find(objects, 'Service', name);
      const servicePort = (service?.spec?.ports as { port: number; targetPort: string }[]).find(
        (port) => port.port === Number(url.port),
      );
      const api = byName(name);
      const listens = parsed(api, containerEnv(objects, containerOf(objects, name), placeholder))[
        api.portKey
      ];
      expect({
        key,
        reaches: containerPort(containerOf(objects, name), servicePort?.targetPort ?? -1),
      }).toEqual({
        key,
        reaches: listens,
      });
    }
  });

  it('points every process that reads MARKETS_URL at the markets-api Service', () => {
    const objects = objectsOf(overlay);
    const service = find(objects, 'Service', 'markets-api');
    const markets = parsed(
      byName('markets-api'),
      containerEnv(objects, containerOf(objects, 'markets-api'), placeholder),
    );
    const readers = PROCESSES.filter((proc) => 'MARKETS_URL' in proc.shape);
    expect(readers.map((proc) => proc.name)).toContain('gateway');
    for (const proc of readers) {
      const url = new URL(
        String(
          parsed(proc, containerEnv(objects, containerOf(objects, proc.name), placeholder))
            .MARKETS_URL,
        ),
      );
      const servicePort = (service?.spec?.ports as { port: number; targetPort: string }[]).find(
        (port) => port.port === Number(url.port),
      );
      expect({
        name: proc.name,
        host: url.hostname,
        reaches: containerPort(containerOf(objects, 'markets-api'), servicePort?.targetPort ?? -1),
      }).toEqual({ name: proc.name, host: 'markets-api', reaches: markets.PORT });
    }
  });

  it('names the market providers as the overlay means: the labelled samples in dev only', () => {
    const objects = objectsOf(overlay);
    const env = containerEnv(objects, containerOf(objects, 'markets-api'), placeholder);
    // It starts: a provider named without its key would stop it (loadMarketsConfig says which).
    const providers = loadMarketsConfig(env).MARKET_PROVIDERS;
    if (overlay !== 'prod') expect(providers).toEqual(['sandbox']);
    // Production never serves sample figures: it names real providers, or none (503).
    else expect(providers).not.toContain('sandbox');
  });

  it('reads the market providers keys from the Secret, optional so the pod starts without them', () => {
    const container = containerOf(objectsOf(overlay), 'markets-api');
    expect(MARKET_KEYS.length).toBeGreaterThan(0);
    for (const key of MARKET_KEYS) {
      const variable = container.env?.find((candidate) => candidate.name === key);
      expect({ key, ref: variable?.valueFrom?.secretKeyRef }).toEqual({
        key,
        ref: { name: expect.stringMatching(/^probedge-secrets/), key, optional: true },
      });
    }
  });

  it("shows news's own ingestion queue on the insights worker's dashboard", () => {
    const objects = objectsOf(overlay);
    const envOf = (name: string) =>
      parsed(byName(name), containerEnv(objects, containerOf(objects, name), placeholder));
    expect(envOf('insights-worker').REDIS_URL).toBe(envOf('news-worker').REDIS_URL);
    expect(envOf('insights-worker').NEWS_QUEUE_PREFIX).toBe(envOf('news-worker').NEWS_QUEUE_PREFIX);
  });

  it('gives the insights processes and the content worker one briefing queue', () => {
    const objects = objectsOf(overlay);
    const queues = BRIEFING_QUEUE_USERS.map((name) => {
      const config = parsed(
        byName(name),
        containerEnv(objects, containerOf(objects, name), placeholder),
      );
      return { redis: config.REDIS_URL, prefix: config.BRIEFING_QUEUE_PREFIX };
    });
    expect(queues[0].redis).toBeDefined();
    expect(queues[0].prefix).toBeDefined();
    expect(queues).toEqual(BRIEFING_QUEUE_USERS.map(() => queues[0]));
  });

  it('counts rate limits per visitor behind the edge proxy (one trusted X-Forwarded-For hop)', () => {
    const objects = objectsOf(overlay);
    const gateway = parsed(
      byName('gateway'),
      containerEnv(objects, containerOf(objects, 'gateway'), placeholder),
    );
    // The edge proxy (the Gateway's or the ingress controller) sets X-Forwarded-For to the address
    // it saw the visitor connect from.
    expect(gateway.TRUSTED_PROXY_HOPS).toBe(1);
    const gatewayPod = podsOf(objects).find((candidate) => candidate.name === 'gateway') as Pod;
    // No pod of the namespace calls it directly: every request passes the edge proxy, the one hop
    // trusted, so no pod can pick a visitor's address with X-Forwarded-For.
    expect(podsReaching(objects, gatewayPod, Number(gateway.PORT))).toEqual([]);
  });

  it("points both insights processes at news's gRPC port through its Service", () => {
    const objects = objectsOf(overlay);
    const news = parsed(
      byName('news-api'),
      containerEnv(objects, containerOf(objects, 'news-api'), placeholder),
    );
    const service = find(objects, 'Service', 'news-api');
    for (const name of ['insights-api', 'insights-worker']) {
      const insights = parsed(
        byName(name),
        containerEnv(objects, containerOf(objects, name), placeholder),
      );
      const [host, port] = String(insights.NEWS_GRPC_URL).split(':');
      expect(host).toBe('news-api');
      const servicePort = (service?.spec?.ports as { port: number; targetPort: string }[]).find(
        (candidate) => candidate.port === Number(port),
      );
      expect(containerPort(containerOf(objects, 'news-api'), servicePort?.targetPort ?? -1)).toBe(
        news.NEWS_GRPC_PORT,
      );
    }
  });

  it('gives the migration Job the database URL of every service, from the Secret', () => {
    const objects = objectsOf(overlay);
    const job = ofKind(objects, 'Job').find(
      (candidate) => candidate.metadata.name === 'migrate',
    ) as K8sObject;
    const container = podTemplate(job).spec.containers[0];
    expect(container.command).toEqual(['node', '/app/migrate.cjs']);
    expect(imageRepository(container.image ?? '')).toBe('probedge/migrate');
    const keys = (container.env ?? [])
      .filter((variable) => variable.valueFrom?.secretKeyRef)
      .map((variable) => variable.name);
    expect(keys.sort()).toEqual(
      SERVICES_WITH_DATABASE.map((service) => `${service.toUpperCase()}_DATABASE_URL`).sort(),
    );
  });

  it('names its images as compose does', () => {
    const k8sImages = new Set(
      workloads(objectsOf(overlay))
        .flatMap((workload) => podTemplate(workload).spec.containers)
        .map((container) => imageRepository(container.image ?? ''))
        .filter((repository) => repository.startsWith('probedge/')),
    );
    const composeImages = new Set(
      Object.values(compose.services)
        .map((service) => imageRepository(serviceImage(service)))
        .filter((repository) => repository.startsWith('probedge/')),
    );
    expect([...k8sImages].sort()).toEqual([...composeImages].sort());
  });
});

describe('the prod overlay stays within the Postgres connection budget', () => {
  const documented = /connection\s+budget\s+of\s+\*\*(\d+)\*\*/.exec(
    readRepoFile('docs/deployment.md'),
  );
  const budget = Number(documented?.[1]);

  /** Pods a Deployment can run at once: the autoscaler's ceiling (or replicas), plus a rollout's surge. */
  function podCeiling(objects: K8sObject[], name: string): number {
    const deployment = find(objects, 'Deployment', name) as K8sObject;
    const autoscaler = ofKind(objects, 'HorizontalPodAutoscaler').find(
      (hpa) => (hpa.spec?.scaleTargetRef as { name?: string } | undefined)?.name === name,
    );
    const replicas = autoscaler
      ? Number(autoscaler.spec?.maxReplicas)
      : Number(deployment.spec?.replicas ?? 1);
    const surge = (deployment.spec?.strategy as { rollingUpdate?: { maxSurge?: number | string } })
      ?.rollingUpdate?.maxSurge;
    const extra =
      typeof surge === 'string' && surge.endsWith('%')
        ? Math.ceil((replicas * Number(surge.slice(0, -1))) / 100)
        : Number(surge ?? Math.ceil(replicas / 4));
    return replicas + extra;
  }

  it('documents the budget in docs/deployment.md and next to the pool settings', () => {
    expect(budget).toBeGreaterThan(0);
    expect(readRepoFile('k8s/overlays/prod/database-pools.yaml')).toContain(
      `connection budget: ${budget} =`,
    );
  });

  it('keeps the sum over every database process of pods x DATABASE_POOL_MAX within the budget', () => {
    const objects = objectsOf('prod');
    const rows = PROCESSES.filter((proc) => proc.database).map((proc) => {
      const config = parsed(
        proc,
        containerEnv(objects, containerOf(objects, proc.name), placeholder),
      );
      return {
        name: proc.name,
        pods: podCeiling(objects, proc.name),
        pool: Number(config.DATABASE_POOL_MAX),
      };
    });
    expect(rows.length).toBe(8);
    // Every pool is set for prod, not left at the default sized for one local process.
    for (const row of rows) {
      const container = containerOf(objects, row.name);
      expect({
        name: row.name,
        set: container.env?.some((variable) => variable.name === 'DATABASE_POOL_MAX'),
      }).toEqual({ name: row.name, set: true });
    }
    const total = rows.reduce((sum, row) => sum + row.pods * row.pool, 0);
    expect({ total, withinBudget: total <= budget }).toEqual({ total, withinBudget: true });
  });
});

describe('docs/operations.md, rotating secrets', () => {
  /** `| \`KEY\` | reader, reader, Job migrate | … |` rows of the rotation table. */
  const documented = new Map(
    [...readRepoFile('docs/operations.md').matchAll(/^\| `([A-Z_]+)` +\| ([^|]+)\|/gm)].map(
      (row) => [
        row[1],
        row[2]
          .split(',')
          .map((reader) => reader.trim())
          .sort(),
      ],
    ),
  );

  it.each(OVERLAYS)(
    'names every key of the Secret in the %s overlay with the workloads to restart',
    (overlay) => {
      const readers = new Map<string, Set<string>>();
      for (const workload of workloads(objectsOf(overlay))) {
        for (const container of podTemplate(workload).spec.containers) {
          for (const variable of container.env ?? []) {
            const ref = variable.valueFrom?.secretKeyRef;
            if (!ref || generatedName(ref.name) !== 'probedge-secrets') continue;
            const name =
              workload.kind === 'Job' ? `Job ${workload.metadata.name}` : workload.metadata.name;
            readers.set(ref.key, (readers.get(ref.key) ?? new Set()).add(name));
          }
        }
      }
      expect(readers.size).toBeGreaterThan(5);
      for (const [key, names] of readers) {
        expect({ key, readers: documented.get(key) }).toEqual({ key, readers: [...names].sort() });
      }
    },
  );
});
