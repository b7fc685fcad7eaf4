import useSWR from 'swr';
import { apiPath, PAGE_SIZES, type Article } from '@probedge/proto';
import { apiGet, failureLogLine } from '../../../lib/api-client';

export function professionalArticlesKey() {
  return [
    apiPath('articles'),
    { category: 'stocks', limit: PAGE_SIZES.professionalStocks },
  ] as const;
}

export function getProfessionalArticles(
  key: ReturnType<typeof professionalArticlesKey>,
): Promise<Article[]> {
  return apiGet<Article[]>(key, {
    failureMessage: 'Failed to fetch professional trading articles',
  });
}

/** Spec section 7: requested on the professional page, result not shown; failures are logged. */
export function useProfessionalArticles(): void {
  useSWR(professionalArticlesKey(), getProfessionalArticles, {
    onError: (error: Error) => console.warn(failureLogLine(error)),
  });
}
