import path from 'node:path';
import { baseShape, env, loadConfig } from '@probedge/kit';
import { DEFAULT_SERVICE_PORTS } from '@probedge/proto';
import { z } from 'zod';

export const configShape = {
  ...baseShape,
  PORT: env.port(DEFAULT_SERVICE_PORTS.news),
  DATABASE_URL: env.postgresUrl('postgresql://postgres@127.0.0.1:5432/probedge_news'),
  DATABASE_POOL_MAX: env.positiveInt(10),
  REDIS_URL: env.redisUrl('redis://127.0.0.1:6379'),
  /** Internal gRPC NewsService (proto/news/v1/news.proto), served by the API process. */
  NEWS_GRPC_PORT: env.port(5002),
  /** Health and metrics port of the ingestion worker. */
  NEWS_WORKER_PORT: env.port(4102),
  /** JSON list of feed sources, synchronised into the database when the worker starts. */
  NEWS_SOURCES_FILE: z.string().default(path.resolve(__dirname, '..', '..', 'sources.json')),
  /**
   * Local stack only: the worker serves the bundled sample feeds on this loopback port and ingests
   * them instead of the sources file (requires NEWS_ALLOW_LOOPBACK; 0 picks a free port).
   */
  NEWS_SAMPLE_FEEDS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Length of an ingestion slot: one job per slot, however many workers tick. */
  NEWS_INGEST_SLOT_SECONDS: z.coerce.number().int().min(60).max(86_400).default(300),
  /** The worker's minute tick and its checks of content's guides and blogs; off in tests that drive them by hand. */
  NEWS_SCHEDULE_ENABLED: env.boolean(true),
  NEWS_QUEUE_PREFIX: z.string().default('bull'),
  /** Loopback feeds are for the local stack and tests only; private networks are never allowed. */
  NEWS_ALLOW_LOOPBACK: env.boolean(false),
  /** Sources fetched at once within a slot; one slow source then does not hold up the rest. */
  NEWS_INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  NEWS_FETCH_TIMEOUT_MS: env.positiveInt(10_000),
  /** A slot whose worker stops renewing its lock (killed, frozen) moves to another within 1.5 × this. */
  NEWS_LOCK_DURATION_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  NEWS_MAX_BODY_BYTES: env.positiveInt(2 * 1024 * 1024),
  NEWS_MAX_REDIRECTS: z.coerce.number().int().min(0).max(10).default(3),
  /** Pause between checks of a healthy source when the sources file sets none. */
  NEWS_DEFAULT_INTERVAL_SECONDS: env.positiveInt(900),
  /** Ceiling of the error backoff. */
  NEWS_MAX_BACKOFF_SECONDS: env.positiveInt(6 * 3600),
  /** How long a list response stays in the Redis cache; ingestion invalidates it sooner. */
  NEWS_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  NEWS_CACHE_PREFIX: z.string().default('news:'),
  /**
   * How long this replica answers a list from its own memory before asking Redis again; ingestion's
   * announcements end it at once. 0: every read asks Redis.
   */
  NEWS_READ_REUSE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Redis channel on which ingestion announces changed lists to the gateway's cache. */
  CACHE_INVALIDATION_CHANNEL: env.cacheInvalidationChannel(),
  NEWS_USER_AGENT: z.string().default('ProbEdgeNews/0.1 (+https://probedge.example/news)'),
  /** The content service, whose guides and blogs the worker copies into the search index. */
  CONTENT_URL: env.serviceUrl(`http://127.0.0.1:${DEFAULT_SERVICE_PORTS.content}`),
  /** How often the worker asks content whether its guides and blogs changed (an ETag check). */
  NEWS_SITE_INDEX_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
};

export type NewsConfig = z.infer<z.ZodObject<typeof configShape>>;

export function loadNewsConfig(source: NodeJS.ProcessEnv = process.env): NewsConfig {
  return loadConfig(configShape, source);
}
