import { baseShape, brandShape, env, loadConfig, scheduleShape, sharedEnv } from '@probedge/kit';
import { DEFAULT_SERVICE_PORTS } from '@probedge/proto';
import { z } from 'zod';

// loadConfig drops empty variables, so "set but blank" reads as unset.
const optionalText = z.string().trim().min(1).optional();

export const configShape = {
  ...baseShape,
  /** Named in the language model's instructions, so generated texts speak for this site. */
  BRAND_NAME: brandShape.BRAND_NAME,
  /** The daily-analysis feed's links and ids point at it. */
  PUBLIC_URL: sharedEnv.PUBLIC_URL(),
  PORT: sharedEnv.PORT(DEFAULT_SERVICE_PORTS.insights),
  DATABASE_URL: sharedEnv.DATABASE_URL('insights'),
  DATABASE_POOL_MAX: sharedEnv.DATABASE_POOL_MAX(10),
  REDIS_URL: sharedEnv.REDIS_URL(),
  INSIGHTS_WORKER_PORT: env
    .port(4103)
    .describe(
      "Port of the insights worker's `/healthz` and `/readyz`, and of its queue dashboard (`/admin/queues`).",
    ),
  INSIGHTS_QUEUE_PREFIX: z
    .string()
    .default('bull')
    .describe('BullMQ key prefix of the insights generation queue.'),
  /** The worker adds the day's briefing job (same Redis) when it writes the analysis. */
  BRIEFING_QUEUE_PREFIX: sharedEnv.BRIEFING_QUEUE_PREFIX(),
  INSIGHTS_CACHE_SECONDS: env
    .integer(30, { min: 0, max: 3600 })
    .describe(
      "How long the gateway may keep today's analysis and opinion, never past the market day; a new item is announced at once (0: never).",
    ),
  INSIGHTS_READ_REUSE_MS: env
    .integer(1000, { min: 0, max: 60_000 })
    .describe(
      "How long one database read of today's item (or of its absence) answers the API's reads after it; announcements end it early (0: never).",
    ),
  CACHE_INVALIDATION_CHANNEL: env.cacheInvalidationChannel(),
  NEWS_QUEUE_PREFIX: sharedEnv.NEWS_QUEUE_PREFIX(),
  NEWS_GRPC_URL: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port')
    .default('127.0.0.1:5002')
    .describe("host:port of the news service's gRPC NewsService."),
  NEWS_GRPC_TIMEOUT_MS: env.positiveInt(5000).describe('Deadline of one gRPC call to news.'),
  MARKETS_URL: sharedEnv.MARKETS_URL(),
  MARKETS_TIMEOUT_MS: env
    .positiveInt(5000)
    .describe(
      'Deadline of one read from the markets service, after which the text says market data was unavailable.',
    ),
  INSIGHTS_MAX_ARTICLES: env
    .integer(10_000, { min: 1, max: 100_000 })
    .describe(
      'Most articles one read (the day, or the baseline days) pages through; the newest are kept.',
    ),
  MARKET_TIMEZONE: sharedEnv.MARKET_TIMEZONE(),
  INSIGHTS_SCHEDULE_TIME: env
    .clockTime('08:30')
    .describe("Weekday time (HH:MM, market zone) at which the day's items are generated."),
  INSIGHTS_SCHEDULE_PATTERN: optionalText.meta({
    description:
      'Full cron pattern (seconds allowed) that replaces `INSIGHTS_SCHEDULE_TIME`; for operators and tests.',
    examples: ['30 8 * * 1-5'],
  }),
  INSIGHTS_SCHEDULE_ENABLED: env
    .boolean(true)
    .describe(
      'Whether the insights worker keeps its job schedulers (declared at start, again when Redis lost them).',
    ),
  ...scheduleShape,
  INSIGHTS_WINDOW_HOURS: env
    .integer(24, { min: 1, max: 72 })
    .describe('Hours of articles an item is written from, ending when its job is enqueued.'),
  INSIGHTS_BASELINE_DAYS: env
    .integer(5, { min: 1, max: 14 })
    .describe('Days before the window that the themes are compared with.'),
  INSIGHTS_JOB_ATTEMPTS: env
    .integer(3, { min: 1, max: 10 })
    .describe('Attempts per generation job, with exponential backoff.'),
  INSIGHTS_JOB_BACKOFF_MS: env
    .positiveInt(10_000)
    .describe("Delay before a generation job's first retry."),
  INSIGHTS_LOCK_DURATION_MS: env
    .integer(30_000, { min: 1000 })
    .describe('A job whose worker stops renewing its lock this long moves to another worker.'),
  INSIGHTS_STALLED_INTERVAL_MS: env
    .integer(30_000, { min: 500 })
    .describe('How often the insights worker looks for stalled jobs.'),
  INSIGHTS_GENERATE_WAIT_MS: env
    .integer(8_000, { min: 0, max: 60_000 })
    .describe(
      "How long `POST /api/generate-*` waits for its job before answering 202; keep it below the gateway's `UPSTREAM_TIMEOUT_MS`, or a slow job answers 504 there.",
    ),
  INSIGHTS_ADMIN_TOKEN: optionalText
    .refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters')
    .describe(
      "`X-Admin-Token` (16+ characters) that regenerates a day that has its item and opens the worker's queue dashboard; unset, neither.",
    ),
  LLM_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({
      description:
        'Base of an OpenAI-compatible chat API; with `LLM_API_KEY` it selects the language-model writer over the built-in statistics one.',
      examples: ['https://api.openai.com/v1'],
    }),
  LLM_API_KEY: optionalText.describe('Bearer key of the `LLM_BASE_URL` API.'),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini').describe('Chat model the writer asks.'),
  LLM_TIMEOUT_MS: env.positiveInt(60_000).describe('Deadline of one completion.'),
  LLM_MAX_TOKENS: env
    .integer(900, { min: 64, max: 8192 })
    .describe('Length cap of one completion, in tokens.'),
  LLM_MAX_ATTEMPTS: env
    .integer(3, { min: 1, max: 10 })
    .describe('Attempts per completion on 429, 5xx answers and timeouts.'),
  LLM_RETRY_BASE_MS: env
    .integer(1000, { min: 0 })
    .describe(
      "First retry delay of a completion, doubled each time unless the server's Retry-After says otherwise.",
    ),
};

export type InsightsConfig = z.infer<z.ZodObject<typeof configShape>>;

export function loadInsightsConfig(source: NodeJS.ProcessEnv = process.env): InsightsConfig {
  return loadConfig(configShape, source);
}

/** Injection token of the validated configuration. */
export const INSIGHTS_CONFIG = Symbol('INSIGHTS_CONFIG');
