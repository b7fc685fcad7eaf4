import useSWR from 'swr';
import { apiPath, type PriceHistory, type PriceHistoryRange } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const priceHistoryKey = (symbol: string, range: PriceHistoryRange) =>
  [apiPath('marketSymbolHistory', { symbol }), { range }] as const;

export function getPriceHistory(symbol: string, range: PriceHistoryRange): Promise<PriceHistory> {
  return apiGet<PriceHistory>(priceHistoryKey(symbol, range), {
    failureMessage: 'Failed to fetch market data',
  });
}

/**
 * A symbol's daily bars over the range; nothing is asked without a symbol. The previous range's
 * bars stay on screen while another loads, so the chart and an opened table do not blink away.
 */
export function usePriceHistory(symbol: string | null, range: PriceHistoryRange) {
  return useSWR(
    symbol ? priceHistoryKey(symbol, range) : null,
    () => getPriceHistory(symbol!, range),
    { keepPreviousData: true },
  );
}
