import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createPrismaAdapter, Readiness } from '@probedge/kit';
import { BILLING_CONFIG } from '../config/billing-config';
import type { BillingConfig } from '../config/env';
import { PrismaClient } from '../generated/prisma/client';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  constructor(
    @Inject(BILLING_CONFIG) config: BillingConfig,
    private readonly readiness: Readiness,
  ) {
    super({
      adapter: createPrismaAdapter({ url: config.DATABASE_URL, max: config.DATABASE_POOL_MAX }),
    });
  }

  onModuleInit(): void {
    this.readiness.register('database', () => this.$queryRaw`SELECT 1`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
