import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { KeptSchedules, Metrics } from '@probedge/kit';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { weekdayPattern } from '../market/market-date.util';
import { JOB_OF_KIND } from './daily-kinds';
import { InsightsQueue } from './insights.queue';

/** Scheduler ids: upserting the same ids on every start means redeploys never add a second one. */
export const SCHEDULER_IDS = {
  analysis: 'daily-analysis-morning',
  opinion: 'daily-opinion-morning',
};

/**
 * Each market morning, a BullMQ job scheduler fires a trigger per kind in the market's zone. The
 * schedulers are kept: declared at start (retried while Redis is away), and declared again when a
 * check finds them gone (a Redis that came back empty).
 */
@Injectable()
export class InsightsScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(InsightsScheduler.name);
  readonly kept: KeptSchedules;

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    queue: InsightsQueue,
    metrics: Metrics,
  ) {
    this.kept = new KeptSchedules({
      queue: queue.queue,
      schedules: (['analysis', 'opinion'] as const).map((kind) => ({
        id: SCHEDULER_IDS[kind],
        repeat: { pattern: this.pattern, tz: config.MARKET_TIMEZONE },
        job: {
          name: JOB_OF_KIND[kind],
          data: { scheduled: true },
          // A trigger that cannot enqueue (a Redis blip) is retried, or the morning's run is lost.
          opts: queue.jobOptions,
        },
      })),
      checkIntervalMs: config.SCHEDULE_CHECK_SECONDS * 1000,
      logger: this.logger,
      metrics,
    });
  }

  get pattern(): string {
    return (
      this.config.INSIGHTS_SCHEDULE_PATTERN ?? weekdayPattern(this.config.INSIGHTS_SCHEDULE_TIME)
    );
  }

  onApplicationBootstrap(): void {
    if (!this.config.INSIGHTS_SCHEDULE_ENABLED) return;
    this.logger.log(
      { pattern: this.pattern, timeZone: this.config.MARKET_TIMEZONE },
      'daily analysis and opinion scheduled',
    );
    this.kept.start();
  }

  onModuleDestroy(): void {
    this.kept.stop();
  }
}
