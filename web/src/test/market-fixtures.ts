import type { MarketSnapshot, Quote, SymbolDetails } from '@probedge/proto';

/** A sandbox quote at the close of 27 November 2026, its percent change worked out from the change. */
export const sampleQuote = (
  symbol: string,
  name: string,
  price: number,
  change: number,
): Quote => ({
  symbol,
  name,
  price,
  change,
  percentChange: Math.round((change / (price - change)) * 10_000) / 100,
  currency: 'USD',
  asOf: '2026-11-27T21:00:00.000Z',
  delayMinutes: 0,
  source: 'sandbox',
  isLive: false,
  stale: false,
});

export const SAMPLE_SNAPSHOT: MarketSnapshot = {
  asOf: '2026-11-27T21:00:00.000Z',
  sources: ['sandbox'],
  sampleData: true,
  quotes: [
    sampleQuote('SPY', 'SPDR S&P 500 ETF Trust', 512.3, 4.1),
    sampleQuote('QQQ', 'Invesco QQQ Trust', 441.2, -3.3),
  ],
};

export const LIVE_SNAPSHOT: MarketSnapshot = {
  ...SAMPLE_SNAPSHOT,
  sources: ['finnhub'],
  sampleData: false,
  quotes: SAMPLE_SNAPSHOT.quotes.map((item) => ({ ...item, source: 'finnhub', isLive: true })),
};

export const SPY_DETAILS: SymbolDetails = {
  sampleData: true,
  quote: SAMPLE_SNAPSHOT.quotes[0],
  profile: {
    sector: null,
    industry: null,
    marketCap: null,
    peRatio: null,
    pbRatio: null,
    exchange: 'NYSE ARCA',
    source: 'sandbox',
  },
};
