import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { IngestionQueue } from './ingestion.queue';

/** Every replica ticks each minute; the slot's job id makes all but the first enqueue a no-op. */
@Injectable()
export class IngestionScheduler {
  private readonly logger = new Logger(IngestionScheduler.name);

  constructor(private readonly queue: IngestionQueue) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'news-ingestion-tick' })
  async tick(): Promise<void> {
    try {
      await this.queue.enqueueSlot(new Date());
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'could not enqueue the ingestion slot');
    }
  }
}
