import { Injectable } from '@nestjs/common';
import type {
  ContentKind,
  SearchResponse,
  SearchResult,
  SearchSnippetPart,
  SearchType,
} from '@probedge/proto';
import { splitHeadline } from '@probedge/kit';
import { SearchRepository, type SearchRow } from './search.repository';

// The site's article pages: /guide/<slug> and /blog/<slug> (the lists are /guides and /blogs).
const PAGES: Record<ContentKind, string> = { guide: '/guide', blog: '/blog' };

/** A guide's or blog's snippet: the passage's parts, or the description when no passage matched. */
export function snippetOf(headline: string, description: string): SearchSnippetPart[] {
  const parts = splitHeadline(headline);
  return parts.some((part) => part.highlight) ? parts : [{ text: description, highlight: false }];
}

function toResult(row: SearchRow): SearchResult {
  const common = {
    id: row.id,
    title: row.title,
    category: row.category,
    publishedAt: row.publishedAt.toISOString(),
    rank: row.rank,
  };
  if (row.type === 'news') {
    return {
      type: 'news',
      ...common,
      url: row.url,
      snippet: splitHeadline(row.headline),
      source: row.source ?? '',
    };
  }
  return {
    type: row.type,
    ...common,
    url: `${PAGES[row.type]}/${row.id}`,
    snippet: snippetOf(row.headline, row.description),
  };
}

@Injectable()
export class SearchService {
  constructor(private readonly repository: SearchRepository) {}

  /** `query` is already cleaned and of an acceptable length (SearchQuery). */
  async search(
    query: string,
    type: SearchType | undefined,
    limit: number,
  ): Promise<SearchResponse> {
    const rows = await this.repository.search(query, type ?? 'all', limit);
    return { query, type: type ?? 'all', results: rows.map(toResult) };
  }
}
