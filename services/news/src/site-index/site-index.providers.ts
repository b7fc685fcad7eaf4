import { type DynamicModule, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import type Redis from 'ioredis';
import { createRedis, KitModule } from '@probedge/kit';
import { NEWS_REDIS } from '../articles/list-cache';
import type { NewsConfig } from '../config/env';
import { NEWS_CONFIG } from '../config/news-config';
import { PrismaService } from '../prisma/prisma.service';
import { SiteIndexRepository } from './site-index.repository';
import { SiteIndexSync } from './site-index.sync';

/** What copying content's documents needs, beside what the worker and the API share. */
export const SITE_INDEX_PROVIDERS = [SiteIndexRepository, SiteIndexSync];

/** Just enough for one copy outside the worker: `node dist/cli.js index-site`. */
@Module({})
export class SiteIndexModule implements OnModuleDestroy {
  constructor(@Inject(NEWS_REDIS) private readonly redis: Redis) {}

  static forRoot(config: NewsConfig): DynamicModule {
    return {
      module: SiteIndexModule,
      imports: [KitModule.forRoot({ service: 'news-cli', logLevel: config.LOG_LEVEL })],
      providers: [
        { provide: NEWS_CONFIG, useValue: config },
        { provide: NEWS_REDIS, useFactory: () => createRedis({ url: config.REDIS_URL }) },
        PrismaService,
        ...SITE_INDEX_PROVIDERS,
      ],
      exports: [NEWS_CONFIG, SiteIndexSync],
    };
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
