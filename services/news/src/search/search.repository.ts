import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { HEADLINE_OPTIONS, HEADLINE_TRANSLATE, preparedQuery } from '@probedge/kit';

export interface SearchRow {
  id: string;
  title: string;
  url: string;
  feed: string;
  publishedAt: Date;
  sourceName: string;
  rank: number;
  /** ts_headline of the description with HEADLINE_OPTIONS; empty when there is no description. */
  headline: string;
}

/**
 * Only the newest this many matches are ranked. A common word ("market" is in about half the
 * articles) matches tens of thousands of rows, and ranking them all reads and scores every one
 * (70 ms at 100,000 articles, growing with the table); the newest 100 are found in a few hundred
 * rows, and a news search should favour fresh news anyway. Rarer words have all matches ranked.
 */
export const SEARCH_CANDIDATES = 100;

/**
 * How many of the newest articles are read, newest first, for the candidates of a query of more
 * than one word before the GIN index is asked instead. For one word PostgreSQL's planner chooses
 * well between walking the newest articles and the GIN index (the column's statistics know the
 * common words). For several it multiplies their odds, so a pair that goes together ("interest
 * rates", in 7% of the articles) looks ten times rarer than it is, and it takes all 7,000 matches
 * from the index to sort them by date (20 ms). Walking first bounds that: a query matching one
 * article in 20 is done within these rows; one matching fewer has few matches for the index to
 * list (under 5,000 in 100,000 if spread evenly).
 */
export const SEARCH_RECENT_ROWS = 2000;

@Injectable()
export class SearchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Articles matching `text` (websearch_to_tsquery syntax), best rank first, then newest. Every
   * stored article is one a list shows: a story another source claimed first is never stored.
   */
  async search(text: string, limit: number): Promise<SearchRow[]> {
    // Written out at each use rather than once in a CTE: the planner then sees the query itself,
    // its words' frequencies and its number of nodes (0 for stop words only: no scan at all; 1 for
    // one word: no walk).
    const query = Prisma.sql`websearch_to_tsquery('english', ${text}::text)`;
    const columns = Prisma.sql`a.id, a.source_id, a.title, a.description, a.url, a.feed,
      a.published_at, a.search_vector`;
    const statement = Prisma.sql`
      WITH recent AS (
        SELECT newest.* FROM (
          SELECT ${columns} FROM articles a
          ORDER BY a.published_at DESC, a.id
          LIMIT ${SEARCH_RECENT_ROWS}::int
        ) newest
        WHERE newest.search_vector @@ ${query} AND numnode(${query}) > 1
        LIMIT ${SEARCH_CANDIDATES}::int
      ),
      candidates AS (
        SELECT * FROM recent WHERE (SELECT count(*) FROM recent) = ${SEARCH_CANDIDATES}::int
        UNION ALL
        (
          SELECT ${columns} FROM articles a
          WHERE a.search_vector @@ ${query} AND numnode(${query}) > 0
            AND (SELECT count(*) FROM recent) < ${SEARCH_CANDIDATES}::int
          ORDER BY a.published_at DESC, a.id
          LIMIT ${SEARCH_CANDIDATES}::int
        )
      ),
      ranked AS (
        SELECT c.*, ts_rank_cd(c.search_vector, ${query}, 32) AS rank
        FROM candidates c
        ORDER BY rank DESC, c.published_at DESC, c.id
        LIMIT ${limit}::int
      )
      SELECT r.id, r.title, r.url, r.feed, r.published_at AS "publishedAt",
        COALESCE(s.name, s.id) AS "sourceName", r.rank,
        CASE WHEN r.description = '' THEN ''
          ELSE ts_headline('english',
            translate(r.description, ${HEADLINE_TRANSLATE.from}::text, ${HEADLINE_TRANSLATE.to}::text),
            ${query}, ${HEADLINE_OPTIONS}::text)
        END AS headline
      FROM ranked r
      JOIN sources s ON s.id = r.source_id
      ORDER BY r.rank DESC, r.published_at DESC, r.id`;
    // Parameterised as $queryRaw would send it, but on the pool (see PrismaService.pool), prepared.
    const { rows } = await preparedQuery<SearchRow>(this.prisma.pool, 'news-search', statement);
    return rows;
  }
}
