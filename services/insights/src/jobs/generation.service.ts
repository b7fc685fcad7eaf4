import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChangeAnnouncer } from '@probedge/kit';
import type { DailyItemPayload } from '@probedge/proto';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { NoArticlesError } from '../failures/generation-failures';
import { DailyItemsRepository, type DailyKind } from '../items/daily-items.repository';
import { articleWindow } from '../market/market-date.util';
import { MarketsClient } from '../market/markets-client';
import { NewsClient } from '../news/news-client';
import { buildDigest, pickSourceArticle, sortArticles } from '../writers/day-digest.util';
import { DAILY_WRITER, type DailyWriter } from '../writers/writer';
import { BriefingQueue } from './briefing.queue';

export interface GenerationOutcome {
  kind: DailyKind;
  marketDate: string;
  generation: number;
  /** False when the day already had its item and nothing was written. */
  written: boolean;
  articleCount: number;
}

/** Reads the day's articles, has the configured writer write, stores the item. */
@Injectable()
export class GenerationService {
  private readonly logger = new Logger(GenerationService.name);

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    @Inject(DAILY_WRITER) private readonly writer: DailyWriter,
    private readonly news: NewsClient,
    private readonly markets: MarketsClient,
    private readonly items: DailyItemsRepository,
    private readonly announcer: ChangeAnnouncer,
    private readonly briefing: BriefingQueue,
  ) {}

  async generate(kind: DailyKind, payload: DailyItemPayload): Promise<GenerationOutcome> {
    const { generation } = payload;
    const existing = await this.items.find(kind, payload.marketDate);
    // An at-least-once retry of a job that already wrote: the day keeps its one item.
    if (existing && existing.generation >= generation) {
      // A job that wrote and then failed before handing the day to the newsletter hands it now.
      if (kind === 'analysis') await this.handToBriefing(payload.marketDate, existing);
      return {
        kind,
        marketDate: payload.marketDate,
        generation,
        written: false,
        articleCount: existing.articleCount,
      };
    }
    const window = articleWindow(new Date(payload.until), this.config.INSIGHTS_WINDOW_HOURS);
    const articles = sortArticles(await this.news.listArticles(window.since, window.until));
    if (articles.length === 0) {
      throw new NoArticlesError(
        `No articles were published in the ${this.config.INSIGHTS_WINDOW_HOURS} hours before ${window.until.toISOString()}; there is nothing to write about yet.`,
      );
    }
    const baselineSince = new Date(
      window.since.getTime() - this.config.INSIGHTS_BASELINE_DAYS * 86_400_000,
    );
    const baseline = await this.news.listArticles(baselineSince, window.since);
    const digest = buildDigest(articles, baseline, this.config.INSIGHTS_BASELINE_DAYS);
    const day = {
      marketDate: payload.marketDate,
      windowHours: this.config.INSIGHTS_WINDOW_HOURS,
      articles,
      digest,
      markets: await this.markets.dayMarkets(digest.tickers.map((ticker) => ticker.symbol)),
    };
    let content: string;
    let sourceArticleTitle: string | null = null;
    if (kind === 'analysis') {
      content = await this.writer.analysis(day);
    } else {
      // There is at least one article, so a source is always found.
      const source = pickSourceArticle(articles, digest)!;
      sourceArticleTitle = source.title;
      content = await this.writer.opinion(day, source);
    }
    const saved = await this.items.save({
      kind,
      marketDate: payload.marketDate,
      content,
      sourceArticleTitle,
      articleCount: articles.length,
      themes: digest.themes.map((theme) => theme.term),
      watch: digest.watch,
      writer: this.writer.name,
      generation,
    });
    this.logger.log(
      {
        kind,
        marketDate: payload.marketDate,
        generation,
        articles: articles.length,
        writer: this.writer.name,
      },
      'daily item written',
    );
    // Shared caches drop what they hold of the day's items; the item is stored whatever happens here.
    await this.announcer.announce(`daily ${kind} ${payload.marketDate}`).catch((error: Error) => {
      this.logger.warn({ err: error.message }, 'new daily item not announced to shared caches');
    });
    // A failure here fails the job, and its retry (the day already written) hands the day over again.
    if (kind === 'analysis' && saved) await this.handToBriefing(payload.marketDate, saved);
    return {
      kind,
      marketDate: payload.marketDate,
      generation,
      written: true,
      articleCount: articles.length,
    };
  }

  /** The morning briefing of the day's analysis: added once per day, whatever the retries. */
  private async handToBriefing(
    marketDate: string,
    item: { content: string; themes: string[]; watch: string[]; createdAt: Date },
  ): Promise<void> {
    await this.briefing.add({
      marketDate,
      analysis: item.content,
      themes: item.themes,
      watch: item.watch,
      writtenAt: item.createdAt.toISOString(),
    });
  }
}
