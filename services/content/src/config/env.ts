import path from 'node:path';
import { baseShape, brandShape, env, loadConfig, mailShape, scheduleShape } from '@probedge/kit';
import { DEFAULT_SERVICE_PORTS } from '@probedge/proto';
import { z } from 'zod';

export const configShape = {
  ...baseShape,
  ...brandShape,
  PORT: env.port(DEFAULT_SERVICE_PORTS.content),
  DATABASE_URL: env.postgresUrl('postgresql://postgres@127.0.0.1:5432/probedge_content'),
  DATABASE_POOL_MAX: env.positiveInt(10),
  /** Folder holding guides/, blogs/ and faq.json. */
  CONTENT_DIR: z.string().default(path.resolve(__dirname, '..', '..', 'content')),
  /** Public origin of the site; confirmation links point at it. */
  PUBLIC_URL: env.url('http://localhost:8080'),
  ...mailShape,
  NEWSLETTER_TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(48),
  /** How long each replica keeps the guide, blog and FAQ reads; 0 reads the database every time. */
  CONTENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Sign-ups per client and window, per replica. */
  NEWSLETTER_RATE_LIMIT: env.positiveInt(5),
  NEWSLETTER_RATE_WINDOW_SECONDS: env.positiveInt(3600),
  /** Confirmation mails one address may get per window, whoever asks (all replicas together). */
  NEWSLETTER_MAILS_PER_ADDRESS: env.positiveInt(3),
  NEWSLETTER_MAIL_WINDOW_SECONDS: env.positiveInt(3600),
  /** Least time between two confirmation mails to one address; 0 allows them back to back. */
  NEWSLETTER_MAIL_GAP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /** Enables GET /api/newsletter/preview for whoever presents it in X-Admin-Token. */
  CONTENT_ADMIN_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),

  // The worker (dist/worker.js): the morning briefing.
  /** Health port of the briefing worker. */
  CONTENT_WORKER_PORT: env.port(4101),
  REDIS_URL: env.redisUrl('redis://127.0.0.1:6379'),
  /** BullMQ key prefix of the briefing queue; the insights worker adds its jobs with the same. */
  BRIEFING_QUEUE_PREFIX: z.string().default('bull'),
  /** The market whose calendar the briefing follows (IANA zone). */
  MARKET_TIMEZONE: env.timeZone('America/New_York'),
  /** Days of the week that get a briefing (market days). */
  BRIEFING_DAYS: env.weekdays('mon,tue,wed,thu,fri'),
  /** Market time by which the day's analysis must exist, or no briefing is sent that day. */
  BRIEFING_CUTOFF: env.clockTime('10:00'),
  /** Whether this worker schedules the daily cut-off check (one replica is enough; more are harmless). */
  BRIEFING_SCHEDULE_ENABLED: env.boolean(true),
  ...scheduleShape,
  /** Messages per second the batch may send; 0 lifts the cap. */
  BRIEFING_RATE_PER_SECOND: z.coerce.number().min(0).max(10_000).default(10),
  /** Pooled SMTP connections the batch sends over (also how many messages are in flight). */
  BRIEFING_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(2),
  /** Tries per message before a temporary failure (4xx, connection trouble) counts as failed. */
  BRIEFING_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Wait before the second try; doubles for each try after. */
  BRIEFING_RETRY_BASE_MS: env.positiveInt(60_000),
  /** A briefing or confirmation-mail job whose process stops renewing its lock this long (killed) is taken up by another. */
  BRIEFING_LOCK_DURATION_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Deliveries claimed from the outbox at a time. */
  BRIEFING_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
};

export type ContentConfig = z.infer<z.ZodObject<typeof configShape>>;

export function loadContentConfig(source: NodeJS.ProcessEnv = process.env): ContentConfig {
  return loadConfig(configShape, source);
}
