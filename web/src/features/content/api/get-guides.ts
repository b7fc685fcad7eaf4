import useSWR from 'swr';
import { apiPath, type ContentListItem } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const guidesKey = [apiPath('guides')] as const;

export function getGuides(): Promise<ContentListItem[]> {
  return apiGet<ContentListItem[]>(guidesKey);
}

// Spec section 4: a failed list is logged and shown as an empty list, not as an error.
export function useGuides() {
  const { data, isLoading } = useSWR(guidesKey, getGuides, {
    onError: (error: unknown) => console.error('Failed to load guides', error),
  });
  return { guides: data ?? [], isLoading };
}
