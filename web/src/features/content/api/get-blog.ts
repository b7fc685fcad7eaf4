import useSWR from 'swr';
import { apiPath, type ContentItem } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export function blogKey(slug: string) {
  return [apiPath('blog', { slug })] as const;
}

export function getBlog(key: ReturnType<typeof blogKey>): Promise<ContentItem> {
  return apiGet<ContentItem>(key, { failureMessage: 'Failed to fetch blog' });
}

/** A null slug fetches nothing. */
export function useBlog(slug: string | null) {
  return useSWR(slug === null ? null : blogKey(slug), getBlog);
}
