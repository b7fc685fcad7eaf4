import useSWR from 'swr';
import { apiPath, type Stock, type SymbolDetails } from '@probedge/proto';
import { apiGet } from './api-client';

export const symbolDetailsKey = (symbol: string) => [apiPath('marketSymbol', { symbol })] as const;

export function getSymbolDetails(symbol: string): Promise<SymbolDetails> {
  return apiGet<SymbolDetails>(symbolDetailsKey(symbol), {
    failureMessage: 'Failed to fetch market data',
  });
}

/** The spec's Stock Details fields from a symbol's quote and profile. */
export function toStock(details: SymbolDetails): Stock {
  const { quote, profile } = details;
  return {
    name: quote.name,
    symbol: quote.symbol,
    price: quote.price,
    change: quote.change,
    percentChange: quote.percentChange,
    fundamentals: {
      sector: profile?.sector ?? 'N/A',
      industry: profile?.industry ?? 'N/A',
      marketCap: profile?.marketCap ?? null,
      peRatio: profile?.peRatio ?? null,
      pbRatio: profile?.pbRatio ?? null,
    },
  };
}

/** The selected symbol's details; nothing is asked while no symbol is selected. */
export function useSymbolDetails(symbol: string | null) {
  return useSWR(symbol ? symbolDetailsKey(symbol) : null, () => getSymbolDetails(symbol!));
}
