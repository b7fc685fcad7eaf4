import { CardGrid } from '../ui/page.styles';
import { SkeletonBlock } from '../ui/skeleton.styles';
import { Card } from './article-card.styles';

/** Same box as an ArticleCard, so the grid does not jump when the articles arrive. */
export function ArticleCardSkeleton() {
  return (
    <Card data-testid="article-card-skeleton" aria-hidden="true">
      <SkeletonBlock $width="85%" $height="22px" />
      <SkeletonBlock $height="14px" />
      <SkeletonBlock $height="14px" />
      <SkeletonBlock $width="60%" $height="14px" />
      <SkeletonBlock $width="40%" $height="14px" />
    </Card>
  );
}

/** A grid of `count` skeleton cards, announced once as loading; a status is not a list. */
export function ArticleSkeletonGrid({ count, label }: { count: number; label: string }) {
  return (
    <CardGrid as="div" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index}>
          <ArticleCardSkeleton />
        </div>
      ))}
    </CardGrid>
  );
}
