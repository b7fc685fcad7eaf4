import { MAX_QUOTE_SYMBOLS, SYMBOL_PATTERN } from '@probedge/proto';
import { MarketError } from './market-error';

/** One symbol from an address, upper-cased; 400 naming it when it cannot be a ticker. */
export function parseSymbol(raw: string): string {
  const symbol = raw.trim().toUpperCase();
  if (!SYMBOL_PATTERN.test(symbol)) {
    throw new MarketError(
      'bad-input',
      `"${raw.slice(0, 20)}" is not a ticker symbol: use 1 to 15 letters, digits, dots, hyphens, ^ or =`,
    );
  }
  return symbol;
}

/** The comma-separated symbols of ?symbols=, each checked, repeats dropped, at most 25. */
export function parseSymbolList(raw: string): string[] {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) {
    throw new MarketError('bad-input', 'symbols must name at least one ticker, e.g. symbols=AAPL');
  }
  const symbols = [...new Set(parts.map(parseSymbol))];
  if (symbols.length > MAX_QUOTE_SYMBOLS) {
    throw new MarketError(
      'bad-input',
      `symbols names ${symbols.length} tickers; at most ${MAX_QUOTE_SYMBOLS} at a time`,
    );
  }
  return symbols;
}

/** A search text of 1 to 50 characters, without control characters. */
export function parseSearchQuery(raw: string): string {
  const query = raw.trim();
  // eslint-disable-next-line no-control-regex
  if (query.length === 0 || query.length > 50 || /[\u0000-\u001f\u007f]/.test(query)) {
    throw new MarketError('bad-input', 'q must be 1 to 50 characters, e.g. q=apple');
  }
  return query;
}
