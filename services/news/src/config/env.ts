import path from 'node:path';
import { baseShape, env, loadConfig, sharedEnv } from '@probedge/kit';
import { DEFAULT_SERVICE_PORTS } from '@probedge/proto';
import { z } from 'zod';

export const configShape = {
  ...baseShape,
  PORT: sharedEnv.PORT(DEFAULT_SERVICE_PORTS.news),
  DATABASE_URL: sharedEnv.DATABASE_URL('news'),
  DATABASE_POOL_MAX: sharedEnv.DATABASE_POOL_MAX(10),
  REDIS_URL: sharedEnv.REDIS_URL(),
  NEWS_GRPC_PORT: env
    .port(5002)
    .describe(
      'Port of the internal gRPC NewsService (`proto/news/v1/news.proto`), served by the news API.',
    ),
  NEWS_WORKER_PORT: env
    .port(4102)
    .describe("Port of the news worker's `/healthz`, `/readyz` and `/metrics`."),
  NEWS_SOURCES_FILE: z
    .string()
    .default(path.resolve(__dirname, '..', '..', 'sources.json'))
    .describe(
      'JSON list of feed sources (id, name, url, feed, category, minIntervalSeconds), synced into the database when the worker starts.',
    ),
  NEWS_SAMPLE_FEEDS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .optional()
    .meta({
      description:
        'Local stack only: the worker serves the bundled sample feeds on this loopback port and ingests them instead of the sources file (needs `NEWS_ALLOW_LOOPBACK`; 0 picks a free port).',
      examples: [4202],
    }),
  NEWS_INGEST_SLOT_SECONDS: env
    .integer(300, { min: 60, max: 86_400 })
    .describe(
      'Length of an ingestion slot: one ingestion job per slot, however many workers tick.',
    ),
  NEWS_SCHEDULE_ENABLED: env
    .boolean(true)
    .describe(
      "Whether the news worker runs its minute tick, which enqueues slots and checks content's guides and blogs.",
    ),
  NEWS_QUEUE_PREFIX: sharedEnv.NEWS_QUEUE_PREFIX(),
  NEWS_ALLOW_LOOPBACK: env
    .boolean(false)
    .describe(
      'Allows loopback feed addresses, for the local stack and tests only; private networks are never allowed.',
    ),
  NEWS_INGEST_CONCURRENCY: env
    .integer(4, { min: 1, max: 32 })
    .describe(
      'Sources fetched at once within a slot, so one slow source does not hold up the rest.',
    ),
  NEWS_FETCH_TIMEOUT_MS: env.positiveInt(10_000).describe('Deadline of one feed request.'),
  NEWS_LOCK_DURATION_MS: env
    .integer(30_000, { min: 1000, max: 600_000 })
    .describe(
      'A slot whose worker stops renewing its lock (killed, frozen) moves to another within 1.5 times this.',
    ),
  NEWS_MAX_BODY_BYTES: env
    .positiveInt(2 * 1024 * 1024)
    .describe('Largest feed body accepted, after decompression.'),
  NEWS_MAX_REDIRECTS: env
    .integer(3, { min: 0, max: 10 })
    .describe('Redirects followed per feed request, each re-checked by the address guard.'),
  NEWS_DEFAULT_INTERVAL_SECONDS: env
    .positiveInt(900)
    .describe('Pause between checks of a healthy source when the sources file sets none.'),
  NEWS_MAX_BACKOFF_SECONDS: env
    .positiveInt(6 * 3600)
    .describe("Ceiling of the backoff after a source's errors."),
  NEWS_CACHE_TTL_SECONDS: env
    .integer(30, { min: 0, max: 3600 })
    .describe(
      'How long a news list stays in the Redis cache, and how long the gateway may keep it; ingestion invalidates it sooner.',
    ),
  NEWS_CACHE_PREFIX: z
    .string()
    .default('news:')
    .describe('Redis key prefix of the news list cache.'),
  NEWS_READ_REUSE_MS: env
    .integer(1000, { min: 0, max: 60_000 })
    .describe(
      "How long a replica answers a list from its memory before asking Redis again; ingestion's announcements end it at once (0: never).",
    ),
  CACHE_INVALIDATION_CHANNEL: env.cacheInvalidationChannel(),
  NEWS_USER_AGENT: z
    .string()
    .default('ProbEdgeNews/0.1 (+https://probedge.example/news)')
    .describe('User-Agent sent with every feed request.'),
  CONTENT_URL: sharedEnv.CONTENT_URL(),
  NEWS_SITE_INDEX_INTERVAL_SECONDS: env
    .integer(60, { min: 5, max: 86_400 })
    .describe(
      'How often the news worker asks content whether its guides and blogs changed (an ETag check).',
    ),
};

export type NewsConfig = z.infer<z.ZodObject<typeof configShape>>;

export function loadNewsConfig(source: NodeJS.ProcessEnv = process.env): NewsConfig {
  return loadConfig(configShape, source);
}
