import { SLUG_PATTERN, type ContentItem, type ContentKind } from '@probedge/proto';
import { useContentItem } from '../api/get-content';

export type ArticleState =
  { status: 'loading' } | { status: 'loaded'; article: ContentItem } | { status: 'not-found' };

function isArticle(value: unknown): value is ContentItem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ContentItem).title === 'string' &&
    typeof (value as ContentItem).content === 'string'
  );
}

/** A malformed slug is not found without asking the server. */
export function useArticle(kind: ContentKind, slug: string | undefined): ArticleState {
  const validSlug = slug !== undefined && SLUG_PATTERN.test(slug) ? slug : null;
  const { data, error, isLoading } = useContentItem(kind, validSlug);

  if (validSlug === null) return { status: 'not-found' };
  if (isLoading) return { status: 'loading' };
  if (!error && isArticle(data)) return { status: 'loaded', article: data };
  return { status: 'not-found' };
}
