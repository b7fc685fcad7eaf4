import useSWR from 'swr';
import { apiPath, type ContentItem } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export function guideKey(slug: string) {
  return [apiPath('guide', { slug })] as const;
}

export function getGuide(key: ReturnType<typeof guideKey>): Promise<ContentItem> {
  return apiGet<ContentItem>(key, { failureMessage: 'Failed to fetch guide' });
}

/** A null slug fetches nothing. */
export function useGuide(slug: string | null) {
  return useSWR(slug === null ? null : guideKey(slug), getGuide);
}
