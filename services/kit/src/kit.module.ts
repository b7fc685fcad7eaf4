import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { HealthController, Readiness } from './health/health';
import { loggerParams } from './logging/logger';
import { Metrics, MetricsController, METRICS_SERVICE } from './metrics/metrics';

export interface KitModuleOptions {
  service: string;
  logLevel: string;
  /** Whether /metrics is a route of the app (false: the process serves it on a port of its own). */
  metricsRoute?: boolean;
}

/** What every ProbEdge process imports: JSON logs with request ids, /healthz, /readyz, /metrics. */
@Global()
@Module({})
export class KitModule {
  static forRoot(options: KitModuleOptions): DynamicModule {
    return {
      module: KitModule,
      imports: [LoggerModule.forRoot(loggerParams(options.service, options.logLevel))],
      controllers:
        options.metricsRoute === false ? [HealthController] : [HealthController, MetricsController],
      providers: [Readiness, { provide: METRICS_SERVICE, useValue: options.service }, Metrics],
      exports: [Readiness, Metrics],
    };
  }
}
