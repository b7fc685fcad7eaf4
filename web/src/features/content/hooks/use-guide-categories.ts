import {
  CONTENT_CATEGORIES,
  categoryLabel,
  type ContentCategory,
  type ContentListItem,
} from '@probedge/proto';
import { useContentList } from '../api/get-content';

export interface GuideCategoryCard {
  category: ContentCategory;
  label: string;
  guide: ContentListItem;
}

/**
 * One card per known category, in the product's category order, each pointing at the first
 * guide of that category in the order the API returned them. Unknown categories are dropped.
 */
export function firstGuidePerCategory(guides: readonly ContentListItem[]): GuideCategoryCard[] {
  return CONTENT_CATEGORIES.flatMap((category) => {
    const guide = guides.find((candidate) => candidate.category === category);
    return guide ? [{ category, label: categoryLabel(category), guide }] : [];
  });
}

export function useGuideCategories() {
  const { items: guides, isLoading } = useContentList('guide');
  return { cards: firstGuidePerCategory(guides), isLoading };
}
