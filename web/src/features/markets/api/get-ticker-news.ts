import useSWR from 'swr';
import { apiPath, type Article } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

/** How many of a ticker's newest articles its page lists. */
export const TICKER_NEWS_LIMIT = 10;

export const tickerNewsKey = (symbol: string) =>
  [apiPath('articles'), { symbol, limit: TICKER_NEWS_LIMIT }] as const;

export function getTickerNews(key: ReturnType<typeof tickerNewsKey>): Promise<Article[]> {
  return apiGet<Article[]>(key);
}

/** The newest articles that name the ticker; nothing is asked without a symbol. */
export function useTickerNews(symbol: string | null) {
  return useSWR(symbol ? tickerNewsKey(symbol) : null, getTickerNews);
}
