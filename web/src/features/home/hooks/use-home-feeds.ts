import { useAnalysisPreview } from '../api/get-analysis-preview';
import { useCategoryArticles } from '../api/get-category-articles';
import { useMarketData } from '../api/get-market-data';
import { useTargetedArticles } from '../api/get-targeted-articles';

const logFailure = (error: Error) => console.warn(error.message);

/**
 * The home page's background calls (spec section 7): their results are not shown yet, so a failure
 * is logged and never reaches the page.
 */
export function useHomeFeeds(): void {
  const options = { onError: logFailure };
  useTargetedArticles(options);
  useAnalysisPreview(options);
  useCategoryArticles(undefined, options);
  useMarketData(options);
}
