import {
  type DynamicModule,
  type MiddlewareConsumer,
  Module,
  type NestModule,
} from '@nestjs/common';
import { KitModule } from '@probedge/kit';
import type { GatewayConfig } from './config/env';
import { GATEWAY_CONFIG } from './config/gateway-config';
import { EdgeCache } from './cache/edge-cache.service';
import { DocsController } from './docs/docs.controller';
import { DocsService } from './docs/docs.service';
import { UpstreamHealth } from './health/upstream-health.service';
import { ApiRouter } from './proxy/api-router.service';
import { SearchRouter } from './search/search-router.service';
import { EdgeMiddleware } from './edge/edge.middleware';
import { UpstreamProxy } from './proxy/upstream-proxy.service';
import { RateLimitService } from './guard/rate-limit.service';
import { SeoController } from './seo/seo.controller';
import { SeoService } from './seo/seo.service';
import { WebApp } from './web/web-app.service';

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
        UpstreamProxy,
        ApiRouter,
        SearchRouter,
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
    // After the global request logger (so every proxied request is logged with its id), before routing.
    consumer.apply(EdgeMiddleware).forRoutes('*');
  }
}
