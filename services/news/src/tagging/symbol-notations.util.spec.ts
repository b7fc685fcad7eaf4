import { canonicalSymbol, findSymbolNotations } from './symbol-notations.util';

const symbols = (text: string) => findSymbolNotations(text).map((notation) => notation.symbol);

describe('findSymbolNotations', () => {
  it.each([
    ['$AAPL and $MSFT', ['AAPL', 'MSFT']],
    ['$BRK.B, $BRK/B and $BRK-A', ['BRK.B', 'BRK.B', 'BRK.A']],
    ['$SPY/QQQ spread', ['SPY']],
    ["$AAPL's rally", ['AAPL']],
  ])('reads cashtags: %s', (text, expected) => {
    expect(symbols(text)).toEqual(expected);
  });

  it.each([
    ['Apple (NASDAQ: AAPL) and JPMorgan (NYSE:JPM)', ['AAPL', 'JPM']],
    ['Stark Mining (TSX: SMX; NYSE: SMXX)', ['SMX', 'SMXX']],
    ['Northwind (NYSE American: NWT)', ['NWT']],
    ['Cyberdyne (NasdaqGS: CYDN)', ['CYDN']],
    ['Initech (OTCQX: INTK)', ['INTK']],
    ['Berkshire (NYSE: BRK.B)', ['BRK.B']],
    ['Tesla (nasdaq: tsla)', ['TSLA']],
  ])('reads exchange notations: %s', (text, expected) => {
    expect(symbols(text)).toEqual(expected);
  });

  it('reads Reuters instrument codes, with the class in lower case', () => {
    expect(symbols('Apple (AAPL.O), Meta (META.OQ), JPMorgan (JPM.N), Berkshire (BRKb.N)')).toEqual(
      ['AAPL', 'META', 'JPM', 'BRK.B'],
    );
  });

  it('ignores amounts, lower-case cashtags and exchange names in prose', () => {
    expect(symbols('Costs rose $5 billion; US$AAPL; $aapl; NYSE: the move; Nasdaq: Tech')).toEqual(
      [],
    );
    expect(symbols('The U.S. (U.S.) said')).toEqual([]);
  });

  it('gives where each notation starts and ends', () => {
    expect(findSymbolNotations('Buy $AAPL (NYSE: JPM)')).toEqual([
      { symbol: 'AAPL', start: 4, end: 9 },
      { symbol: 'JPM', start: 11, end: 20 },
    ]);
  });
});

describe('canonicalSymbol', () => {
  it.each([
    ['aapl', 'AAPL'],
    ['brk-b', 'BRK.B'],
    ['BRK/B', 'BRK.B'],
    ['BRK.B', 'BRK.B'],
    ['^GSPC', '^GSPC'],
    ['EURUSD=X', 'EURUSD=X'],
    ['BTC-USD', 'BTC-USD'],
  ])('%s → %s', (symbol, expected) => {
    expect(canonicalSymbol(symbol)).toBe(expected);
  });
});
