import useSWR from 'swr';
import { apiPath, type ContentItem, type ContentKind, type ContentListItem } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

/** A kind's list (its route is the plural: /api/guides, /api/blogs). */
export function contentListKey(kind: ContentKind) {
  return [apiPath(`${kind}s`)] as const;
}

export function contentItemKey(kind: ContentKind, slug: string) {
  return [apiPath(kind, { slug })] as const;
}

export function getContentList(kind: ContentKind): Promise<ContentListItem[]> {
  return apiGet<ContentListItem[]>(contentListKey(kind));
}

function fetchContentItem(
  kind: ContentKind,
  key: ReturnType<typeof contentItemKey>,
): Promise<ContentItem> {
  return apiGet<ContentItem>(key, { failureMessage: `Failed to fetch ${kind}` });
}

export function getContentItem(kind: ContentKind, slug: string): Promise<ContentItem> {
  return fetchContentItem(kind, contentItemKey(kind, slug));
}

// Spec section 4: a failed list is logged and shown as an empty list, not as an error.
export function useContentList(kind: ContentKind) {
  const { data, isLoading } = useSWR(contentListKey(kind), () => getContentList(kind), {
    onError: (error: unknown) => console.error(`Failed to load ${kind}s`, error),
  });
  return { items: data ?? [], isLoading };
}

/** A null slug fetches nothing. */
export function useContentItem(kind: ContentKind, slug: string | null) {
  return useSWR(slug === null ? null : contentItemKey(kind, slug), (key) =>
    fetchContentItem(kind, key),
  );
}
