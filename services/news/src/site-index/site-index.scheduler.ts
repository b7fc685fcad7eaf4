import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import type { NewsConfig } from '../config/env';
import { NEWS_CONFIG } from '../config/news-config';
import { SiteIndexSync } from './site-index.sync';

/** The first retry after a failure; each next one waits twice as long, up to the interval. */
export const SITE_INDEX_FIRST_RETRY_MS = 2_000;

/**
 * The worker's loop: a check at start, then one every NEWS_SITE_INDEX_INTERVAL_SECONDS. While
 * content cannot be asked (it may start after the worker), checks come sooner, backing off.
 */
@Injectable()
export class SiteIndexScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SiteIndexScheduler.name);
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private failures = 0;

  constructor(
    @Inject(NEWS_CONFIG) private readonly config: NewsConfig,
    private readonly sync: SiteIndexSync,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.NEWS_SCHEDULE_ENABLED) void this.check();
  }

  private async check(): Promise<void> {
    const intervalMs = this.config.NEWS_SITE_INDEX_INTERVAL_SECONDS * 1000;
    let delayMs = intervalMs;
    try {
      await this.sync.pull();
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      delayMs = Math.min(intervalMs, SITE_INDEX_FIRST_RETRY_MS * 2 ** (this.failures - 1));
      this.logger.warn(
        { err: (error as Error).message, failures: this.failures, retryInMs: delayMs },
        'site documents not checked',
      );
    }
    if (!this.stopped) this.timer = setTimeout(() => void this.check(), delayMs);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
