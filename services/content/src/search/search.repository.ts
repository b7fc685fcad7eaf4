import { Injectable } from '@nestjs/common';
import type { ContentKind } from '@probedge/proto';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { HEADLINE_OPTIONS, HEADLINE_TRANSLATE } from '@probedge/kit';

export interface SearchRow {
  kind: ContentKind;
  slug: string;
  title: string;
  description: string;
  category: string;
  createdAt: Date;
  rank: number;
  /** Fragments of the plain body with each match between HIGHLIGHT_START and HIGHLIGHT_STOP. */
  headline: string;
}

@Injectable()
export class SearchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The best `limit` guides and blogs for a web-search style query, best first then newest.
   * Every value is a bind parameter. A query of only stop words or punctuation matches nothing.
   * Headlines, the costly part, are made for the hits kept only.
   */
  search(query: string, kind: ContentKind | undefined, limit: number): Promise<SearchRow[]> {
    const ofKind = kind ? Prisma.sql`AND c.kind = ${kind}::"ContentKind"` : Prisma.empty;
    return this.prisma.$queryRaw<SearchRow[]>`
      WITH search AS (SELECT websearch_to_tsquery('english', ${query}) AS query),
      hits AS (
        SELECT c.kind, c.slug, c.title, c.description, c.category, c.created_at, c.plain_content,
          ts_rank_cd(c.search_vector, search.query, 32) AS rank
        FROM content_items AS c, search
        WHERE numnode(search.query) > 0 AND c.search_vector @@ search.query ${ofKind}
        ORDER BY rank DESC, c.created_at DESC, c.slug
        LIMIT ${limit}
      )
      SELECT hits.kind::text AS kind, hits.slug, hits.title, hits.description, hits.category,
        hits.created_at AS "createdAt", hits.rank,
        ts_headline('english',
          translate(hits.plain_content, ${HEADLINE_TRANSLATE.from}::text, ${HEADLINE_TRANSLATE.to}::text),
          search.query, ${HEADLINE_OPTIONS}::text) AS headline
      FROM hits, search
      ORDER BY hits.rank DESC, hits.created_at DESC, hits.slug`;
  }
}
