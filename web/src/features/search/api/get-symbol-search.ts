import useSWR from 'swr';
import { apiPath, type SymbolSearch } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const symbolSearchKey = (q: string) => [apiPath('marketSearch'), { q }] as const;

export function getSymbolSearch(q: string): Promise<SymbolSearch> {
  return apiGet<SymbolSearch>(symbolSearchKey(q), {
    failureMessage: 'Failed to fetch market data',
  });
}

/** Instruments whose symbol or name matches the words; nothing is asked for an empty query. */
export function useSymbolSearch(q: string) {
  const query = q.trim();
  return useSWR(query.length > 0 && query.length <= 50 ? symbolSearchKey(query) : null, () =>
    getSymbolSearch(query),
  );
}
