import { Injectable } from '@nestjs/common';
import type { DailyKind } from '../generated/prisma/client';
import { dateColumn } from '../market/market-date.util';
import { PrismaService } from '../prisma/prisma.service';

export type { DailyKind };

export interface DailyItemDraft {
  kind: DailyKind;
  marketDate: string;
  content: string;
  sourceArticleTitle: string | null;
  articleCount: number;
  /** Analysis only: the theme terms and "what to watch" lines the briefing lists. */
  themes?: string[];
  watch?: string[];
  writer: string;
  generation: number;
}

/** One row per kind and market date: the unique key turns every retry into the same row. */
@Injectable()
export class DailyItemsRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(kind: DailyKind, marketDate: string) {
    return this.prisma.dailyItem.findUnique({
      where: { kind_marketDate: { kind, marketDate: dateColumn(marketDate) } },
    });
  }

  /** The items of a kind for the `take` latest market dates, latest first. */
  newest(kind: DailyKind, take: number) {
    return this.prisma.dailyItem.findMany({
      where: { kind },
      select: { marketDate: true, content: true, createdAt: true },
      orderBy: { marketDate: 'desc' },
      take,
    });
  }

  /**
   * Stores an item. A later generation replaces the text; an equal or earlier one (a retry of a job
   * that already wrote, or a slow replica) leaves the stored row as it is.
   */
  async save(draft: DailyItemDraft) {
    const marketDate = dateColumn(draft.marketDate);
    const fields = {
      content: draft.content,
      sourceArticleTitle: draft.sourceArticleTitle,
      articleCount: draft.articleCount,
      themes: draft.themes ?? [],
      watch: draft.watch ?? [],
      writer: draft.writer,
      generation: draft.generation,
      createdAt: new Date(),
    };
    await this.prisma.dailyItem.upsert({
      where: { kind_marketDate: { kind: draft.kind, marketDate } },
      create: { kind: draft.kind, marketDate, ...fields },
      update: {},
    });
    await this.prisma.dailyItem.updateMany({
      where: { kind: draft.kind, marketDate, generation: { lt: draft.generation } },
      data: fields,
    });
    return this.find(draft.kind, draft.marketDate);
  }

  count(kind: DailyKind, marketDate: string): Promise<number> {
    return this.prisma.dailyItem.count({ where: { kind, marketDate: dateColumn(marketDate) } });
  }
}
