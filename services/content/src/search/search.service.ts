import { Injectable } from '@nestjs/common';
import type { ContentKind, SearchResponse, SearchResult } from '@probedge/proto';
import { splitHeadline } from '@probedge/kit';
import type { SearchSnippetPart } from '@probedge/proto';
import { SearchRepository, type SearchRow } from './search.repository';

// The site's article pages: /guide/<slug> and /blog/<slug> (the lists are /guides and /blogs).
const PATHS: Record<ContentKind, string> = { guide: '/guide', blog: '/blog' };

/** The snippet of a hit: the headline's parts, or the description when nothing in the body matched. */
export function snippetOf(headline: string, description: string): SearchSnippetPart[] {
  const parts = splitHeadline(headline);
  return parts.some((part) => part.highlight) ? parts : [{ text: description, highlight: false }];
}

function toResult(row: SearchRow): SearchResult {
  return {
    type: row.kind,
    id: row.slug,
    title: row.title,
    url: `${PATHS[row.kind]}/${row.slug}`,
    snippet: snippetOf(row.headline, row.description),
    category: row.category,
    publishedAt: row.createdAt.toISOString(),
    rank: row.rank,
  };
}

@Injectable()
export class SearchService {
  constructor(private readonly repository: SearchRepository) {}

  /** `query` is already cleaned and checked (see SearchQueryDto). */
  async search(
    query: string,
    type: ContentKind | undefined,
    limit: number,
  ): Promise<SearchResponse> {
    const rows = await this.repository.search(query, type, limit);
    return { query, type: type ?? 'all', results: rows.map(toResult) };
  }
}
