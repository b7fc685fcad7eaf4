import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { HEADLINE_OPTIONS, HEADLINE_TRANSLATE, preparedQuery } from '@probedge/kit';
import type { SearchType } from '@probedge/proto';

/** One hit as the statement returns it, article or site document alike. */
export interface SearchRow {
  type: SearchType;
  /** The article's id, or the guide's or blog's slug. */
  id: string;
  title: string;
  /** The article's link; empty for a site document (its page is made from type and slug). */
  url: string;
  /** The article's feed, or the guide's or blog's category. */
  category: string;
  /** The article's source name; null for a site document. */
  source: string | null;
  publishedAt: Date;
  rank: number;
  /** A site document's description (its snippet when only its title or description matched). */
  description: string;
  /**
   * ts_headline with HEADLINE_OPTIONS of an article's description (or body, see headline()), or of the best-matching passage
   * of a site document; empty when there is nothing to quote.
   */
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
 * How many of the newest articles are read, newest first, for the candidates before the GIN index
 * is asked instead. A query matching one article in 20 or more is done within these rows (most
 * searches: common words, and pairs that go together such as "interest rates", in 7% of the
 * articles); one matching fewer has few matches for the index to list and sort (under 5,000 in
 * 100,000 if spread evenly). The choice is made as the statement runs, not by the planner, so one
 * generic plan serves every query and no search is planned on its own (planning it cost 0.3-0.45 ms,
 * a quarter of the statement's CPU); the planner's own choice was also the slower one for pairs of
 * rarer words (its estimates multiply their odds).
 */
export const SEARCH_RECENT_ROWS = 2000;

/** What one statement searches: the articles, one kind of site document, or everything. */
export type SearchScope = SearchType | 'all';

type Sql = Prisma.Sql;

/** The query, parsed once per execution: `(SELECT query FROM q)` is computed once, not per row. */
const QUERY = Prisma.sql`(SELECT query FROM q)`;

/**
 * The newest SEARCH_CANDIDATES articles matching the query, ranked, the best `limit` of them: the
 * CTEs `recent`, `candidates` and `news`.
 */
function newsHits(limit: number): Sql {
  const columns = Prisma.sql`a.id, a.source_id, a.title, a.description, a.url, a.feed,
    a.published_at, a.search_vector`;
  return Prisma.sql`
    recent AS (
      SELECT newest.* FROM (
        SELECT ${columns} FROM articles a
        ORDER BY a.published_at DESC, a.id
        LIMIT ${SEARCH_RECENT_ROWS}::int
      ) newest
      WHERE numnode(${QUERY}) > 0 AND newest.search_vector @@ ${QUERY}
      LIMIT ${SEARCH_CANDIDATES}::int
    ),
    candidates AS (
      SELECT * FROM recent WHERE (SELECT count(*) FROM recent) = ${SEARCH_CANDIDATES}::int
      UNION ALL
      (
        SELECT ${columns} FROM articles a
        WHERE a.search_vector @@ ${QUERY} AND numnode(${QUERY}) > 0
          AND (SELECT count(*) FROM recent) < ${SEARCH_CANDIDATES}::int
        ORDER BY a.published_at DESC, a.id
        LIMIT ${SEARCH_CANDIDATES}::int
      )
    ),
    news AS (
      SELECT 'news'::text AS type, c.id::text AS id, c.title, c.url, c.feed AS category,
        c.source_id, c.published_at, ts_rank_cd(c.search_vector, ${QUERY}, 32) AS rank,
        c.description
      FROM candidates c
      ORDER BY rank DESC, c.published_at DESC, c.id
      LIMIT ${limit}::int
    )`;
}

/** The best `limit` guides and blogs (or those of `kind`), all of them ranked: the CTE `site`. */
function siteHits(kind: SearchType | undefined, limit: number): Sql {
  const ofKind = kind ? Prisma.sql`AND d.kind = ${kind}::text` : Prisma.empty;
  return Prisma.sql`
    site AS (
      SELECT d.kind::text AS type, d.slug::text AS id, d.title, ''::text AS url, d.category,
        NULL::varchar AS source_id, d.published_at, ts_rank_cd(d.search_vector, ${QUERY}, 32) AS rank,
        d.description
      FROM site_documents d
      WHERE numnode(${QUERY}) > 0 AND d.search_vector @@ ${QUERY} ${ofKind}
      ORDER BY rank DESC, d.published_at DESC, d.slug
      LIMIT ${limit}::int
    )`;
}

/**
 * Quotes a hit: an article's description, or its body when the query matches the body and not
 * the description (the vector's weights tell them apart: B is the description, C the body), or a
 * site document's best-matching passage only. The body is read for the returned hits alone.
 */
function headline(): Sql {
  const marked = (text: Sql) => Prisma.sql`ts_headline('english',
    translate(${text}, ${HEADLINE_TRANSLATE.from}::text, ${HEADLINE_TRANSLATE.to}::text),
    ${QUERY}, ${HEADLINE_OPTIONS}::text)`;
  return Prisma.sql`CASE
    WHEN h.type = 'news' THEN COALESCE((
      SELECT ${marked(Prisma.sql`b.body_text`)}
      FROM articles b
      WHERE b.id = h.id::uuid AND b.body_text IS NOT NULL
        AND NOT (ts_filter(b.search_vector, '{b}') @@ ${QUERY})
        AND ts_filter(b.search_vector, '{c}') @@ ${QUERY}
    ), CASE WHEN h.description = '' THEN '' ELSE ${marked(Prisma.sql`h.description`)} END)
    ELSE COALESCE((
      SELECT ${marked(Prisma.sql`p.text`)}
      FROM site_passages p
      WHERE p.kind = h.type AND p.slug = h.id AND p.search_vector @@ ${QUERY}
      ORDER BY ts_rank_cd(p.search_vector, ${QUERY}, 32) DESC, p.ordinal
      LIMIT 1
    ), '')
  END`;
}

/** The statement for a scope, and its name: each scope's text is prepared once per connection. */
export function searchStatement(
  text: string,
  scope: SearchScope,
  limit: number,
): { name: string; statement: Sql } {
  const withNews = scope === 'all' || scope === 'news';
  const withSite = scope !== 'news';
  const ctes = [
    Prisma.sql`q AS MATERIALIZED (SELECT websearch_to_tsquery('english', ${text}::text) AS query)`,
    ...(withNews ? [newsHits(limit)] : []),
    ...(withSite ? [siteHits(scope === 'all' ? undefined : scope, limit)] : []),
  ];
  const hits = [
    ...(withNews ? [Prisma.sql`SELECT * FROM news`] : []),
    ...(withSite ? [Prisma.sql`SELECT * FROM site`] : []),
  ];
  // Ranks compare across both: the same weights (title A, description B, body C) and normalisation.
  const statement = Prisma.sql`
    WITH ${Prisma.join(ctes, ',')},
    hits AS (
      ${Prisma.join(hits, ' UNION ALL ')}
      ORDER BY rank DESC, published_at DESC, type, id
      LIMIT ${limit}::int
    )
    SELECT h.type, h.id, h.title, h.url, h.category, COALESCE(s.name, s.id) AS source,
      h.published_at AS "publishedAt", h.rank, h.description, ${headline()} AS headline
    FROM hits h
    LEFT JOIN sources s ON s.id = h.source_id
    ORDER BY h.rank DESC, h.published_at DESC, h.type, h.id`;
  const name = scope === 'all' ? 'search-all' : scope === 'news' ? 'search-news' : 'search-site';
  return { name, statement };
}

@Injectable()
export class SearchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Articles and the site's guides and blogs matching `text` (websearch_to_tsquery syntax) within
   * `scope`, best rank first, then newest. Every stored article is one a list shows: a story
   * another source claimed first is never stored.
   */
  async search(text: string, scope: SearchScope, limit: number): Promise<SearchRow[]> {
    const { name, statement } = searchStatement(text, scope, limit);
    // Parameterised as $queryRaw would send it, but on the pool (see PrismaService.pool), prepared.
    const { rows } = await preparedQuery<SearchRow>(this.prisma.pool, name, statement);
    return rows;
  }
}
