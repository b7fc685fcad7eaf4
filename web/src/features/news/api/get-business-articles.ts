import useSWR from 'swr';
import { apiPath, PAGE_SIZES, type Article } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export function businessArticlesKey(limit: number = PAGE_SIZES.business) {
  return [apiPath('business'), { limit }] as const;
}

export function getBusinessArticles(
  key: ReturnType<typeof businessArticlesKey>,
): Promise<Article[]> {
  return apiGet<Article[]>(key, { failureMessage: 'Failed to fetch business articles' });
}

export function useBusinessArticles(limit: number = PAGE_SIZES.business) {
  const { data, error, isLoading } = useSWR(businessArticlesKey(limit), getBusinessArticles);
  return { articles: data ?? [], error: error as Error | undefined, isLoading };
}
