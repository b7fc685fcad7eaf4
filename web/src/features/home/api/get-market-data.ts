import useSWR from 'swr';
import { REFETCH_INTERVAL_MS } from '@probedge/proto';
import { apiGet, failureLogLine } from '../../../lib/api-client';

export const marketDataKey = ['/api/market'] as const;

export function getMarketData(): Promise<unknown> {
  return apiGet<unknown>(marketDataKey, { failureMessage: 'Failed to fetch market data' });
}

/**
 * One poll: the answer, or the failure already logged. It never rejects, because SWR pauses its
 * interval while a key holds an error, and without a provider every answer is a 503.
 */
async function pollMarketData(): Promise<{ data: unknown } | { failed: true }> {
  try {
    const data = await getMarketData();
    console.info('Market data', data);
    return { data };
  } catch (error) {
    console.warn(failureLogLine(error));
    return { failed: true };
  }
}

/**
 * Spec section 7: GET /api/market every 30 s whatever it answers; the response is only logged.
 * SWR's interval skips its turns while the tab is hidden (refreshWhenHidden off) and schedules the
 * next turn only once the last request has answered, so requests never pile up.
 */
export function useMarketData(enabled = true) {
  return useSWR(enabled ? marketDataKey : null, pollMarketData, {
    refreshInterval: REFETCH_INTERVAL_MS.market,
    refreshWhenHidden: false,
  });
}
