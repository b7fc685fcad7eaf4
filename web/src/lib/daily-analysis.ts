import useSWR from 'swr';
import { apiPath, type DailyAnalysis } from '@probedge/proto';
import { REFETCH_INTERVAL_MS } from './constants';
import { apiGetOrNull, failureLogLine } from './api-client';

export const dailyAnalysisKey = [apiPath('dailyAnalysis')] as const;

/**
 * Today's analysis (shown by the analysis screen, quoted by ticker pages), or null when there is
 * none yet (a 404 is an answer, not a failure).
 */
export function getDailyAnalysis(key: typeof dailyAnalysisKey): Promise<DailyAnalysis | null> {
  return apiGetOrNull<DailyAnalysis>(key, { failureMessage: 'Failed to fetch daily analysis' });
}

export function useDailyAnalysis() {
  const { data, error, isLoading } = useSWR(dailyAnalysisKey, getDailyAnalysis, {
    refreshInterval: REFETCH_INTERVAL_MS.dailyAnalysis,
    // SWR stops its interval after a failure; keep asking once a minute instead.
    onErrorRetry: (failure: Error, _key, _config, revalidate, { retryCount }) => {
      console.warn(failureLogLine(failure));
      setTimeout(() => void revalidate({ retryCount }), REFETCH_INTERVAL_MS.dailyAnalysis);
    },
    shouldRetryOnError: true,
  });
  return { analysis: data, error: error as Error | undefined, isLoading };
}
