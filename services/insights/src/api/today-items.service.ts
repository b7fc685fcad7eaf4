import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { dropOnChanges } from '@probedge/kit';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { DailyItemsRepository, type DailyKind } from '../items/daily-items.repository';
import { fromDateColumn, marketDate } from '../market/market-date.util';
import { InsightsApiError } from './api.errors';

type StoredItem = Awaited<ReturnType<DailyItemsRepository['find']>>;

interface Held {
  date: string;
  until: number;
  item: Promise<StoredItem>;
}

/**
 * Today's items as the public reads see them: one database read per kind answers every request
 * for INSIGHTS_READ_REUSE_MS (a burst of visitors before the day's analysis is written costs one
 * query a second, not one each). A new item shows at once: the worker announces every item it
 * writes and this replica drops what it holds; generation through this replica hands its item over
 * directly; and without Redis the reuse time bounds how long an old answer lasts.
 */
@Injectable()
export class TodayItems implements OnModuleInit, OnModuleDestroy {
  private readonly held = new Map<DailyKind, Held>();
  private stopListening?: () => void;

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    private readonly items: DailyItemsRepository,
  ) {}

  onModuleInit(): void {
    this.stopListening = dropOnChanges(
      this.config.REDIS_URL,
      this.config.CACHE_INVALIDATION_CHANNEL,
      'insights',
      () => this.held.clear(),
    );
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  /** Today's item of a kind, today being the market day in MARKET_TIMEZONE; 404 when none yet. */
  async today(kind: DailyKind): Promise<NonNullable<StoredItem>> {
    const date = marketDate(new Date(), this.config.MARKET_TIMEZONE);
    const item = await this.find(kind, date);
    if (!item) {
      throw new InsightsApiError(
        'DAILY_ITEM_NOT_FOUND',
        `There is no daily ${kind} for ${date} yet`,
      );
    }
    return item;
  }

  private find(kind: DailyKind, date: string): Promise<StoredItem> {
    const now = Date.now();
    const held = this.held.get(kind);
    if (held && held.date === date && held.until > now) return held.item;
    const item = this.items.find(kind, date);
    this.held.set(kind, { date, until: now + this.config.INSIGHTS_READ_REUSE_MS, item });
    // A failed read is not kept: the next request tries again.
    item.catch(() => {
      if (this.held.get(kind)?.item === item) this.held.delete(kind);
    });
    return item;
  }

  /** The item generation just answered with: the reads after it see it at once. */
  keep(kind: DailyKind, item: NonNullable<StoredItem>): void {
    const date = fromDateColumn(item.marketDate);
    this.held.set(kind, {
      date,
      until: Date.now() + this.config.INSIGHTS_READ_REUSE_MS,
      item: Promise.resolve(item),
    });
  }
}
