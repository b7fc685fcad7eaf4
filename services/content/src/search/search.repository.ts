import { Injectable } from '@nestjs/common';
import type { ContentKind } from '@probedge/proto';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { HEADLINE_OPTIONS, HEADLINE_TRANSLATE, preparedQuery } from '@probedge/kit';

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
   * A hit's headline is made from its best-matching passage only (ts_headline reads all the text
   * it is given: over a whole 4 KB body it cost about 0.6 ms per hit); empty when only the title
   * or description matched.
   */
  async search(query: string, kind: ContentKind | undefined, limit: number): Promise<SearchRow[]> {
    const ofKind = kind ? Prisma.sql`AND c.kind = ${kind}::"ContentKind"` : Prisma.empty;
    const statement = Prisma.sql`
      WITH search AS (SELECT websearch_to_tsquery('english', ${query}::text) AS query),
      hits AS (
        SELECT c.id, c.kind, c.slug, c.title, c.description, c.category, c.created_at,
          ts_rank_cd(c.search_vector, search.query, 32) AS rank
        FROM content_items AS c, search
        WHERE numnode(search.query) > 0 AND c.search_vector @@ search.query ${ofKind}
        ORDER BY rank DESC, c.created_at DESC, c.slug
        LIMIT ${limit}::int
      )
      SELECT hits.kind::text AS kind, hits.slug, hits.title, hits.description, hits.category,
        hits.created_at AS "createdAt", hits.rank,
        COALESCE((
          SELECT ts_headline('english',
            translate(p.text, ${HEADLINE_TRANSLATE.from}::text, ${HEADLINE_TRANSLATE.to}::text),
            search.query, ${HEADLINE_OPTIONS}::text)
          FROM content_passages AS p
          WHERE p.item_id = hits.id AND p.search_vector @@ search.query
          ORDER BY ts_rank_cd(p.search_vector, search.query, 32) DESC, p.ordinal
          LIMIT 1
        ), '') AS headline
      FROM hits, search
      ORDER BY hits.rank DESC, hits.created_at DESC, hits.slug`;
    // Parameterised as $queryRaw would send it, but on the pool (see PrismaService.pool), prepared:
    // one name per text, with and without the kind.
    const name = kind ? 'content-search-of-kind' : 'content-search';
    const { rows } = await preparedQuery<SearchRow>(this.prisma.pool, name, statement);
    return rows;
  }
}
