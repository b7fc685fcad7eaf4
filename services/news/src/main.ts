import 'reflect-metadata';
import { runService } from '@probedge/kit';
import { AppModule, OPENAPI, SERVICE_NAME } from './app.module';
import { loadNewsConfig } from './config/env';
import { newsGrpcServerOptions } from './grpc/grpc-options';

runService(loadNewsConfig, (config) => ({
  name: SERVICE_NAME,
  module: AppModule.forRoot(config),
  port: config.PORT,
  openapi: OPENAPI,
  // The same process answers HTTP for the gateway and gRPC for internal callers; the gRPC side
  // validates its own input and must not inherit the HTTP error filter.
  beforeListen: async (app) => {
    app.connectMicroservice(newsGrpcServerOptions(config.HOST, config.NEWS_GRPC_PORT), {
      inheritAppConfig: false,
    });
    await app.startAllMicroservices();
  },
}));
