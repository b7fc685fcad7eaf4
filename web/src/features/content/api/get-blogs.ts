import useSWR from 'swr';
import { apiPath, type ContentListItem } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const blogsKey = [apiPath('blogs')] as const;

export function getBlogs(): Promise<ContentListItem[]> {
  return apiGet<ContentListItem[]>(blogsKey);
}

// Spec section 4: a failed list is logged and shown as an empty list, not as an error.
export function useBlogs() {
  const { data, isLoading } = useSWR(blogsKey, getBlogs, {
    onError: (error: unknown) => console.error('Failed to load blogs', error),
  });
  return { blogs: data ?? [], isLoading };
}
