import { MAX_QUOTE_SYMBOLS } from '@probedge/proto';
import { MarketError } from './market-error';
import { parseSearchQuery, parseSymbol, parseSymbolList } from './symbols.util';

/** The MarketError `call` throws; anything else fails the test. */
function errorOf(call: () => unknown): MarketError {
  try {
    call();
  } catch (error) {
    if (error instanceof MarketError) return error;
    throw error;
  }
  throw new Error('expected a MarketError');
}

describe('parseSymbol', () => {
  it.each([
    ['aapl', 'AAPL'],
    ['AAPL', 'AAPL'],
    ['Msft', 'MSFT'],
    [' spy ', 'SPY'],
    ['brk.b', 'BRK.B'],
    ['brk-a', 'BRK-A'],
    ['^gspc', '^GSPC'],
    ['eurusd=x', 'EURUSD=X'],
    ['v', 'V'],
    ['abcdefghijklmno', 'ABCDEFGHIJKLMNO'],
  ])('accepts %j as %j', (raw, symbol) => {
    expect(parseSymbol(raw)).toBe(symbol);
  });

  it.each([
    'AA PL',
    'AAPL!',
    'A/B',
    '$AAPL',
    '.AAPL',
    '-AAPL',
    'ABCDEFGHIJKLMNOP',
    'ÄPFEL',
    '',
    '   ',
    'AAPL;DROP',
  ])('refuses %j as bad input that names it', (raw) => {
    const error = errorOf(() => parseSymbol(raw));
    expect(error.code).toBe('bad-input');
    expect(error.status).toBe(400);
    expect(error.message).toContain(`"${raw}"`);
    expect(error.message).toContain('is not a ticker symbol');
  });

  it('quotes at most 20 characters of a long malformed value', () => {
    const raw = 'x'.repeat(200);
    const error = errorOf(() => parseSymbol(raw));
    expect(error.message).toContain(`"${'x'.repeat(20)}"`);
    expect(error.message).not.toContain('x'.repeat(21));
  });
});

describe('parseSymbolList', () => {
  it('upper-cases each symbol and keeps their order', () => {
    expect(parseSymbolList('msft,aapl,Spy')).toEqual(['MSFT', 'AAPL', 'SPY']);
  });

  it('drops repeats, whatever their case or spacing', () => {
    expect(parseSymbolList('AAPL,aapl, AAPL ,msft,Aapl')).toEqual(['AAPL', 'MSFT']);
  });

  it('ignores empty items between commas', () => {
    expect(parseSymbolList(',aapl,,msft,')).toEqual(['AAPL', 'MSFT']);
  });

  it(`accepts ${MAX_QUOTE_SYMBOLS} symbols`, () => {
    const symbols = Array.from({ length: MAX_QUOTE_SYMBOLS }, (_, i) => `S${i}`);
    expect(parseSymbolList(symbols.join(','))).toEqual(symbols);
  });

  it(`refuses more than ${MAX_QUOTE_SYMBOLS} as bad input`, () => {
    const symbols = Array.from({ length: MAX_QUOTE_SYMBOLS + 1 }, (_, i) => `S${i}`);
    const error = errorOf(() => parseSymbolList(symbols.join(',')));
    expect(error.code).toBe('bad-input');
    expect(error.status).toBe(400);
    expect(error.message).toContain(`${MAX_QUOTE_SYMBOLS + 1} tickers`);
    expect(error.message).toContain(`at most ${MAX_QUOTE_SYMBOLS}`);
  });

  it('counts symbols after dropping repeats', () => {
    const symbols = Array.from({ length: MAX_QUOTE_SYMBOLS }, (_, i) => `S${i}`);
    const repeated = [...symbols, ...symbols.map((symbol) => symbol.toLowerCase())];
    expect(parseSymbolList(repeated.join(','))).toEqual(symbols);
  });

  it('refuses the list when one symbol is malformed, naming that one', () => {
    const error = errorOf(() => parseSymbolList('AAPL,MS FT,SPY'));
    expect(error.code).toBe('bad-input');
    expect(error.message).toContain('"MS FT"');
  });

  it.each(['', ',', ' , ,'])('refuses a list without a symbol (%j)', (raw) => {
    const error = errorOf(() => parseSymbolList(raw));
    expect(error.code).toBe('bad-input');
    expect(error.message).toContain('at least one ticker');
  });
});

describe('parseSearchQuery', () => {
  it('trims the text', () => {
    expect(parseSearchQuery('  apple ')).toBe('apple');
  });

  it('accepts 50 characters', () => {
    expect(parseSearchQuery('a'.repeat(50))).toBe('a'.repeat(50));
  });

  it.each(['', '   ', 'a'.repeat(51), 'app\u0000le', 'line\nbreak', 'del\u007f'])(
    'refuses %j as bad input',
    (raw) => {
      const error = errorOf(() => parseSearchQuery(raw));
      expect(error.code).toBe('bad-input');
      expect(error.status).toBe(400);
    },
  );
});
