import { SkeletonBlock } from '../../../components/ui/skeleton.styles';
import { SkeletonStack } from './article-page.styles';

export function ArticleSkeleton({ label }: { label: string }) {
  return (
    <SkeletonStack role="status" aria-busy="true" aria-label={label}>
      <SkeletonBlock $width="120px" $height="14px" />
      <SkeletonBlock $width="80%" $height="36px" />
      <SkeletonBlock $width="60%" $height="20px" />
      <SkeletonBlock $width="160px" $height="14px" />
      <SkeletonBlock $height="320px" />
    </SkeletonStack>
  );
}
