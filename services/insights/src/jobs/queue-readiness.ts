import { Injectable, OnModuleInit } from '@nestjs/common';
import { pingRedis, Readiness } from '@probedge/kit';
import { InsightsQueue } from './insights.queue';

/**
 * The API stays ready without Redis (reads come from Postgres), so the queue is reported on
 * /readyz for operators rather than checked.
 */
@Injectable()
export class QueueReadiness implements OnModuleInit {
  constructor(
    private readonly queue: InsightsQueue,
    private readonly readiness: Readiness,
  ) {}

  onModuleInit(): void {
    this.readiness.report('queue', async () => {
      try {
        await pingRedis(this.queue.connection);
        return { redis: 'up', jobs: await this.queue.jobCounts() };
      } catch (error) {
        return { redis: 'down', error: (error as Error).message };
      }
    });
  }
}
