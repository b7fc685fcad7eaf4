import { apiPath, DEFAULT_PRICE_HISTORY_RANGE, SYMBOL_PATTERN } from '@probedge/proto';

const STOCK_PAGE = /^\/stocks\/([^/]+)\/?$/i;

/**
 * A ticker page is rendered in the browser (its figures change through the day), so its first
 * paint waits for the symbol's quote. Sent with the page as a Link header, these preloads start
 * the quote and the first chart range with the page instead of after its script has run. They
 * name the exact requests the page makes (same URL and credentials mode), so the browser reuses
 * the answers; undefined for any other path or a path that is not a ticker symbol.
 */
export function stockPagePreloads(pathname: string): string | undefined {
  const match = STOCK_PAGE.exec(pathname);
  if (!match) return undefined;
  let symbol: string;
  try {
    symbol = decodeURIComponent(match[1]!).toUpperCase();
  } catch {
    return undefined;
  }
  // The pattern admits no character that could end a Link value (no '>', ',' or ';').
  if (!SYMBOL_PATTERN.test(symbol)) return undefined;
  return [
    apiPath('marketSymbol', { symbol }),
    `${apiPath('marketSymbolHistory', { symbol })}?range=${DEFAULT_PRICE_HISTORY_RANGE}`,
  ]
    .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`)
    .join(', ');
}
