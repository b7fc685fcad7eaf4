import type { SWRConfiguration } from 'swr';
import { fetchKey } from './api-client';

// Spec section 9: data never goes stale, no focus or reconnect refetch, no polling, no retries.
export const swrDefaults: SWRConfiguration = {
  fetcher: fetchKey,
  shouldRetryOnError: false,
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
};
