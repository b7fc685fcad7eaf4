import type { Article } from '@probedge/proto';
import { useAnalysisPreview } from '../api/get-analysis-preview';
import { useCategoryArticles } from '../api/get-category-articles';
import { useMarketData } from '../api/get-market-data';
import { useTargetedArticles } from '../api/get-targeted-articles';

const logFailure = (error: Error) => console.warn(error.message);

/**
 * The home page's background calls (spec section 7). Only the targeted headlines are shown (in the
 * ticker); a failure is logged and never reaches the page.
 */
export function useHomeFeeds(): { headlines: readonly Article[] } {
  const options = { onError: logFailure };
  const targeted = useTargetedArticles(options);
  useAnalysisPreview(options);
  useCategoryArticles(undefined, options);
  useMarketData(options);
  return { headlines: Array.isArray(targeted.data) ? targeted.data : [] };
}
