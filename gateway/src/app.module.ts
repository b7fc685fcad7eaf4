import {
  type DynamicModule,
  type MiddlewareConsumer,
  Module,
  type NestModule,
} from '@nestjs/common';
import { KitModule, securityHeaders } from '@probedge/kit';
import type { GatewayConfig } from './config/env';
import { GATEWAY_CONFIG } from './config/gateway-config';
import { DocsController } from './docs/docs.controller';
import { DocsService } from './docs/docs.service';
import { UpstreamHealth } from './health/upstream-health.service';
import { ApiPipeline } from './pipeline/api-pipeline';
import { EdgeCache } from './pipeline/cache/edge-cache.service';
import { UpstreamProxy } from './pipeline/proxy/upstream-proxy.service';
import { RateLimitService } from './pipeline/rate-limit/rate-limit.service';
import { SECURITY_HEADERS } from './pipeline/security-headers';
import { SeoController } from './seo/seo.controller';
import { SeoService } from './seo/seo.service';
import { WebApp } from './web/web-app.service';
import { WebMiddleware } from './web/web.middleware';

export const SERVICE_NAME = 'gateway';

@Module({})
export class AppModule implements NestModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        KitModule.forRoot({
          service: SERVICE_NAME,
          logLevel: config.LOG_LEVEL,
          metricsRoute: config.METRICS_PORT === undefined,
        }),
      ],
      controllers: [DocsController, SeoController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: SECURITY_HEADERS, useFactory: securityHeaders },
        ApiPipeline,
        UpstreamProxy,
        WebApp,
        DocsService,
        UpstreamHealth,
        SeoService,
        RateLimitService,
        EdgeCache,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // After the global request logger, before routing.
    consumer.apply(WebMiddleware).forRoutes('*');
  }
}
