import { useNewsArticles } from '../api/get-news-articles';
import { ArticleGrid } from './article-grid';

/** What each news page's list says of itself: its name, and its notices. */
const LISTS = {
  analysis: { label: 'Analysis articles', errorMessage: 'Failed to load analysis articles' },
  business: {
    label: 'Business articles',
    errorMessage: 'Failed to load business articles',
    emptyMessage: 'No business articles available at the moment',
  },
  opinion: {
    label: 'Opinion articles',
    errorMessage: 'Failed to load opinion articles',
    emptyMessage: 'No opinion articles available at the moment',
  },
} as const;

interface NewsListGridProps {
  feed: keyof typeof LISTS;
  /** The cards' heading level, where the grid sits under a section heading. */
  headingLevel?: 2 | 3;
}

/** A news page's list: its feed read and shown as cards, with its loading, error and empty states. */
export function NewsListGrid({ feed, headingLevel }: NewsListGridProps) {
  const { articles, error, isLoading } = useNewsArticles(feed);
  return (
    <ArticleGrid
      {...LISTS[feed]}
      articles={articles}
      isLoading={isLoading}
      error={error}
      headingLevel={headingLevel}
    />
  );
}
