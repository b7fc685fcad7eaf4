import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { HealthController, Readiness } from './health/health';
import { loggerParams } from './logging/logger';

export interface KitModuleOptions {
  service: string;
  logLevel: string;
}

/** What every ProbEdge process imports: JSON logs with request ids, /healthz and /readyz. */
@Global()
@Module({})
export class KitModule {
  static forRoot(options: KitModuleOptions): DynamicModule {
    return {
      module: KitModule,
      imports: [LoggerModule.forRoot(loggerParams(options.service, options.logLevel))],
      controllers: [HealthController],
      providers: [Readiness],
      exports: [Readiness],
    };
  }
}
