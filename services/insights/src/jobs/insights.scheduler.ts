import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { weekdayPattern } from '../market/market-date.util';
import { JOB_OF_KIND } from './daily-kinds';
import { InsightsQueue } from './insights.queue';

/** Scheduler ids: upserting the same ids on every start means redeploys never add a second one. */
export const SCHEDULER_IDS = {
  analysis: 'daily-analysis-morning',
  opinion: 'daily-opinion-morning',
};

/** Each market morning, a BullMQ job scheduler fires a trigger per kind in the market's zone. */
@Injectable()
export class InsightsScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(InsightsScheduler.name);
  private retry?: NodeJS.Timeout;

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    private readonly queue: InsightsQueue,
  ) {}

  get pattern(): string {
    return (
      this.config.INSIGHTS_SCHEDULE_PATTERN ?? weekdayPattern(this.config.INSIGHTS_SCHEDULE_TIME)
    );
  }

  /** Redis may be away at start: the worker still starts, and the upsert is retried until it lands. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.INSIGHTS_SCHEDULE_ENABLED) return;
    try {
      await this.upsert();
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'could not schedule yet; retrying');
      this.retry = setTimeout(() => void this.onApplicationBootstrap(), 5000);
    }
  }

  onModuleDestroy(): void {
    clearTimeout(this.retry);
  }

  async upsert(): Promise<void> {
    for (const kind of ['analysis', 'opinion'] as const) {
      await this.queue.queue.upsertJobScheduler(
        SCHEDULER_IDS[kind],
        { pattern: this.pattern, tz: this.config.MARKET_TIMEZONE },
        {
          name: JOB_OF_KIND[kind],
          data: { scheduled: true },
          // A trigger that cannot enqueue (a Redis blip) is retried, or the morning's run is lost.
          opts: this.queue.jobOptions,
        },
      );
    }
    this.logger.log(
      { pattern: this.pattern, timeZone: this.config.MARKET_TIMEZONE },
      'daily analysis and opinion scheduled',
    );
  }
}
