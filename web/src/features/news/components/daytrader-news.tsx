import type { DayTraderArticle } from '@probedge/proto';
import { SkeletonBlock } from '../../../components/ui/skeleton.styles';
import { CardGrid, Notice } from '../../../components/ui/page.styles';
import { NewsItem } from './news.styles';

interface DaytraderNewsProps {
  label: string;
  articles: readonly DayTraderArticle[];
  isLoading: boolean;
  skeletons: number;
  emptyMessage: string;
}

/** Day-trader items carry only a title and a link, so they get a lighter card than ArticleCard. */
export function DaytraderNews({
  label,
  articles,
  isLoading,
  skeletons,
  emptyMessage,
}: DaytraderNewsProps) {
  if (isLoading) {
    return (
      <CardGrid as="div" role="status" aria-busy="true" aria-label={`Loading ${label}`}>
        {Array.from({ length: skeletons }, (_, index) => (
          <div key={index}>
            <NewsItem data-testid="news-item-skeleton" aria-hidden="true">
              <SkeletonBlock $width="90%" $height="20px" />
              <SkeletonBlock $width="70%" $height="20px" />
              <SkeletonBlock $width="30%" $height="14px" />
            </NewsItem>
          </div>
        ))}
      </CardGrid>
    );
  }
  if (articles.length === 0) return <Notice>{emptyMessage}</Notice>;
  return (
    <CardGrid aria-label={label}>
      {articles.map((article) => (
        <li key={article.id}>
          <NewsItem>
            <h3>{article.title}</h3>
            <a href={article.url} target="_blank" rel="noopener noreferrer">
              Read More →
            </a>
          </NewsItem>
        </li>
      ))}
    </CardGrid>
  );
}
