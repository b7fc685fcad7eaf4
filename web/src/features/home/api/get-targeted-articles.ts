import useSWR, { type SWRConfiguration } from 'swr';
import { apiPath, PAGE_SIZES, type Article } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const targetedArticlesKey = [
  apiPath('targetedArticles'),
  { limit: PAGE_SIZES.targeted },
] as const;

export function getTargetedArticles(): Promise<Article[]> {
  return apiGet<Article[]>(targetedArticlesKey, {
    failureMessage: 'Failed to fetch market movers',
  });
}

/** `enabled: false` holds the request back (SWR's null key). */
export function useTargetedArticles(options?: SWRConfiguration, enabled = true) {
  return useSWR(enabled ? targetedArticlesKey : null, getTargetedArticles, options);
}
