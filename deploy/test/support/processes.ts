import { z } from 'zod';
import { gatewayShape } from '../../../gateway/src/config/env';
import { HEALTH_PATHS } from '../../../proto/src/services';
import { configShape as billingShape } from '../../../services/billing/src/config/env';
import { configShape as contentShape } from '../../../services/content/src/config/env';
import { configShape as insightsShape } from '../../../services/insights/src/config/env';
import { configShape as marketsShape } from '../../../services/markets/src/config/env';
import { configShape as newsShape } from '../../../services/news/src/config/env';
import { readRepoFile, servicesWithDatabase } from './files';

export { HEALTH_PATHS };

export interface ProcessSpec {
  /** Name of the compose service, the Deployment and its container. */
  name: string;
  packageDir: string;
  /** Image repository without registry or tag. */
  image: string;
  entry: string;
  /** The config key holding the port that answers /healthz and /readyz. */
  portKey: string;
  role: 'api' | 'worker' | 'gateway';
  shape: z.ZodRawShape;
  /** The service whose database it uses (probedge_<database>), if any. */
  database?: string;
}

/** Every Node process of the platform, as the code defines it (src/main.ts, src/worker.ts, config/env.ts). */
export const PROCESSES: ProcessSpec[] = [
  {
    name: 'content',
    packageDir: 'services/content',
    image: 'probedge/content',
    entry: 'dist/main.js',
    portKey: 'PORT',
    role: 'api',
    shape: contentShape,
    database: 'content',
  },
  {
    name: 'content-worker',
    packageDir: 'services/content',
    image: 'probedge/content',
    entry: 'dist/worker.js',
    portKey: 'CONTENT_WORKER_PORT',
    role: 'worker',
    shape: contentShape,
    database: 'content',
  },
  {
    name: 'news-api',
    packageDir: 'services/news',
    image: 'probedge/news',
    entry: 'dist/main.js',
    portKey: 'PORT',
    role: 'api',
    shape: newsShape,
    database: 'news',
  },
  {
    name: 'news-worker',
    packageDir: 'services/news',
    image: 'probedge/news',
    entry: 'dist/worker.js',
    portKey: 'NEWS_WORKER_PORT',
    role: 'worker',
    shape: newsShape,
    database: 'news',
  },
  {
    name: 'insights-api',
    packageDir: 'services/insights',
    image: 'probedge/insights',
    entry: 'dist/main.js',
    portKey: 'PORT',
    role: 'api',
    shape: insightsShape,
    database: 'insights',
  },
  {
    name: 'insights-worker',
    packageDir: 'services/insights',
    image: 'probedge/insights',
    entry: 'dist/worker.js',
    portKey: 'INSIGHTS_WORKER_PORT',
    role: 'worker',
    shape: insightsShape,
    database: 'insights',
  },
  {
    name: 'billing',
    packageDir: 'services/billing',
    image: 'probedge/billing',
    entry: 'dist/main.js',
    portKey: 'PORT',
    role: 'api',
    shape: billingShape,
    database: 'billing',
  },
  // No worker.
  {
    name: 'markets-api',
    packageDir: 'services/markets',
    image: 'probedge/markets',
    entry: 'dist/main.js',
    portKey: 'PORT',
    role: 'api',
    shape: marketsShape,
    database: 'markets',
  },
  {
    name: 'gateway',
    packageDir: 'gateway',
    image: 'probedge/gateway',
    entry: 'dist/main.js',
    portKey: 'PORT',
    role: 'gateway',
    shape: gatewayShape,
  },
];

/** A list of V8 flags declared in deploy/local/stack.mjs (`export const <name> = [...]`). */
export function stackFlags(
  name: 'NODE_RUNTIME_FLAGS' | 'SERVICE_RUNTIME_FLAGS' | 'GATEWAY_RUNTIME_FLAGS',
): string[] {
  const declared = new RegExp(`export const ${name} = \\[([^\\]]*)\\]`).exec(
    readRepoFile('deploy/local/stack.mjs'),
  );
  if (!declared) throw new Error(`deploy/local/stack.mjs declares no ${name}`);
  return [...declared[1].matchAll(/'([^']+)'/g)].map((match) => match[1]);
}

/** The environment the services get besides their configuration: SERVICE_RUNTIME_ENV of deploy/local/stack.mjs. */
export function stackServiceEnv(): Record<string, string> {
  const declared = /export const SERVICE_RUNTIME_ENV = \{([^}]*)\}/.exec(
    readRepoFile('deploy/local/stack.mjs'),
  );
  if (!declared) throw new Error('deploy/local/stack.mjs declares no SERVICE_RUNTIME_ENV');
  return Object.fromEntries(
    [...declared[1].matchAll(/(\w+): '([^']*)'/g)].map((match) => [match[1], match[2]]),
  );
}

/**
 * The command a container runs the process with: the services add SERVICE_RUNTIME_FLAGS on the
 * command line (V8 refuses them in NODE_OPTIONS), the gateway GATEWAY_RUNTIME_FLAGS.
 */
export function commandOf(proc: ProcessSpec): string[] {
  const flags = stackFlags(
    proc.role === 'gateway' ? 'GATEWAY_RUNTIME_FLAGS' : 'SERVICE_RUNTIME_FLAGS',
  );
  return ['node', ...flags, proc.entry];
}

/** The services with a database: those with a Prisma schema (prisma.config.ts), in the workspaces' order. */
export const SERVICES_WITH_DATABASE = servicesWithDatabase();

export type Env = Record<string, string>;

/** What the process would start with given this environment (blank values count as unset, as in loadConfig). */
export function parseConfig(
  shape: z.ZodRawShape,
  env: Env,
): { ok: true; config: Record<string, unknown> } | { ok: false; problems: string[] } {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = z.object(shape).safeParse(present);
  if (result.success) return { ok: true, config: result.data as Record<string, unknown> };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  };
}

/** Keys the process cannot start without: no default and not optional. */
export function requiredKeys(shape: z.ZodRawShape): string[] {
  const result = z.object(shape).safeParse({});
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => String(issue.path[0])))];
}

const LOOPBACK = /127\.0\.0\.1|localhost|\[::1\]/;

/** Keys whose default points at this machine: right for `make up`, wrong in a container. */
export function loopbackDefaultKeys(shape: z.ZodRawShape): string[] {
  const result = z.object(shape).safeParse({});
  const defaults = result.success ? (result.data as Record<string, unknown>) : {};
  return Object.entries(defaults)
    .filter(([, value]) => typeof value === 'string' && LOOPBACK.test(value))
    .map(([key]) => key);
}

export function pointsAtLoopback(value: string): boolean {
  return LOOPBACK.test(value);
}
