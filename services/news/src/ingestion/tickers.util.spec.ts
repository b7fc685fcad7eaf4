import { extractTickers } from './tickers.util';

describe('extractTickers', () => {
  it.each([
    ['$AAPL jumps after earnings', ['AAPL']],
    ['Apple (NASDAQ: AAPL) beats', ['AAPL']],
    ['IBM (NYSE:IBM) and $MSFT', ['IBM', 'MSFT']],
    ['$TSLA vs (nasdaq: tsla) again', ['TSLA']],
    ['Berkshire $BRK.B holds', ['BRK.B']],
    ['Costs rose $5 billion, $1.2B in fees', []],
    ['US$AAPL is not a cashtag, lowercase $aapl neither', []],
    ['No tickers here', []],
  ])('%s → %j', (title, expected) => {
    expect(extractTickers(title)).toEqual(expected);
  });
});
