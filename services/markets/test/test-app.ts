import { randomBytes } from 'node:crypto';
import { createApp, initApp, type NestFastifyApplication } from '@probedge/kit';
import { AppModule, OPENAPI } from '../src/app.module';
import { loadMarketsConfig, type MarketsConfig } from '../src/config/env';
import { deleteKeysUnder } from './support/redis-keys';

export interface MarketsTestApp {
  app: NestFastifyApplication;
  config: MarketsConfig;
  close(): Promise<void>;
}

/**
 * The markets API on the machine's Redis, with keys of its own (deleted on close); the sample
 * provider unless `env` says.
 */
export async function startTestApp(env: NodeJS.ProcessEnv = {}): Promise<MarketsTestApp> {
  const config = loadMarketsConfig({
    LOG_LEVEL: 'silent',
    MARKET_PROVIDERS: 'sandbox',
    MARKETS_REDIS_PREFIX: `markets-test-${randomBytes(4).toString('hex')}:`,
    ...env,
  });
  const app = await createApp(AppModule.forRoot(config), {
    bodyLimit: config.BODY_LIMIT,
    openapi: OPENAPI,
  });
  app.useLogger(false);
  await initApp(app);
  return {
    app,
    config,
    // The keys (cached figures, budgets, pauses) go with the app: the shared Redis keeps nothing.
    close: async () => {
      await app.close();
      await deleteKeysUnder(config.MARKETS_REDIS_PREFIX);
    },
  };
}
