import { SANDBOX_MARKET_SOURCE } from '@probedge/proto';
import { SANDBOX_INSTRUMENTS } from './sandbox-universe';
import { SandboxProvider } from './sandbox.provider';
import { isTradingDay } from '../market/market-session';

const NEW_YORK = 'America/New_York';

/** A provider whose clock reads `iso` until `set` moves it. */
function sandboxAt(iso: string) {
  let now = new Date(iso);
  const provider = new SandboxProvider(NEW_YORK, () => now);
  return {
    provider,
    set: (next: string) => {
      now = new Date(next);
    },
  };
}

// Wednesday 2024-01-31 (EST): the session runs 14:30Z to 21:00Z.
const MID_SESSION = '2024-01-31T17:45:00Z';
const BEFORE_CLOSE = '2024-01-31T20:59:00Z';
const AT_CLOSE = '2024-01-31T21:00:00Z';
const SATURDAY = '2024-02-03T16:00:00Z';
/**
 * Funds and stocks of low and high volatility. (Each instance builds a symbol's series from 2018,
 * which takes a while under Jest, so the checks run over a sample rather than the whole universe.)
 */
const SAMPLE_SYMBOLS = ['SPY', 'VIXY', 'AAPL', 'TSLA'];
/** One instance for the checks that only read at SATURDAY: each symbol's series is built once. */
const onSaturday = sandboxAt(SATURDAY).provider;

describe('SandboxProvider', () => {
  it('knows every sample symbol this suite uses', () => {
    const universe = SANDBOX_INSTRUMENTS.map((item) => item.symbol);
    expect(universe).toEqual(expect.arrayContaining(SAMPLE_SYMBOLS));
  });

  it('is labelled as sample figures: named "sandbox", not live, without delay', () => {
    const { provider } = sandboxAt(MID_SESSION);
    expect(provider.name).toBe('sandbox');
    expect(provider.name).toBe(SANDBOX_MARKET_SOURCE);
    expect(provider.isLive).toBe(false);
    expect(provider.delayMinutes).toBe(0);
    expect([...provider.operations].sort()).toEqual(['history', 'profile', 'quotes', 'search']);
  });

  describe('is deterministic', () => {
    it('two instances at the same instant give the same quotes, in and out of the session', async () => {
      const a = sandboxAt(MID_SESSION);
      const b = sandboxAt(MID_SESSION);
      for (const instant of [MID_SESSION, AT_CLOSE, SATURDAY]) {
        a.set(instant);
        b.set(instant);
        const quotes = await a.provider.quotes(SAMPLE_SYMBOLS);
        expect(quotes.size).toBe(SAMPLE_SYMBOLS.length);
        expect([...quotes.entries()]).toEqual([
          ...(await b.provider.quotes(SAMPLE_SYMBOLS)).entries(),
        ]);
      }
    });

    it('two instances at the same instant give the same bars and profiles', async () => {
      const a = sandboxAt(SATURDAY).provider;
      const b = sandboxAt(SATURDAY).provider;
      for (const symbol of ['SPY', 'AAPL']) {
        expect(await a.history(symbol, '2023-01-01', '2024-02-03')).toEqual(
          await b.history(symbol, '2023-01-01', '2024-02-03'),
        );
        expect(await a.profile(symbol)).toEqual(await b.profile(symbol));
      }
    });

    it('an instance that has run for days answers as a new one started at that instant', async () => {
      const old = sandboxAt('2023-06-01T15:00:00Z');
      await old.provider.quotes(['AAPL']);
      await old.provider.history('AAPL', '2023-01-01', '2023-06-01');
      old.set(SATURDAY);
      const fresh = sandboxAt(SATURDAY).provider;
      expect(await old.provider.quotes(['AAPL'])).toEqual(await fresh.quotes(['AAPL']));
      expect(await old.provider.history('AAPL', '2023-01-01', '2024-02-03')).toEqual(
        await fresh.history('AAPL', '2023-01-01', '2024-02-03'),
      );
    });

    it('the price moves during the session', async () => {
      const clock = sandboxAt('2024-01-31T14:31:00Z');
      const prices = new Set<number>();
      for (const instant of ['14:31', '15:30', '16:45', '18:00', '19:15', '20:30']) {
        clock.set(`2024-01-31T${instant}:00Z`);
        prices.add((await clock.provider.quotes(['SPY'])).get('SPY')!.price);
      }
      expect(prices.size).toBeGreaterThan(1);
    });
  });

  describe('quotes', () => {
    it('carry the symbol, its name, US dollars and a change against the previous close', async () => {
      const { provider } = sandboxAt(MID_SESSION);
      const quote = (await provider.quotes(['AAPL'])).get('AAPL')!;
      expect(quote).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.', currency: 'USD' });
      const bars = (await sandboxAt(AT_CLOSE).provider.history(
        'AAPL',
        '2024-01-01',
        '2024-01-31',
      ))!;
      const previousClose = bars.at(-2)!.close;
      expect(quote.change).toBeCloseTo(quote.price - previousClose, 2);
      expect(quote.percentChange).toBeCloseTo((quote.change / previousClose) * 100, 1);
    });

    it('during the session are dated within it, to the minute', async () => {
      const { provider } = sandboxAt('2024-01-31T17:45:30Z');
      const quote = (await provider.quotes(['SPY'])).get('SPY')!;
      expect(quote.asOf).toEqual(new Date('2024-01-31T17:45:00Z'));
    });

    it("after the close are the day's close, dated at the closing bell", async () => {
      const { provider } = sandboxAt('2024-01-31T23:00:00Z');
      const quote = (await provider.quotes(['SPY'])).get('SPY')!;
      const bars = (await provider.history('SPY', '2024-01-31', '2024-01-31'))!;
      expect(quote.asOf).toEqual(new Date(AT_CLOSE));
      expect(quote.price).toBe(bars[0].close);
    });

    it("over the weekend are Friday's close", async () => {
      const provider = onSaturday;
      const quote = (await provider.quotes(['SPY'])).get('SPY')!;
      const bars = (await provider.history('SPY', '2024-02-01', '2024-02-03'))!;
      expect(bars.at(-1)!.date).toBe('2024-02-02');
      expect(quote.asOf).toEqual(new Date('2024-02-02T21:00:00Z'));
      expect(quote.price).toBe(bars.at(-1)!.close);
    });

    it('leave an unknown symbol out', async () => {
      const { provider } = sandboxAt(MID_SESSION);
      const found = await provider.quotes(['AAPL', 'NOPE', 'ZZZZ']);
      expect([...found.keys()]).toEqual(['AAPL']);
      expect((await provider.quotes(['NOPE'])).size).toBe(0);
    });
  });

  describe('history', () => {
    it.each(SAMPLE_SYMBOLS)(
      'of %s has bars of trading days only (no weekend, no exchange holiday), oldest first, consistent',
      async (symbol) => {
        const bars = (await onSaturday.history(symbol, '2023-02-01', '2024-02-03'))!;
        expect(bars.length).toBeGreaterThan(250);
        // Collected, then asserted once: a failure lists every offending bar.
        const wrong = bars.filter(
          (bar, i) =>
            !isTradingDay(bar.date) ||
            (i > 0 && bar.date <= bars[i - 1].date) ||
            bar.high < Math.max(bar.open, bar.close) ||
            bar.low > Math.min(bar.open, bar.close) ||
            bar.low <= 0 ||
            !(bar.volume !== null && bar.volume > 0),
        );
        expect(wrong).toEqual([]);
      },
    );

    it('stays within the range asked for, both ends included', async () => {
      const provider = onSaturday;
      const bars = (await provider.history('MSFT', '2024-01-02', '2024-01-05'))!;
      expect(bars.map((bar) => bar.date)).toEqual([
        '2024-01-02',
        '2024-01-03',
        '2024-01-04',
        '2024-01-05',
      ]);
    });

    it("has today's bar only once today's session has closed", async () => {
      const clock = sandboxAt(BEFORE_CLOSE);
      const before = (await clock.provider.history('AAPL', '2024-01-25', '2024-01-31'))!;
      expect(before.at(-1)!.date).toBe('2024-01-30');
      clock.set(AT_CLOSE);
      const after = (await clock.provider.history('AAPL', '2024-01-25', '2024-01-31'))!;
      expect(after.at(-1)!.date).toBe('2024-01-31');
      expect(after.slice(0, -1)).toEqual(before);
    });

    it("has no bar for today before the open, nor for any day after today's", async () => {
      const { provider } = sandboxAt('2024-01-31T12:00:00Z');
      const bars = (await provider.history('AAPL', '2024-01-25', '2024-02-09'))!;
      expect(bars.at(-1)!.date).toBe('2024-01-30');
    });

    it('is null for an unknown symbol', async () => {
      const provider = onSaturday;
      expect(await provider.history('NOPE', '2024-01-01', '2024-02-01')).toBeNull();
    });
  });

  describe('profile', () => {
    it("gives a company's name and classification, and a fund's without company figures", async () => {
      const provider = onSaturday;
      expect(await provider.profile('AAPL')).toMatchObject({
        name: 'Apple Inc.',
        sector: 'Technology',
        industry: 'Consumer Electronics',
        exchange: 'NASDAQ',
        currency: 'USD',
        marketCap: expect.any(Number),
        peRatio: expect.any(Number),
        pbRatio: expect.any(Number),
      });
      expect(await provider.profile('SPY')).toMatchObject({
        name: 'SPDR S&P 500 ETF Trust',
        sector: null,
        marketCap: null,
        peRatio: null,
        pbRatio: null,
      });
    });

    it('is null for an unknown symbol', async () => {
      const provider = onSaturday;
      expect(await provider.profile('NOPE')).toBeNull();
    });
  });

  describe('search', () => {
    it('ranks the exact symbol first, then symbols starting with the text, then names', async () => {
      const provider = onSaturday;
      const results = await provider.search('v');
      expect(results[0]).toEqual({
        symbol: 'V',
        name: expect.any(String),
        exchange: expect.any(String),
        type: 'Common Stock',
      });
      expect(results[1].symbol).toBe('VIXY');
      // Names containing "v" follow, among them some whose symbols sort before V.
      const rest = results.slice(2);
      expect(rest.length).toBeGreaterThan(0);
      expect(rest.some((match) => match.symbol < 'V')).toBe(true);
      for (const match of rest) {
        expect(match.symbol.toLowerCase().startsWith('v')).toBe(false);
        expect(match.name.toLowerCase()).toContain('v');
      }
    });

    it('matches the symbol whatever its case', async () => {
      const provider = onSaturday;
      expect((await provider.search('AAPL'))[0].symbol).toBe('AAPL');
      expect((await provider.search('aapl'))[0].symbol).toBe('AAPL');
    });

    it('finds a company by part of its name', async () => {
      const provider = onSaturday;
      expect((await provider.search('apple')).map((match) => match.symbol)).toEqual(['AAPL']);
    });

    it('answers nothing for a text nothing matches', async () => {
      const provider = onSaturday;
      expect(await provider.search('zzzzqqq')).toEqual([]);
    });
  });
});
