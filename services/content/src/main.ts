import 'reflect-metadata';
import { bootstrapService, runMain } from '@probedge/kit';
import { AppModule, OPENAPI, SERVICE_NAME } from './app.module';
import { loadContentConfig } from './config/env';

runMain(async () => {
  const config = loadContentConfig();
  await bootstrapService({
    name: SERVICE_NAME,
    module: AppModule.forRoot(config),
    config,
    port: config.PORT,
    openapi: OPENAPI,
    // RFC 8058: mail clients post the one-click unsubscribe as a form.
    formBody: true,
  });
});
