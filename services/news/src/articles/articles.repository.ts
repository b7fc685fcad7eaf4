import { Injectable } from '@nestjs/common';
import type { Feed } from '@probedge/proto';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** One feed item as it is stored: what ingestion hands the repository to upsert. */
export interface ArticleDraft {
  guid: string;
  canonicalUrl: string;
  url: string;
  title: string;
  description: string;
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
}

const LIST_FIELDS = {
  id: true,
  title: true,
  description: true,
  url: true,
  publishedAt: true,
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
      select: { ...LIST_FIELDS, feed: true, sourceId: true, category: true, tickers: true },
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
   * (canonical URL) another source already shows is a duplicate.
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
    return this.prisma.$transaction(async (tx) => {
      // A story is shown from the first source that claims its URL; claiming is one statement, so
      // two sources ingesting the same story at once cannot both win. The statement answers the
      // URLs this source holds: claimed just now (RETURNING) or before (the snapshot); every
      // other URL of the batch belongs to another source, even one committed while this waited.
      const ours = await tx.$queryRaw<{ canonical_url: string }[]>`
        WITH claimed AS (
          INSERT INTO story_urls (canonical_url, source_id, claimed_at)
          SELECT url, ${sourceId}, ${fetchedAt} FROM unnest(${urls}::text[]) AS url
          ON CONFLICT (canonical_url) DO NOTHING
          RETURNING canonical_url
        )
        SELECT canonical_url FROM claimed
        UNION ALL
        SELECT canonical_url FROM story_urls
        WHERE source_id = ${sourceId} AND canonical_url = ANY(${urls}::text[])`;
      const held = new Set(ours.map((row) => row.canonical_url));
      const elsewhere = new Set(urls.filter((url) => !held.has(url)));
      const existing = await tx.article.findMany({
        where: { sourceId, guid: { in: [...seenGuids] } },
      });
      const byGuid = new Map(existing.map((row) => [row.guid, row]));
      const toCreate: Prisma.ArticleCreateManyInput[] = [];
      for (const draft of unique) {
        const match = byGuid.get(draft.guid);
        if (!match) {
          if (elsewhere.has(draft.canonicalUrl)) counts.duplicates += 1;
          else
            toCreate.push({
              sourceId,
              guid: draft.guid,
              canonicalUrl: draft.canonicalUrl,
              url: draft.url,
              title: draft.title,
              description: draft.description,
              publishedAt: draft.publishedAt,
              fetchedAt,
              feed: draft.feed,
              category: draft.category,
              tickers: draft.tickers,
            });
          continue;
        }
        const changes: Prisma.ArticleUpdateInput = {};
        if (match.title !== draft.title) changes.title = draft.title;
        if (match.description !== draft.description) changes.description = draft.description;
        if (!sameTickers(match.tickers, draft.tickers)) changes.tickers = draft.tickers;
        // Undated items keep the time they were first seen instead of moving up on every fetch.
        if (draft.dated && match.publishedAt.getTime() !== draft.publishedAt.getTime()) {
          changes.publishedAt = draft.publishedAt;
        }
        if (match.feed !== draft.feed) changes.feed = draft.feed;
        if (match.category !== draft.category) changes.category = draft.category;
        if (Object.keys(changes).length === 0) {
          counts.unchanged += 1;
        } else {
          await tx.article.update({ where: { id: match.id }, data: { ...changes, fetchedAt } });
          counts.updated += 1;
        }
      }
      if (toCreate.length > 0) {
        const { count } = await tx.article.createMany({ data: toCreate, skipDuplicates: true });
        counts.created += count;
        counts.duplicates += toCreate.length - count;
      }
      return counts;
    });
  }
}
