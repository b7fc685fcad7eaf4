import { Injectable } from '@nestjs/common';
import type { SearchResponse, SearchResult } from '@probedge/proto';
import { NEWS_SEARCH_TYPE } from './dto/search.dto';
import { SearchRepository, type SearchRow } from './search.repository';
import { splitHeadline } from '@probedge/kit';

function toResult(row: SearchRow): SearchResult {
  return {
    type: NEWS_SEARCH_TYPE,
    id: row.id,
    title: row.title,
    url: row.url,
    snippet: splitHeadline(row.headline),
    category: row.feed,
    source: row.sourceName,
    publishedAt: row.publishedAt.toISOString(),
    rank: row.rank,
  };
}

@Injectable()
export class SearchService {
  constructor(private readonly repository: SearchRepository) {}

  /** `query` is already cleaned and of an acceptable length (SearchQuery). */
  async search(query: string, limit: number): Promise<SearchResponse> {
    const rows = await this.repository.search(query, limit);
    return { query, type: NEWS_SEARCH_TYPE, results: rows.map(toResult) };
  }
}
