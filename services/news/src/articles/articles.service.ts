import { Injectable } from '@nestjs/common';
import {
  FEEDS,
  type Article,
  type DayTraderArticle,
  type Feed,
  type OpinionArticle,
} from '@probedge/proto';
import { canonicalSymbol } from '../tagging/symbol-notations.util';
import { ArticlesRepository, type ArticleFilter, type ArticleListRow } from './articles.repository';
import { ListCache } from './list-cache';

/** Which rows each public list reads. */
export const LISTS = {
  business: { feeds: ['business'] },
  analysis: { feeds: ['analysis'] },
  opinion: { feeds: ['opinion'] },
  daytrader: { feeds: ['daytrader'] },
  // The general list: what is not tied to one screen.
  articles: { feeds: ['general', 'stocks'] },
  // Targeted: the ticker-heavy stocks and day-trading items.
  targeted: { feeds: ['stocks', 'daytrader'] },
} satisfies Record<string, { feeds: Feed[] }>;

export type ListName = keyof typeof LISTS;

/** A window of articles for internal readers, newest first. */
export interface ListArticlesQuery {
  feed?: Feed;
  since?: Date;
  until?: Date;
  limit: number;
}

/** Where a page ended: its last article, in the newest-first, then id order of every page. */
export interface PageCursor {
  publishedAt: Date;
  id: string;
}

/** An article with every field, for internal readers. */
export interface InternalArticle {
  id: string;
  title: string;
  description: string;
  url: string;
  publishedAt: string;
  feed: string;
  sourceId: string;
  category: string | null;
  tickers: string[];
}

function toArticle(row: ArticleListRow): Article {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    publishedAt: row.publishedAt.toISOString(),
    tickers: row.tickers,
  };
}

@Injectable()
export class ArticlesService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly cache: ListCache,
  ) {}

  list(name: ListName, limit: number): Promise<Article[]> {
    return this.cached(name, { feeds: LISTS[name].feeds }, limit, (rows) => rows.map(toArticle));
  }

  /**
   * A category or a symbol reads across every feed, and both together narrow each other ("stocks"
   * news naming AAPL); with neither, the general list.
   */
  listArticles(query: { category?: string; symbol?: string }, limit: number): Promise<Article[]> {
    const filter: ArticleFilter = {};
    if (query.category !== undefined) filter.category = query.category.toLowerCase();
    if (query.symbol !== undefined) filter.symbol = canonicalSymbol(query.symbol);
    if (query.category === undefined && query.symbol === undefined) {
      filter.feeds = LISTS.articles.feeds;
    }
    return this.cached('articles', filter, limit, (rows) => rows.map(toArticle));
  }

  listOpinion(limit: number): Promise<OpinionArticle[]> {
    return this.cached('opinion', { feeds: LISTS.opinion.feeds }, limit, (rows) =>
      rows.map((row) => ({ ...toArticle(row), description: row.description })),
    );
  }

  listDayTrader(limit: number): Promise<DayTraderArticle[]> {
    return this.cached('daytrader', { feeds: LISTS.daytrader.feeds }, limit, (rows) =>
      rows.map((row) => ({ id: row.id, title: row.title, url: row.url })),
    );
  }

  /** Internal readers (insights over gRPC) need every field and a time window; never cached. */
  async listForInternal(
    query: ListArticlesQuery & { after?: PageCursor },
  ): Promise<InternalArticle[]> {
    const rows = await this.articles.listSince(
      { feed: query.feed, since: query.since, until: query.until, after: query.after },
      query.limit,
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      url: row.url,
      publishedAt: row.publishedAt.toISOString(),
      feed: row.feed,
      sourceId: row.sourceId,
      category: row.category,
      tickers: row.tickers,
    }));
  }

  private cached<T>(
    view: string,
    filter: ArticleFilter,
    limit: number,
    shape: (rows: ArticleListRow[]) => T[],
  ): Promise<T[]> {
    // Neither a category nor a symbol holds a colon, so the parts cannot run into each other.
    const key = `${view}:${filter.category ?? ''}:${filter.symbol ?? ''}:${limit}`;
    // A category or symbol list can hold any feed, so any write makes it stale.
    const feeds = filter.feeds ?? [...FEEDS];
    return this.cache.getOrLoad(feeds, key, async () =>
      shape(await this.articles.list(filter, limit)),
    );
  }
}
