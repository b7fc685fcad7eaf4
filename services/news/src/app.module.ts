import {
  type DynamicModule,
  Inject,
  type MiddlewareConsumer,
  Module,
  type NestModule,
} from '@nestjs/common';
import { createRedis, KitModule, sharedCache, type OpenApiOptions } from '@probedge/kit';
import { ArticlesController } from './articles/articles.controller';
import { ArticlesRepository } from './articles/articles.repository';
import { ArticlesService } from './articles/articles.service';
import { ListCache, NEWS_REDIS } from './articles/list-cache';
import type { NewsConfig } from './config/env';
import { NEWS_CONFIG } from './config/news-config';
import { INGESTION_LISTENERS, IngestionService } from './ingestion/ingestion.service';
import { NewsGrpcController } from './grpc/news.grpc-controller';
import { PrismaService } from './prisma/prisma.service';
import { SearchController } from './search/search.controller';
import { SearchRepository } from './search/search.repository';
import { SearchService } from './search/search.service';
import { SourcesRepository } from './sources/sources.repository';

export const SERVICE_NAME = 'news';

export const OPENAPI: OpenApiOptions = {
  title: 'ProbEdge news service',
  description:
    'Market news lists gathered from public feeds, and the search of the whole site. Information only, not investment advice.',
  tags: [
    { name: 'news', description: 'Articles gathered from public feeds' },
    { name: 'search', description: 'Full-text search across guides, blogs and news' },
  ],
};

/** Everything the API and the worker share: configuration, database, cache, repositories, ingestion. */
export function coreProviders(config: NewsConfig) {
  return [
    { provide: NEWS_CONFIG, useValue: config },
    { provide: NEWS_REDIS, useFactory: () => createRedis({ url: config.REDIS_URL }) },
    PrismaService,
    ArticlesRepository,
    SourcesRepository,
    ListCache,
    ArticlesService,
    {
      provide: INGESTION_LISTENERS,
      useFactory: (cache: ListCache) => [cache],
      inject: [ListCache],
    },
    IngestionService,
  ];
}

@Module({})
export class AppModule implements NestModule {
  constructor(@Inject(NEWS_CONFIG) private readonly config: NewsConfig) {}

  static forRoot(config: NewsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [KitModule.forRoot({ service: SERVICE_NAME, logLevel: config.LOG_LEVEL })],
      controllers: [ArticlesController, SearchController, NewsGrpcController],
      // Search is the API's alone; the worker shares only coreProviders.
      providers: [...coreProviders(config), SearchRepository, SearchService],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // Lists and search answers change only when ingestion writes, and ingestion announces that
    // (ListCache).
    consumer
      .apply(sharedCache(this.config.NEWS_CACHE_TTL_SECONDS))
      .forRoutes(ArticlesController, SearchController);
  }
}
