import {
  CACHE_INVALIDATION_CHANNEL,
  DEFAULT_BRAND_NAME,
  DEFAULT_SERVICE_PORTS,
  DEFAULT_SUPPORT_EMAIL,
} from '@probedge/proto';
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once into a typed object; every bad key is listed, not just the first.
 * Nothing else in a process reads process.env.
 */
export function loadConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<z.ZodObject<Shape>> {
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = z.object(shape).safeParse(blanksRemoved);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** "100kb", "1mb", "512b" in bytes, as body-parser counts them (k = 1024). */
export function parseByteSize(value: string): number {
  const match = /^(\d+)(b|kb|mb)$/i.exec(value.trim());
  if (!match) throw new Error(`not a size: ${value}`);
  const unit = { b: 1, kb: 1024, mb: 1024 * 1024 }[match[2]!.toLowerCase() as 'b' | 'kb' | 'mb'];
  return Number(match[1]) * unit;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export const env = {
  port: (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  /** A whole number from `min` (and up to `max`, if given). */
  integer: (fallback: number, { min, max }: { min: number; max?: number }) => {
    const bounded = z.coerce.number().int().min(min);
    return (max === undefined ? bounded : bounded.max(max)).default(fallback);
  },
  boolean: (fallback: boolean) => booleanString.default(fallback),
  url: (fallback?: string) => (fallback === undefined ? z.url() : z.url().default(fallback)),
  /** Another service's base URL: http(s) only, kept without a trailing slash. */
  serviceUrl: (fallback: string) =>
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default(fallback)
      .transform((value) => value.replace(/\/+$/, '')),
  postgresUrl: (fallback: string) =>
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// connection string')
      .default(fallback),
  redisUrl: (fallback: string) =>
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// connection string')
      .default(fallback),
  /** A size such as "100kb" (see parseByteSize). */
  byteSize: (fallback: string) =>
    z
      .string()
      .regex(/^\d+(b|kb|mb)$/i, `must look like ${fallback}`)
      .default(fallback),
  /** The Redis channel of cache invalidations: one value for every service and the gateway. */
  cacheInvalidationChannel: () =>
    z
      .string()
      .min(1)
      .default(CACHE_INVALIDATION_CHANNEL)
      .describe(
        'Redis channel on which news and insights announce changes and the gateway drops its copies at once; one value for all three.',
      ),
  /** An IANA time zone such as America/New_York. */
  timeZone: (fallback: string) =>
    z
      .string()
      .default(fallback)
      .refine(isTimeZone, 'must be an IANA time zone such as America/New_York'),
  /** A time of day, HH:MM on a 24-hour clock. */
  clockTime: (fallback: string) =>
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour)')
      .default(fallback),
  /** Days of the week, e.g. "mon,tue,wed,thu,fri"; parsed to 0 (Sunday) … 6 (Saturday), sorted. */
  weekdays: (fallback: string) =>
    z
      .string()
      .default(fallback)
      .transform((value, ctx) => {
        const names = value
          .toLowerCase()
          .split(',')
          .map((name) => name.trim());
        const days = names.map((name) => WEEKDAY_NAMES.indexOf(name));
        if (names.length === 0 || days.includes(-1)) {
          ctx.addIssue({
            code: 'custom',
            message: 'must list days as mon,tue,wed,thu,fri,sat,sun',
          });
          return z.NEVER;
        }
        return [...new Set(days)].sort((a, b) => a - b);
      }),
  logLevel: () =>
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};

/**
 * Settings every HTTP process shares. Each variable of a schema carries its meaning (`.describe()`,
 * or `.meta()` with `examples` where no default shows a value): `make config-docs` writes the
 * README's table, `.env.example` and docs/configuration.md from them.
 */
export const baseShape = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('Runtime mode: `development`, `production` or `test`.'),
  HOST: z.string().default('127.0.0.1').describe('Interface the process listens on.'),
  LOG_LEVEL: env.logLevel().describe('Pino log level, from `silent` to `trace`.'),
  SHUTDOWN_TIMEOUT_MS: env
    .positiveInt(10_000)
    .describe('Longest time a process drains in-flight requests after SIGTERM before it exits.'),
  SHUTDOWN_DELAY_MS: env
    .integer(0, { min: 0 })
    .describe(
      'Pause between failing readiness on SIGTERM and closing the listener, so load balancers stop sending first.',
    ),
  BODY_LIMIT: env
    .byteSize('100kb')
    .describe('Largest accepted request body (413 beyond); billing raises a smaller one to `1mb`.'),
};

/**
 * Variables that several programs read, described once here. Each program takes the ones it needs
 * into its schema, with its own default where they differ.
 */
export const sharedEnv = {
  PORT: (fallback: number) =>
    env.port(fallback).describe('Port of the HTTP server (the API, or the gateway).'),
  DATABASE_URL: (service: string) =>
    env
      .postgresUrl(`postgresql://postgres@127.0.0.1:5432/probedge_${service}`)
      .describe(
        "Connection string of the service's own PostgreSQL database (`probedge_<service>`).",
      ),
  DATABASE_POOL_MAX: (fallback: number) =>
    env
      .positiveInt(fallback)
      .describe(
        "Connections one process opens to its database at most; keep replicas × this below PostgreSQL's `max_connections`.",
      ),
  REDIS_URL: () =>
    env
      .redisUrl('redis://127.0.0.1:6379')
      .describe('Redis of the queues, schedules, caches, rate limits and change announcements.'),
  PUBLIC_URL: () =>
    env
      .url('http://localhost:8080')
      .describe(
        'Public origin of the site, which canonical, mailed, feed and checkout links point at.',
      ),
  MARKET_TIMEZONE: () =>
    env
      .timeZone('America/New_York')
      .describe(
        "IANA zone of the market whose calendar dates the daily items and the briefing and times the quotes' freshness.",
      ),
  CONTENT_URL: () =>
    env
      .serviceUrl(`http://127.0.0.1:${DEFAULT_SERVICE_PORTS.content}`)
      .describe(
        'Base URL of the content service, which the gateway proxies and whose guides and blogs the news worker copies for search.',
      ),
  MARKETS_URL: () =>
    env
      .serviceUrl(`http://127.0.0.1:${DEFAULT_SERVICE_PORTS.markets}`)
      .describe(
        "Base URL of the markets service, which the gateway proxies and whose watch list and day's largest moves the daily analysis states.",
      ),
  BRIEFING_QUEUE_PREFIX: () =>
    z
      .string()
      .default('bull')
      .describe(
        'BullMQ key prefix of the morning-briefing queue, which the insights worker fills and the content worker sends.',
      ),
  NEWS_QUEUE_PREFIX: () =>
    z
      .string()
      .default('bull')
      .describe(
        "BullMQ key prefix of the news ingestion queue, which the insights worker's queue dashboard shows too.",
      ),
};

export type BaseConfig = z.infer<z.ZodObject<typeof baseShape>>;

/**
 * The brand and support address in every text a service writes for visitors (mail, pages,
 * generated commentary). The web build reads the same two variables, so one setting renames the
 * whole platform.
 */
export const brandShape = {
  BRAND_NAME: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[^<>]*$/, 'must not contain < or >')
    .default(DEFAULT_BRAND_NAME)
    .describe(
      'Platform name in pages, newsletter and sign-in mail, the confirmation and sandbox pages, and the model prompt.',
    ),
  SUPPORT_EMAIL: z
    .email()
    .default(DEFAULT_SUPPORT_EMAIL)
    .describe(
      'Support address in the footer, FAQ, legal pages, newsletter mail and page, and the sandbox portal.',
    ),
};

export type BrandConfig = z.infer<z.ZodObject<typeof brandShape>>;

/** Workers that keep repeatable jobs (see KeptSchedules). */
export const scheduleShape = {
  SCHEDULE_CHECK_SECONDS: env
    .integer(60, { min: 1, max: 3600 })
    .describe(
      'How often a worker looks for its repeatable jobs in Redis and declares any missing one again.',
    ),
};
