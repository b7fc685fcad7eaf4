import { Injectable } from '@nestjs/common';
import type { Feed } from '@probedge/proto';
import { inPoolTransaction } from '@probedge/kit';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** One feed item as it is stored: what ingestion hands the repository to upsert. */
export interface ArticleDraft {
  guid: string;
  canonicalUrl: string;
  url: string;
  title: string;
  description: string;
  /**
   * The item's full article as plain text (BODY_TEXT_MAX_LENGTH), which search indexes; absent
   * when the item carries only a summary.
   */
  bodyText?: string;
  /** The same article as safe HTML (src/ingestion/safe-html.util.ts, BODY_HTML_MAX_LENGTH). */
  bodyHtml?: string;
  publishedAt: Date;
  /** False when the item had no usable date and publishedAt is the fetch time. */
  dated: boolean;
  feed: Feed;
  category: string | null;
  tickers: string[];
}

export interface ArticleListRow {
  id: string;
  title: string;
  description: string;
  url: string;
  publishedAt: Date;
  tickers: string[];
}

export interface UpsertCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** Items already stored from another source under the same canonical URL. */
  duplicates: number;
}

export interface ArticleFilter {
  feeds?: Feed[];
  category?: string;
  /** Only articles tagged with this symbol (upper case, as stored). */
  symbol?: string;
}

const LIST_FIELDS = {
  id: true,
  title: true,
  description: true,
  url: true,
  publishedAt: true,
  tickers: true,
} as const;

function sameTickers(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((ticker, index) => ticker === b[index]);
}

@Injectable()
export class ArticlesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first; the id breaks ties so pages never wobble. */
  list(filter: ArticleFilter, limit: number): Promise<ArticleListRow[]> {
    const where: Prisma.ArticleWhereInput = {};
    if (filter.feeds) where.feed = { in: filter.feeds };
    if (filter.category !== undefined)
      where.category = { equals: filter.category, mode: 'insensitive' };
    // tickers @> ARRAY[symbol]: answered by the GIN index on tickers.
    if (filter.symbol !== undefined) where.tickers = { has: filter.symbol };
    return this.prisma.article.findMany({
      where,
      select: LIST_FIELDS,
      orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
      take: limit,
    });
  }

  /** Full rows for internal readers (gRPC): one feed or all, published in [since, until). */
  /**
   * Newest first, then by id; `after` continues a page: the rest of its millisecond (ids above
   * its id), then everything published before it.
   */
  listSince(
    filter: { feed?: Feed; since?: Date; until?: Date; after?: { publishedAt: Date; id: string } },
    limit: number,
  ) {
    const where: Prisma.ArticleWhereInput = {};
    if (filter.feed) where.feed = filter.feed;
    if (filter.since || filter.until) {
      where.publishedAt = {
        ...(filter.since ? { gte: filter.since } : {}),
        ...(filter.until ? { lt: filter.until } : {}),
      };
    }
    if (filter.after) {
      where.OR = [
        { publishedAt: { lt: filter.after.publishedAt } },
        { publishedAt: filter.after.publishedAt, id: { gt: filter.after.id } },
      ];
    }
    return this.prisma.article.findMany({
      where,
      select: { ...LIST_FIELDS, feed: true, sourceId: true, category: true },
      orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
      take: limit,
    });
  }

  count(): Promise<number> {
    return this.prisma.article.count();
  }

  /**
   * One source's items in one transaction. An item is the same article when its identity (GUID)
   * matches within the source; a changed title or text updates the row. A new item whose story
   * (canonical URL) another source already shows is a duplicate. Four statements on one pooled
   * connection, whatever the batch size: claims, the rows already held, one UPDATE and one INSERT
   * for the whole batch (the hottest write path; Prisma's client cost more CPU than the database).
   */
  async upsertForSource(
    sourceId: string,
    drafts: ArticleDraft[],
    fetchedAt: Date,
  ): Promise<UpsertCounts> {
    const counts: UpsertCounts = { created: 0, updated: 0, unchanged: 0, duplicates: 0 };
    // Identity within a source is the item's guid: two items sharing a link are two articles.
    const seenGuids = new Set<string>();
    const unique = drafts.filter((draft) => {
      if (seenGuids.has(draft.guid)) {
        counts.duplicates += 1;
        return false;
      }
      seenGuids.add(draft.guid);
      return true;
    });
    if (unique.length === 0) return counts;
    const urls = [...new Set(unique.map((draft) => draft.canonicalUrl))];
    return inPoolTransaction(this.prisma.pool, async (client) => {
      // A story is shown from the first source that claims its URL; claiming is one statement, so
      // two sources ingesting the same story at once cannot both win. The statement answers the
      // URLs this source holds: claimed just now (RETURNING) or before (the snapshot); every
      // other URL of the batch belongs to another source, even one committed while this waited.
      const ours = await client.query<{ canonical_url: string }>(CLAIM_STORIES, [
        urls,
        sourceId,
        fetchedAt,
      ]);
      const held = new Set(ours.rows.map((row) => row.canonical_url));
      const existing = await client.query<StoredArticle>(STORED_ARTICLES, [
        sourceId,
        [...seenGuids],
      ]);
      const byGuid = new Map(existing.rows.map((row) => [row.guid, row]));
      const toCreate: ArticleRow[] = [];
      const toUpdate: (ArticleRow & { id: string })[] = [];
      for (const draft of unique) {
        const match = byGuid.get(draft.guid);
        if (!match) {
          if (held.has(draft.canonicalUrl)) toCreate.push(articleRow(draft));
          else counts.duplicates += 1;
          continue;
        }
        // Undated items keep the time they were first seen instead of moving up on every fetch.
        const publishedAt = draft.dated ? draft.publishedAt : match.published_at;
        if (
          match.title === draft.title &&
          match.description === draft.description &&
          match.body_text === (draft.bodyText ?? null) &&
          match.body_html === (draft.bodyHtml ?? null) &&
          sameTickers(match.tickers, draft.tickers) &&
          match.published_at.getTime() === publishedAt.getTime() &&
          match.feed === draft.feed &&
          match.category === draft.category
        ) {
          counts.unchanged += 1;
        } else {
          toUpdate.push({ ...articleRow({ ...draft, publishedAt }), id: match.id });
        }
      }
      if (toUpdate.length > 0) {
        const updated = await client.query(UPDATE_ARTICLES, [JSON.stringify(toUpdate), fetchedAt]);
        counts.updated += updated.rowCount ?? 0;
      }
      if (toCreate.length > 0) {
        const created = await client.query(INSERT_ARTICLES, [
          JSON.stringify(toCreate),
          sourceId,
          fetchedAt,
        ]);
        const count = created.rowCount ?? 0;
        counts.created += count;
        // An item of this source inserted meanwhile by another run of it (same guid).
        counts.duplicates += toCreate.length - count;
      }
      return counts;
    });
  }
}

/** A batch row as the write statements read it from their JSON parameter. */
interface ArticleRow {
  guid: string;
  canonical_url: string;
  url: string;
  title: string;
  description: string;
  body_text: string | null;
  body_html: string | null;
  published_at: string;
  feed: string;
  category: string | null;
  tickers: string[];
}

interface StoredArticle {
  id: string;
  guid: string;
  title: string;
  description: string;
  body_text: string | null;
  body_html: string | null;
  tickers: string[];
  published_at: Date;
  feed: string;
  category: string | null;
}

function articleRow(draft: ArticleDraft): ArticleRow {
  return {
    guid: draft.guid,
    canonical_url: draft.canonicalUrl,
    url: draft.url,
    title: draft.title,
    description: draft.description,
    body_text: draft.bodyText ?? null,
    body_html: draft.bodyHtml ?? null,
    published_at: draft.publishedAt.toISOString(),
    feed: draft.feed,
    category: draft.category,
    tickers: draft.tickers,
  };
}

const CLAIM_STORIES = `
  WITH claimed AS (
    INSERT INTO story_urls (canonical_url, source_id, claimed_at)
    SELECT url, $2, $3 FROM unnest($1::text[]) AS url
    ON CONFLICT (canonical_url) DO NOTHING
    RETURNING canonical_url
  )
  SELECT canonical_url FROM claimed
  UNION ALL
  SELECT canonical_url FROM story_urls WHERE source_id = $2 AND canonical_url = ANY($1::text[])`;

const STORED_ARTICLES = `
  SELECT id, guid, title, description, body_text, body_html, tickers, published_at, feed, category
  FROM articles WHERE source_id = $1 AND guid = ANY($2::text[])`;

/** The JSON parameter's columns, typed as the table's. */
const BATCH_COLUMNS = `guid text, canonical_url text, url text, title text, description text,
  body_text text, body_html text, published_at timestamptz, feed varchar(20), category varchar(60), tickers text[]`;

const INSERT_ARTICLES = `
  INSERT INTO articles (id, source_id, guid, canonical_url, url, title, description,
    body_text, body_html, published_at, fetched_at, feed, category, tickers)
  SELECT gen_random_uuid(), $2, guid, canonical_url, url, title, description,
    body_text, body_html, published_at, $3, feed, category, tickers
  FROM jsonb_to_recordset($1::jsonb) AS batch(${BATCH_COLUMNS})
  ON CONFLICT (source_id, guid) DO NOTHING`;

const UPDATE_ARTICLES = `
  UPDATE articles SET title = batch.title, description = batch.description,
    body_text = batch.body_text, body_html = batch.body_html,
    tickers = batch.tickers, published_at = batch.published_at, feed = batch.feed,
    category = batch.category, fetched_at = $2
  FROM jsonb_to_recordset($1::jsonb) AS batch(id uuid, ${BATCH_COLUMNS})
  WHERE articles.id = batch.id`;
