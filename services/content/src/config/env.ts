import path from 'node:path';
import {
  baseShape,
  brandShape,
  env,
  loadConfig,
  mailShape,
  scheduleShape,
  sharedEnv,
} from '@probedge/kit';
import { DEFAULT_SERVICE_PORTS } from '@probedge/proto';
import { z } from 'zod';

export const configShape = {
  ...baseShape,
  ...brandShape,
  PORT: sharedEnv.PORT(DEFAULT_SERVICE_PORTS.content),
  DATABASE_URL: sharedEnv.DATABASE_URL('content'),
  DATABASE_POOL_MAX: sharedEnv.DATABASE_POOL_MAX(10),
  CONTENT_DIR: z
    .string()
    .default(path.resolve(__dirname, '..', '..', 'content'))
    .describe('Folder of the Markdown guides and blogs and of `faq.json`.'),
  PUBLIC_URL: sharedEnv.PUBLIC_URL(),
  ...mailShape,
  NEWSLETTER_TOKEN_TTL_HOURS: env
    .integer(48, { min: 1, max: 24 * 14 })
    .describe('How long a newsletter confirmation link works.'),
  CONTENT_CACHE_SECONDS: env
    .integer(30, { min: 0, max: 3600 })
    .describe(
      'How long each replica keeps guide, blog and FAQ reads; a sync in the process clears them (0: off).',
    ),
  NEWSLETTER_RATE_LIMIT: env
    .positiveInt(5)
    .describe('Newsletter sign-ups per client and window, counted per replica.'),
  NEWSLETTER_RATE_WINDOW_SECONDS: env
    .positiveInt(3600)
    .describe('Window of the newsletter sign-up limit.'),
  NEWSLETTER_MAILS_PER_ADDRESS: env
    .positiveInt(3)
    .describe(
      'Confirmation mails one address may get per window, whoever asks (all replicas together).',
    ),
  NEWSLETTER_MAIL_WINDOW_SECONDS: env
    .positiveInt(3600)
    .describe('Window of the per-address confirmation-mail limit.'),
  NEWSLETTER_MAIL_GAP_SECONDS: env
    .integer(120, { min: 0, max: 86_400 })
    .describe('Least time between two confirmation mails to one address (0: none).'),
  CONTENT_ADMIN_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters')
    .optional()
    .describe(
      "`X-Admin-Token` (16+ characters) that opens `GET /api/newsletter/preview`, a day's briefing as subscribers get it; unset, the preview answers 404.",
    ),

  // The worker (dist/worker.js): the morning briefing.
  CONTENT_WORKER_PORT: env
    .port(4101)
    .describe("Port of the content worker's `/healthz`, `/readyz` and `/metrics`."),
  REDIS_URL: sharedEnv.REDIS_URL(),
  BRIEFING_QUEUE_PREFIX: sharedEnv.BRIEFING_QUEUE_PREFIX(),
  MARKET_TIMEZONE: sharedEnv.MARKET_TIMEZONE(),
  BRIEFING_DAYS: env
    .weekdays('mon,tue,wed,thu,fri')
    .describe('Days of the week that get a morning briefing (`make up`: every day).'),
  BRIEFING_CUTOFF: env
    .clockTime('10:00')
    .describe(
      "Market time by which the day's analysis must exist, or no briefing goes out that day (`make up`: 23:59).",
    ),
  BRIEFING_SCHEDULE_ENABLED: env
    .boolean(true)
    .describe(
      'Whether the content worker keeps the daily cut-off check scheduled (one replica is enough; more are harmless).',
    ),
  ...scheduleShape,
  BRIEFING_RATE_PER_SECOND: z.coerce
    .number()
    .min(0)
    .max(10_000)
    .default(10)
    .describe('Briefing messages sent per second over all connections (0: no cap).'),
  BRIEFING_SMTP_CONNECTIONS: env
    .integer(2, { min: 1, max: 50 })
    .describe('Pooled SMTP connections the briefing goes over, and so the messages in flight.'),
  BRIEFING_MAX_ATTEMPTS: env
    .integer(5, { min: 1, max: 20 })
    .describe('Tries per briefing message on temporary failures (4xx, connection trouble).'),
  BRIEFING_RETRY_BASE_MS: env
    .positiveInt(60_000)
    .describe("Wait before a briefing message's second try, doubled for each later one."),
  BRIEFING_LOCK_DURATION_MS: env
    .integer(30_000, { min: 1000, max: 600_000 })
    .describe(
      "Lock of a briefing or confirmation-mail job: a killed process's briefing is taken up within 1.5 times this, a mail within it plus 5 s.",
    ),
  BRIEFING_BATCH_SIZE: env
    .integer(100, { min: 1, max: 1000 })
    .describe('Briefing deliveries claimed from the outbox at a time.'),
};

export type ContentConfig = z.infer<z.ZodObject<typeof configShape>>;

export function loadContentConfig(source: NodeJS.ProcessEnv = process.env): ContentConfig {
  return loadConfig(configShape, source);
}
