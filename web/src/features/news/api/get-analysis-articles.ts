import useSWR from 'swr';
import { apiPath, PAGE_SIZES, type Article } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export function analysisArticlesKey(limit: number = PAGE_SIZES.analysis) {
  return [apiPath('analysis'), { limit }] as const;
}

export function getAnalysisArticles(
  key: ReturnType<typeof analysisArticlesKey>,
): Promise<Article[]> {
  return apiGet<Article[]>(key, { failureMessage: 'Failed to fetch analysis articles' });
}

export function useAnalysisArticles(limit: number = PAGE_SIZES.analysis) {
  const { data, error, isLoading } = useSWR(analysisArticlesKey(limit), getAnalysisArticles);
  return { articles: data ?? [], error: error as Error | undefined, isLoading };
}
