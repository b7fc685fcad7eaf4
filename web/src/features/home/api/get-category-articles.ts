import useSWR, { type SWRConfiguration } from 'swr';
import { apiPath, PAGE_SIZES, type Article } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export function categoryArticlesKey(category?: string) {
  return [apiPath('articles'), { category, limit: PAGE_SIZES.category }] as const;
}

export function getCategoryArticles(
  key: ReturnType<typeof categoryArticlesKey>,
): Promise<Article[]> {
  return apiGet<Article[]>(key, { failureMessage: 'Failed to fetch category articles' });
}

export function useCategoryArticles(category?: string, options?: SWRConfiguration, enabled = true) {
  return useSWR(enabled ? categoryArticlesKey(category) : null, getCategoryArticles, options);
}
