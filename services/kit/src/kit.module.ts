import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { HealthController, Readiness } from './health/health';
import { createRootLogger, loggerParams } from './logging/logger';
import { Metrics, MetricsController, METRICS_SERVICE } from './metrics/metrics';

/** Provider token of the process's root pino logger (see requestLogging). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

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
    const root = createRootLogger(options.service, options.logLevel);
    return {
      module: KitModule,
      imports: [LoggerModule.forRoot(loggerParams(root))],
      controllers:
        options.metricsRoute === false ? [HealthController] : [HealthController, MetricsController],
      providers: [
        Readiness,
        { provide: METRICS_SERVICE, useValue: options.service },
        Metrics,
        { provide: ROOT_LOGGER, useValue: root },
      ],
      exports: [Readiness, Metrics, ROOT_LOGGER],
    };
  }
}
