import type { ContentItem, ContentListItem } from '@probedge/proto';

export function listItem(overrides: Partial<ContentListItem> & Pick<ContentListItem, 'slug'>) {
  return {
    id: overrides.slug,
    title: `Title of ${overrides.slug}`,
    description: `Description of ${overrides.slug}`,
    category: 'day-trading',
    createdAt: '2025-09-01T10:00:00Z',
    ...overrides,
  } satisfies ContentListItem;
}

export function contentItem(overrides: Partial<ContentItem> & Pick<ContentItem, 'slug'>) {
  return {
    ...listItem(overrides),
    content: `Body of ${overrides.slug}`,
    ...overrides,
  } satisfies ContentItem;
}
