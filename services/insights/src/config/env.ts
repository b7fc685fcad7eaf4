import { baseShape, brandShape, env, loadConfig, scheduleShape } from '@probedge/kit';
import { DEFAULT_SERVICE_PORTS } from '@probedge/proto';
import { z } from 'zod';

// loadConfig drops empty variables, so "set but blank" reads as unset.
const optionalText = z.string().trim().min(1).optional();

export const configShape = {
  ...baseShape,
  /** Named in the language model's instructions, so generated texts speak for this site. */
  BRAND_NAME: brandShape.BRAND_NAME,
  /** Public origin of the site; the daily-analysis feed's links and ids point at it. */
  PUBLIC_URL: env.url('http://localhost:8080'),
  PORT: env.port(DEFAULT_SERVICE_PORTS.insights),
  DATABASE_URL: env.postgresUrl('postgresql://postgres@127.0.0.1:5432/probedge_insights'),
  DATABASE_POOL_MAX: env.positiveInt(10),
  REDIS_URL: env.redisUrl('redis://127.0.0.1:6379'),
  /** Health port of the generation worker. */
  INSIGHTS_WORKER_PORT: env.port(4103),
  INSIGHTS_QUEUE_PREFIX: z.string().default('bull'),
  /**
   * BullMQ key prefix of the newsletter's briefing queue (same Redis): the worker adds the day's
   * briefing job when it writes the analysis; the content worker sends it.
   */
  BRIEFING_QUEUE_PREFIX: z.string().default('bull'),
  /**
   * How long shared caches (the gateway's) may keep today's analysis and opinion; 0: not at all. The
   * worker announces every item it writes on CACHE_INVALIDATION_CHANNEL, so a new one shows at once.
   */
  INSIGHTS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * How long one database read of today's item (or of its absence) answers the API's reads after
   * it, in ms; 0: every read goes to the database. Announcements and generation end it early.
   */
  INSIGHTS_READ_REUSE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  CACHE_INVALIDATION_CHANNEL: env.cacheInvalidationChannel(),
  /** BullMQ key prefix of the news ingestion queue (same Redis), shown on the worker's queue dashboard. */
  NEWS_QUEUE_PREFIX: z.string().default('bull'),
  /** host:port of the news service's gRPC NewsService. */
  NEWS_GRPC_URL: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port')
    .default('127.0.0.1:5002'),
  NEWS_GRPC_TIMEOUT_MS: env.positiveInt(5000),
  /** The markets service, whose watch list and quotes the daily texts state. */
  MARKETS_URL: env.serviceUrl('http://127.0.0.1:4005'),
  MARKETS_TIMEOUT_MS: env.positiveInt(5000),
  /** Most articles one read (the day, or the baseline days) pages through; the newest are kept. */
  INSIGHTS_MAX_ARTICLES: z.coerce.number().int().min(1).max(100_000).default(10_000),
  /** The market whose calendar dates the items belong to (IANA zone). */
  MARKET_TIMEZONE: env.timeZone('America/New_York'),
  /** Weekday time (HH:MM, market time zone) at which the day's items are generated. */
  INSIGHTS_SCHEDULE_TIME: env.clockTime('08:30'),
  /** Overrides the time above with a full cron pattern (seconds allowed); for operators and tests. */
  INSIGHTS_SCHEDULE_PATTERN: optionalText,
  /** Whether this worker upserts the job scheduler at start. */
  INSIGHTS_SCHEDULE_ENABLED: env.boolean(true),
  ...scheduleShape,
  /** Hours of articles an item is written from, ending when the job is enqueued. */
  INSIGHTS_WINDOW_HOURS: z.coerce.number().int().min(1).max(72).default(24),
  /** Days before the window that themes are compared with. */
  INSIGHTS_BASELINE_DAYS: z.coerce.number().int().min(1).max(14).default(5),
  INSIGHTS_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  INSIGHTS_JOB_BACKOFF_MS: env.positiveInt(10_000),
  /** A job whose worker stops renewing its lock this long is handed to another worker. */
  INSIGHTS_LOCK_DURATION_MS: z.coerce.number().int().min(1000).default(30_000),
  INSIGHTS_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).default(30_000),
  /**
   * How long POST /api/generate-* waits for the job before answering 202. Keep it below the gateway's
   * UPSTREAM_TIMEOUT_MS (10 s by default), or a slow job answers 504 there instead of 202.
   */
  INSIGHTS_GENERATE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
  /**
   * Header X-Admin-Token must carry it to regenerate a day that has its item; it also opens the
   * worker's queue dashboard (/admin/queues). Unset: neither.
   */
  INSIGHTS_ADMIN_TOKEN: optionalText.refine(
    (value) => value === undefined || value.length >= 16,
    'must be at least 16 characters',
  ),
  /** OpenAI-compatible chat completions; both set selects the LLM writer. */
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: optionalText,
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: env.positiveInt(60_000),
  LLM_MAX_TOKENS: z.coerce.number().int().min(64).max(8192).default(900),
  LLM_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  LLM_RETRY_BASE_MS: z.coerce.number().int().min(0).default(1000),
};

export type InsightsConfig = z.infer<z.ZodObject<typeof configShape>>;

export function loadInsightsConfig(source: NodeJS.ProcessEnv = process.env): InsightsConfig {
  return loadConfig(configShape, source);
}

/** Injection token of the validated configuration. */
export const INSIGHTS_CONFIG = Symbol('INSIGHTS_CONFIG');
