import 'reflect-metadata';
import { bootstrapService, runMain } from '@probedge/kit';
import { AppModule, OPENAPI, SERVICE_NAME } from './app.module';
import { loadMarketsConfig } from './config/env';

runMain(async () => {
  const config = loadMarketsConfig();
  await bootstrapService({
    name: SERVICE_NAME,
    module: AppModule.forRoot(config),
    config,
    port: config.PORT,
    openapi: OPENAPI,
  });
});
