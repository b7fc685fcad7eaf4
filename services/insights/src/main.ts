import 'reflect-metadata';
import { runService } from '@probedge/kit';
import { AppModule, OPENAPI, SERVICE_NAME } from './app.module';
import { loadInsightsConfig } from './config/env';

runService(loadInsightsConfig, (config) => ({
  name: SERVICE_NAME,
  module: AppModule.forRoot(config),
  port: config.PORT,
  openapi: OPENAPI,
}));
