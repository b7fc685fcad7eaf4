import path from 'node:path';
import { baseShape, env, loadConfig } from '@probedge/kit';
import { DEFAULT_SERVICE_PORTS } from '@probedge/proto';
import { z } from 'zod';

export const configShape = {
  ...baseShape,
  PORT: env.port(DEFAULT_SERVICE_PORTS.content),
  DATABASE_URL: env.postgresUrl('postgresql://postgres@127.0.0.1:5432/probedge_content'),
  DATABASE_POOL_MAX: env.positiveInt(10),
  /** Folder holding guides/, blogs/ and faq.json. */
  CONTENT_DIR: z.string().default(path.resolve(__dirname, '..', '..', 'content')),
};

export type ContentConfig = z.infer<z.ZodObject<typeof configShape>>;

export function loadContentConfig(source: NodeJS.ProcessEnv = process.env): ContentConfig {
  return loadConfig(configShape, source);
}
