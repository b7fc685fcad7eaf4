import type { Article, MarketSnapshot } from '@probedge/proto';
import { failureLogLine } from '../../../lib/api-client';
import { useAfterLoadIdle } from '../../../lib/use-after-load-idle';
import { useAnalysisPreview } from '../api/get-analysis-preview';
import { useCategoryArticles } from '../api/get-category-articles';
import { useMarketData } from '../api/get-market-data';
import { useTargetedArticles } from '../api/get-targeted-articles';

const logFailure = (error: Error) => console.warn(failureLogLine(error));

/**
 * The home page's background calls (spec section 7). The targeted headlines are shown in the
 * ticker and the market snapshot in the market strip; a failure is logged and never reaches the page. They start once the page has loaded
 * and the browser is idle: the ticker shows its static text until then.
 */
export function useHomeFeeds(): {
  headlines: readonly Article[];
  market: MarketSnapshot | null;
} {
  const ready = useAfterLoadIdle();
  const options = { onError: logFailure };
  const targeted = useTargetedArticles(options, ready);
  useAnalysisPreview(options, ready);
  useCategoryArticles(undefined, options, ready);
  const market = useMarketData(ready);
  return { headlines: Array.isArray(targeted.data) ? targeted.data : [], market };
}
