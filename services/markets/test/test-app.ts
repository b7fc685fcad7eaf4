import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { NestFastifyApplication } from '@probedge/kit';
import { createTestDatabase, initTestApp, type TestDatabase } from '@probedge/kit/testing';
import { AppModule, OPENAPI } from '../src/app.module';
import { loadMarketsConfig, type MarketsConfig } from '../src/config/env';
import { deleteKeysUnder } from './support/redis-keys';

export interface MarketsTestApp {
  app: NestFastifyApplication;
  config: MarketsConfig;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(__dirname, '..', 'prisma', 'migrations');

/** A database of the test's own with the markets migrations, for apps that share one store. */
export function createMarketsDatabase(): Promise<TestDatabase> {
  return createTestDatabase('probedge_markets', MIGRATIONS_DIR);
}

/**
 * The markets API on the machine's Redis, with keys of its own (deleted on close), and a database
 * of its own (dropped on close) unless `env` names one; the sample provider unless `env` says.
 * `clock` is the time the service reads.
 */
export async function startTestApp(
  env: NodeJS.ProcessEnv = {},
  clock?: () => Date,
): Promise<MarketsTestApp> {
  const database = env.DATABASE_URL ? null : await createMarketsDatabase();
  const config = loadMarketsConfig({
    LOG_LEVEL: 'silent',
    MARKET_PROVIDERS: 'sandbox',
    MARKETS_REDIS_PREFIX: `markets-test-${randomBytes(4).toString('hex')}:`,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const app = await initTestApp(AppModule.forRoot(config, clock), config, { openapi: OPENAPI });
  return {
    app,
    config,
    // The keys (cached figures, budgets, pauses) go with the app: the shared Redis keeps nothing.
    close: async () => {
      await app.close();
      await deleteKeysUnder(config.MARKETS_REDIS_PREFIX);
      await database?.drop();
    },
  };
}
