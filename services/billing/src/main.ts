import 'reflect-metadata';
import { runService } from '@probedge/kit';
import { AppModule, OPENAPI, SERVICE_NAME } from './app.module';
import { loadBillingConfig } from './config/env';

runService(loadBillingConfig, (config) => ({
  name: SERVICE_NAME,
  module: AppModule.forRoot(config),
  port: config.PORT,
  openapi: OPENAPI,
  // Stripe signs the exact bytes it sent: the webhook verifies req.rawBody, not the parsed JSON.
  rawBody: true,
  // The sandbox checkout page posts an HTML form.
  formBody: true,
}));
