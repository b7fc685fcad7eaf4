import { randomBytes } from 'node:crypto';
import { createApp, initApp, type NestFastifyApplication } from '@probedge/kit';
import { AppModule, OPENAPI } from '../src/app.module';
import { loadMarketsConfig, type MarketsConfig } from '../src/config/env';

export interface MarketsTestApp {
  app: NestFastifyApplication;
  config: MarketsConfig;
  close(): Promise<void>;
}

/** The markets API on the machine's Redis, with keys of its own; the sample provider unless `env` says. */
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
  return { app, config, close: () => app.close() };
}
