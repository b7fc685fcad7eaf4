import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { poolConfig, Readiness } from '@probedge/kit';
import { Pool } from 'pg';
import { NEWS_CONFIG } from '../config/news-config';
import type { NewsConfig } from '../config/env';
import { PrismaClient } from '../generated/prisma/client';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  /**
   * The connections the client runs on, for a repository's hot raw statement: Prisma's $queryRaw
   * costs about 0.6 ms more CPU per call than the same parameterised statement sent on the pool
   * (measured on search, where the API itself is the bottleneck).
   */
  readonly pool: Pool;

  constructor(
    @Inject(NEWS_CONFIG) config: NewsConfig,
    private readonly readiness: Readiness,
  ) {
    const pool = new Pool(poolConfig({ url: config.DATABASE_URL, max: config.DATABASE_POOL_MAX }));
    super({ adapter: new PrismaPg(pool) });
    this.pool = pool;
  }

  onModuleInit(): void {
    this.readiness.register('database', () => this.$queryRaw`SELECT 1`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    // Ended here rather than by the client, which would leave it open had it never connected.
    await this.pool.end();
  }
}
