import type { ReactNode } from 'react';
import { SKELETON_COUNT } from '../../../lib/constants';
import { ArticleCard } from '../../../components/article-card/article-card';
import { ArticleSkeletonGrid } from '../../../components/article-card/article-card-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { CardGrid, Notice } from '../../../components/ui/page.styles';

interface GridArticle {
  id: string;
  title: string;
  description?: string | null;
  url: string;
  publishedAt: string;
  tickers?: readonly string[];
}

interface ArticleGridProps {
  label: string;
  articles: readonly GridArticle[];
  isLoading: boolean;
  error: Error | undefined;
  errorMessage: string;
  /** What an empty list shows; nothing at all when left out (the analysis screen). */
  emptyMessage?: ReactNode;
  headingLevel?: 2 | 3;
}

/** The loading, error, empty and loaded states shared by every article list screen. */
export function ArticleGrid({
  label,
  articles,
  isLoading,
  error,
  errorMessage,
  emptyMessage,
  headingLevel,
}: ArticleGridProps) {
  if (isLoading) {
    return <ArticleSkeletonGrid count={SKELETON_COUNT.list} label={`Loading ${label}`} />;
  }
  if (error) return <LoadError message={errorMessage} />;
  if (articles.length === 0) return emptyMessage ? <Notice>{emptyMessage}</Notice> : null;
  return (
    <CardGrid aria-label={label}>
      {articles.map((article) => (
        <li key={article.id}>
          <ArticleCard
            title={article.title}
            description={article.description}
            url={article.url}
            publishedAt={article.publishedAt}
            tickers={article.tickers}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </CardGrid>
  );
}
