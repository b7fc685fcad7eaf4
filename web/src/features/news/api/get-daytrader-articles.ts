import useSWR from 'swr';
import { apiPath, PAGE_SIZES, type DayTraderArticle } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export function daytraderArticlesKey(limit: number = PAGE_SIZES.daytraderLanding) {
  return [apiPath('daytrader'), { limit }] as const;
}

export function getDaytraderArticles(
  key: ReturnType<typeof daytraderArticlesKey>,
): Promise<DayTraderArticle[]> {
  return apiGet<DayTraderArticle[]>(key, { failureMessage: 'Failed to fetch day trader articles' });
}

export function useDaytraderArticles(limit: number = PAGE_SIZES.daytraderLanding) {
  const { data, error, isLoading } = useSWR(daytraderArticlesKey(limit), getDaytraderArticles);
  return { articles: data ?? [], error: error as Error | undefined, isLoading };
}
