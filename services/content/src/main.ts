import 'reflect-metadata';
import { runService } from '@probedge/kit';
import { AppModule, OPENAPI, SERVICE_NAME } from './app.module';
import { loadContentConfig } from './config/env';

runService(loadContentConfig, (config) => ({
  name: SERVICE_NAME,
  module: AppModule.forRoot(config),
  port: config.PORT,
  openapi: OPENAPI,
  // RFC 8058: mail clients post the one-click unsubscribe as a form.
  formBody: true,
}));
