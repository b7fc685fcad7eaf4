import useSWR from 'swr';
import { apiPath, SEARCH_LIMITS, type SearchResponse, type SearchType } from '@probedge/proto';
import { apiGet, type ApiKey } from '../../../lib/api-client';

/** What the search page asks for: the query as typed (trimmed) and an optional type. */
export interface SearchRequest {
  q: string;
  type?: SearchType;
}

/** Shorter queries are not sent: the API would refuse them, so the page says why instead. */
export function isSearchable(q: string): boolean {
  return q.trim().length >= SEARCH_LIMITS.minQuery;
}

export function searchKey({ q, type }: SearchRequest): ApiKey {
  return [apiPath('search'), { q: q.trim().slice(0, SEARCH_LIMITS.maxQuery), type, limit: 20 }];
}

export function getSearch(key: ApiKey): Promise<SearchResponse> {
  return apiGet<SearchResponse>(key);
}

/** No request for an empty or too short query; the previous results stay while the next load. */
export function useSearch(request: SearchRequest) {
  return useSWR(isSearchable(request.q) ? searchKey(request) : null, getSearch, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}
