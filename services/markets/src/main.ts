import 'reflect-metadata';
import { runService } from '@probedge/kit';
import { AppModule, OPENAPI, SERVICE_NAME } from './app.module';
import { loadMarketsConfig } from './config/env';

runService(loadMarketsConfig, (config) => ({
  name: SERVICE_NAME,
  module: AppModule.forRoot(config),
  port: config.PORT,
  openapi: OPENAPI,
}));
