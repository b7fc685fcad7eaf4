const EXCHANGES =
  'NASDAQ|NYSE|NYSE American|NYSE Arca|NYSEARCA|AMEX|OTC|OTCQX|OTCQB|TSX|LSE|CBOE|BATS';

const CASHTAG = /(?:^|[^\w$])\$([A-Z]{1,5}(?:\.[A-Z]{1,2})?)(?![\w])/g;
const EXCHANGE_TAG = new RegExp(
  `\\((?:${EXCHANGES})\\s*:\\s*([A-Z]{1,5}(?:\\.[A-Z]{1,2})?)\\s*\\)`,
  'gi',
);

/** Ticker symbols named in a title (`$AAPL`, `(NASDAQ: AAPL)`), upper-case, first mention first. */
export function extractTickers(title: string): string[] {
  const found: { symbol: string; index: number }[] = [];
  for (const match of title.matchAll(CASHTAG)) {
    found.push({ symbol: match[1]!, index: match.index });
  }
  for (const match of title.matchAll(EXCHANGE_TAG)) {
    found.push({ symbol: match[1]!.toUpperCase(), index: match.index });
  }
  found.sort((a, b) => a.index - b.index);
  return [...new Set(found.map((entry) => entry.symbol))];
}
