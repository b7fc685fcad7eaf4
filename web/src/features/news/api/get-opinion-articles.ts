import useSWR from 'swr';
import { apiPath, PAGE_SIZES, type OpinionArticle } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export function opinionArticlesKey(limit: number = PAGE_SIZES.opinion) {
  return [apiPath('opinion'), { limit }] as const;
}

export function getOpinionArticles(
  key: ReturnType<typeof opinionArticlesKey>,
): Promise<OpinionArticle[]> {
  return apiGet<OpinionArticle[]>(key, { failureMessage: 'Failed to fetch opinion articles' });
}

export function useOpinionArticles(limit: number = PAGE_SIZES.opinion) {
  const { data, error, isLoading } = useSWR(opinionArticlesKey(limit), getOpinionArticles);
  return { articles: data ?? [], error: error as Error | undefined, isLoading };
}
