import { Inject, Injectable } from '@nestjs/common';
import { renderAtomFeed, type AtomEntry } from '@probedge/kit';
import { SITE_FEEDS, siteFeedTitle } from '@probedge/proto';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { DailyItemsRepository } from '../items/daily-items.repository';
import { fromDateColumn, longDate } from '../market/market-date.util';
import { paragraphsHtml } from './paragraphs-html.util';

/** Entries of the daily-analysis feed: the latest market days. */
export const FEED_ENTRIES = 30;

const SUBTITLE =
  "The day's market read, written each market morning from the day's news. Educational content only, not investment advice.";

/** Before any analysis exists: a fixed instant, so every replica writes the same empty feed. */
const NEVER_UPDATED = new Date(0);

@Injectable()
export class FeedsService {
  private readonly origin: string;
  private readonly host: string;

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    private readonly items: DailyItemsRepository,
  ) {
    this.origin = config.PUBLIC_URL.replace(/\/+$/, '');
    this.host = new URL(config.PUBLIC_URL).hostname;
  }

  /** The Atom document of the latest daily analyses, newest market day first. */
  async dailyAnalysis(): Promise<string> {
    const rows = await this.items.newest('analysis', FEED_ENTRIES);
    const page = `${this.origin}/analysis`;
    const self = `${this.origin}${SITE_FEEDS.dailyAnalysis.path}`;
    const entries = rows.map((row): AtomEntry => {
      const date = fromDateColumn(row.marketDate);
      return {
        // One per market day, whatever the scheme or port the site moves to; the page shows only
        // today's analysis, so its address cannot name the day.
        id: `tag:${this.host},${date}:daily-analysis`,
        title: `Daily market analysis — ${longDate(date)}`,
        url: page,
        // When the current text was written; a regeneration moves it.
        published: row.createdAt,
        updated: row.createdAt,
        contentHtml: paragraphsHtml(row.content),
      };
    });
    const updated = entries.reduce(
      (latest, entry) => (entry.updated > latest ? entry.updated : latest),
      NEVER_UPDATED,
    );
    return renderAtomFeed({
      id: self,
      title: siteFeedTitle('dailyAnalysis', this.config.BRAND_NAME),
      subtitle: SUBTITLE,
      selfUrl: self,
      alternateUrl: page,
      updated,
      authorName: this.config.BRAND_NAME,
      entries,
    });
  }
}
