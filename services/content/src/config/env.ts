import path from 'node:path';
import { baseShape, brandShape, env, loadConfig, mailShape } from '@probedge/kit';
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
};

export type ContentConfig = z.infer<z.ZodObject<typeof configShape>>;

export function loadContentConfig(source: NodeJS.ProcessEnv = process.env): ContentConfig {
  return loadConfig(configShape, source);
}
