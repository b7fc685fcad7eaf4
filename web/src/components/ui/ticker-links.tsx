import { TickerChipLink, TickerList } from './ticker-links.styles';

/** How many of an article's tickers a card shows; the ticker page lists the rest of its news. */
export const MAX_CARD_TICKERS = 5;

/** The instruments an article names, each linking to its ticker page. */
export function TickerLinks({ tickers }: { tickers: readonly string[] | undefined }) {
  if (!tickers || tickers.length === 0) return null;
  return (
    <TickerList aria-label="Instruments named">
      {tickers.slice(0, MAX_CARD_TICKERS).map((symbol) => (
        <li key={symbol}>
          <TickerChipLink to={`/stocks/${encodeURIComponent(symbol)}`}>
            <span className="visually-hidden">Quote and news for </span>
            {symbol}
          </TickerChipLink>
        </li>
      ))}
    </TickerList>
  );
}
