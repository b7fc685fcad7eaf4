import 'reflect-metadata';
import { runMain } from '@probedge/kit';
import { bootstrapGateway } from './bootstrap/gateway-app';
import { loadGatewayConfig } from './config/env';

runMain(async () => {
  await bootstrapGateway(loadGatewayConfig());
});
