import useSWR from 'swr';
import { apiPath, type MarketSnapshot } from '@probedge/proto';
import { REFETCH_INTERVAL_MS } from '../../../lib/constants';
import { apiGet, failureLogLine } from '../../../lib/api-client';

export const marketDataKey = [apiPath('market')] as const;

export function getMarketData(): Promise<MarketSnapshot> {
  return apiGet<MarketSnapshot>(marketDataKey, { failureMessage: 'Failed to fetch market data' });
}

/** The snapshot when it has the expected shape; anything else is no snapshot. */
function asSnapshot(data: unknown): MarketSnapshot | null {
  const candidate = data as Partial<MarketSnapshot> | null;
  return candidate && Array.isArray(candidate.quotes) && typeof candidate.sampleData === 'boolean'
    ? (candidate as MarketSnapshot)
    : null;
}

/**
 * One poll: the snapshot, or the failure already logged. It never rejects, because SWR pauses its
 * interval while a key holds an error, and without a provider every answer is a 503.
 */
async function pollMarketData(): Promise<{ snapshot: MarketSnapshot | null }> {
  try {
    return { snapshot: asSnapshot(await getMarketData()) };
  } catch (error) {
    console.warn(failureLogLine(error));
    return { snapshot: null };
  }
}

/**
 * Spec section 7: GET /api/market every 30 s whatever it answers. SWR's interval skips its turns
 * while the tab is hidden (refreshWhenHidden off) and schedules the next turn only once the last
 * request has answered, so requests never pile up.
 */
export function useMarketData(enabled = true) {
  const { data } = useSWR(enabled ? marketDataKey : null, pollMarketData, {
    refreshInterval: REFETCH_INTERVAL_MS.market,
    refreshWhenHidden: false,
  });
  return data?.snapshot ?? null;
}
