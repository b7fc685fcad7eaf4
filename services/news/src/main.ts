import 'reflect-metadata';
import { bootstrapService, runMain } from '@probedge/kit';
import { AppModule, OPENAPI, SERVICE_NAME } from './app.module';
import { loadNewsConfig } from './config/env';

runMain(async () => {
  const config = loadNewsConfig();
  await bootstrapService({
    name: SERVICE_NAME,
    module: AppModule.forRoot(config),
    config,
    port: config.PORT,
    openapi: OPENAPI,
  });
});
