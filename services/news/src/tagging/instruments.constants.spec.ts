import { SYMBOL_PATTERN } from '@probedge/proto';
import { INSTRUMENTS } from './instruments.constants';
import { NAME_RULES } from './name-rules.constants';

// The S&P 100 as of 2025, less GOOG and BRK.A which the list holds as classes of GOOGL and BRK.B.
const SP100 =
  `AAPL ABBV ABT ACN ADBE AIG AMD AMGN AMT AMZN AVGO AXP BA BAC BK BKNG BLK BMY BRK.B C CAT
  CHTR CL CMCSA COF COP COST CRM CSCO CVS CVX DE DHR DIS DUK EMR F FDX GD GE GILD GM GOOGL GS HD HON
  IBM INTC INTU ISRG JNJ JPM KO LIN LLY LMT LOW MA MCD MDLZ MDT MET META MMM MO MRK MS MSFT NEE NFLX
  NKE NVDA ORCL PEP PFE PG PLTR PM PYPL QCOM RTX SBUX SCHW SO SPG T TGT TMO TMUS TSLA TXN UNH UNP UPS
  USB V VZ WFC WMT XOM`.split(/\s+/);

describe('the instrument list', () => {
  const symbols = INSTRUMENTS.map((instrument) => instrument.symbol);

  it('holds the S&P 100 and the major index and sector ETFs', () => {
    expect(SP100.filter((symbol) => !symbols.includes(symbol))).toEqual([]);
    for (const etf of ['SPY', 'QQQ', 'DIA', 'IWM', 'XLK', 'XLF', 'XLE', 'XLV', 'GLD', 'TLT']) {
      expect(symbols).toContain(etf);
    }
  });

  it('has each symbol once, upper case, as the API accepts it', () => {
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const symbol of symbols) expect(symbol).toMatch(SYMBOL_PATTERN);
  });

  it('gives each name to one instrument only', () => {
    const owners = new Map<string, string>();
    for (const instrument of INSTRUMENTS) {
      for (const name of [...instrument.aliases, ...(instrument.ambiguous ?? [])]) {
        expect([name, owners.get(name) ?? instrument.symbol]).toEqual([name, instrument.symbol]);
        owners.set(name, instrument.symbol);
      }
    }
  });

  it('names share classes that are on the list', () => {
    for (const instrument of INSTRUMENTS) {
      for (const symbol of Object.values(instrument.classes ?? {}))
        expect(symbols).toContain(symbol);
    }
  });

  it('has a rule for every ambiguous name, and every rule is for a listed name', () => {
    const names = new Set(
      INSTRUMENTS.flatMap((instrument) => [...instrument.aliases, ...(instrument.ambiguous ?? [])]),
    );
    expect(Object.keys(NAME_RULES).filter((name) => !names.has(name))).toEqual([]);
    const ambiguous = INSTRUMENTS.flatMap((instrument) => instrument.ambiguous ?? []);
    expect(ambiguous.filter((name) => !NAME_RULES[name])).toEqual([]);
  });
});
