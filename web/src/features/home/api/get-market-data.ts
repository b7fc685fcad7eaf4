import useSWR, { type SWRConfiguration } from 'swr';
import { REFETCH_INTERVAL_MS } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const marketDataKey = ['/api/market'] as const;

export function getMarketData(): Promise<unknown> {
  return apiGet<unknown>(marketDataKey, { failureMessage: 'Failed to fetch market data' });
}

// Spec section 7: the market response is only logged, and it is the one list polled every 30 s.
export function useMarketData(options?: SWRConfiguration, enabled = true) {
  return useSWR(enabled ? marketDataKey : null, getMarketData, {
    ...options,
    refreshInterval: REFETCH_INTERVAL_MS.market,
    onSuccess: (data: unknown) => console.info('Market data', data),
  });
}
