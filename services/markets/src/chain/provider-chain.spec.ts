import { Logger } from '@nestjs/common';
import type { Bar, SymbolMatch } from '@probedge/proto';
import Redis from 'ioredis';
import { deleteKeysUnder, TEST_REDIS_URL, uniquePrefix } from '../../test/support/redis-keys';
import {
  MARKET_UNAVAILABLE_MESSAGE,
  MarketError,
  NO_MARKET_PROVIDER_MESSAGE,
} from '../market/market-error';
import {
  EVERY_OPERATION,
  PROVIDER_ERROR_CODES,
  ProviderError,
  type MarketDataProvider,
  type MarketOperation,
  type ProviderProfile,
  type ProviderQuote,
} from '../providers/market-provider';
import { Breaker } from './breaker';
import {
  ProviderChain,
  type ChainObserver,
  type ChainOutcome,
  type ProviderSlot,
} from './provider-chain';
import { RequestBudget, type BudgetLimits } from './request-budget';

/**
 * A provider answering figures that name it for the symbols it knows (all unless `knows` is set), or
 * failing every call with `failure` while set.
 */
class FakeProvider implements MarketDataProvider {
  readonly isLive = true;
  readonly delayMinutes = 0;
  /** The operations asked of it, in order. */
  readonly calls: MarketOperation[] = [];
  /** The symbols of each quotes call, in order. */
  readonly askedQuotes: string[][] = [];
  failure: unknown = null;
  knows: ReadonlySet<string> | null = null;

  constructor(
    readonly name: string,
    readonly operations: ReadonlySet<MarketOperation> = EVERY_OPERATION,
  ) {}

  quotes(symbols: readonly string[]): Promise<Map<string, ProviderQuote>> {
    const quote = (symbol: string): ProviderQuote => ({
      symbol,
      name: `${symbol} from ${this.name}`,
      price: 100,
      change: 1,
      percentChange: 1,
      currency: 'USD',
      asOf: new Date('2024-01-31T21:00:00Z'),
    });
    this.askedQuotes.push([...symbols]);
    const known = symbols.filter((symbol) => this.knowsSymbol(symbol));
    return this.answer('quotes', new Map(known.map((symbol) => [symbol, quote(symbol)])));
  }

  profile(symbol: string): Promise<ProviderProfile | null> {
    if (!this.knowsSymbol(symbol)) return this.answer('profile', null);
    return this.answer('profile', {
      name: `${symbol} from ${this.name}`,
      sector: null,
      industry: null,
      marketCap: null,
      peRatio: null,
      pbRatio: null,
      exchange: null,
      currency: null,
    });
  }

  history(symbol: string, from: string): Promise<Bar[] | null> {
    if (!this.knowsSymbol(symbol)) return this.answer('history', null);
    return this.answer('history', [
      { date: from, open: 1, high: 2, low: 0.5, close: 1.5, volume: this.name.length },
    ]);
  }

  search(query: string): Promise<SymbolMatch[]> {
    return this.answer('search', [
      { symbol: query.toUpperCase(), name: this.name, exchange: null, type: null },
    ]);
  }

  private knowsSymbol(symbol: string): boolean {
    return this.knows === null || this.knows.has(symbol);
  }

  private answer<T>(operation: MarketOperation, value: T): Promise<T> {
    this.calls.push(operation);
    return this.failure === null ? Promise.resolve(value) : Promise.reject(this.failure);
  }
}

class RecordingObserver implements ChainObserver {
  readonly outcomes: [provider: string, operation: MarketOperation, outcome: ChainOutcome][] = [];
  readonly budgets: [provider: string, left: number][] = [];

  called(provider: string, operation: MarketOperation, outcome: ChainOutcome): void {
    this.outcomes.push([provider, operation, outcome]);
  }

  budgetLeft(provider: string, left: number): void {
    this.budgets.push([provider, left]);
  }

  of(provider: string): ChainOutcome[] {
    return this.outcomes.filter(([name]) => name === provider).map(([, , outcome]) => outcome);
  }
}

const PREFIX = uniquePrefix('markets-chain-spec');
const GENEROUS: BudgetLimits = { perMinute: 1_000, perDay: 0 };
let redis: Redis;
let sequence = 0;

beforeAll(() => {
  // The chain logs each fall-through; the outcomes are asserted through the observer instead.
  Logger.overrideLogger(false);
  redis = new Redis(TEST_REDIS_URL, { keyPrefix: PREFIX, maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  await redis.quit();
  await deleteKeysUnder(PREFIX);
});

/** A provider with a name no other test uses, so budgets and pauses in Redis stay apart. */
function fake(label: string, operations?: ReadonlySet<MarketOperation>): FakeProvider {
  sequence += 1;
  return new FakeProvider(`${label}-${sequence}`, operations);
}

interface SlotOptions {
  limits?: BudgetLimits;
  breaker?: Breaker;
  clock?: () => number;
}

function slot(provider: MarketDataProvider, options: SlotOptions = {}): ProviderSlot {
  return {
    provider,
    budget: new RequestBudget(redis, provider.name, options.limits ?? GENEROUS, options.clock),
    breaker: options.breaker ?? new Breaker(3, 30_000, options.clock),
  };
}

function chainOf(...slots: ProviderSlot[]): { chain: ProviderChain; observer: RecordingObserver } {
  const observer = new RecordingObserver();
  return { chain: new ProviderChain(slots, observer), observer };
}

const askQuotes = (chain: ProviderChain) =>
  chain.run('quotes', 1, (provider) => provider.quotes(['AAPL']));

/** Quotes as the service asks for them: one budget unit per symbol, unknown ones to the next. */
const gatherQuotes = (chain: ProviderChain, symbols: string[]) =>
  chain.gather(
    'quotes',
    symbols,
    (asked) => asked.length,
    (provider, asked) => provider.quotes(asked),
  );

/** Where each found symbol came from. */
const sourcesOf = (found: Map<string, { provider: MarketDataProvider }>) =>
  Object.fromEntries([...found].map(([symbol, { provider }]) => [symbol, provider.name]));

/** The MarketError a run fails with; anything else fails the test. */
async function marketErrorOf(run: Promise<unknown>): Promise<MarketError> {
  try {
    await run;
  } catch (error) {
    if (error instanceof MarketError) return error;
    throw error;
  }
  throw new Error('expected the run to fail with a MarketError');
}

describe('ProviderChain', () => {
  it('answers from the first provider when it answers, without asking the next', async () => {
    const first = fake('first');
    const second = fake('second');
    const { chain, observer } = chainOf(slot(first), slot(second));
    const { value, provider } = await askQuotes(chain);
    expect(provider).toBe(first);
    expect(value.get('AAPL')?.name).toBe(`AAPL from ${first.name}`);
    expect(second.calls).toEqual([]);
    expect(observer.outcomes).toEqual([[first.name, 'quotes', 'ok']]);
    expect(observer.budgets).toEqual([[first.name, GENEROUS.perMinute - 1]]);
  });

  it.each(PROVIDER_ERROR_CODES)(
    'falls back to the next provider when the first fails with %s',
    async (code) => {
      const first = fake('first');
      first.failure = new ProviderError(first.name, code, 'failed on purpose');
      const second = fake('second');
      const { chain, observer } = chainOf(slot(first), slot(second));
      const { value, provider } = await askQuotes(chain);
      expect(provider).toBe(second);
      expect(value.get('AAPL')?.name).toBe(`AAPL from ${second.name}`);
      expect(first.calls).toEqual(['quotes']);
      expect(observer.outcomes).toEqual([
        [first.name, 'quotes', code],
        [second.name, 'quotes', 'ok'],
      ]);
    },
  );

  it('falls back when an adapter fails with something other than a ProviderError', async () => {
    const first = fake('first');
    first.failure = new TypeError("Cannot read properties of undefined (reading 'c')");
    const second = fake('second');
    const { chain, observer } = chainOf(slot(first), slot(second));
    expect((await askQuotes(chain)).provider).toBe(second);
    expect(observer.of(first.name)).toEqual(['fault']);
  });

  it('walks down the whole order until one answers', async () => {
    const providers = [fake('a'), fake('b'), fake('c'), fake('d')];
    providers[0].failure = new ProviderError(providers[0].name, 'timeout', 'slow');
    providers[1].failure = new ProviderError(providers[1].name, 'unavailable', 'down');
    providers[2].failure = new ProviderError(providers[2].name, 'refused', 'bad key');
    const { chain } = chainOf(...providers.map((provider) => slot(provider)));
    expect((await askQuotes(chain)).provider).toBe(providers[3]);
    expect(providers.map((provider) => provider.calls.length)).toEqual([1, 1, 1, 1]);
  });

  it("never returns a failed provider's value, even one it produced before failing", async () => {
    const first = fake('first');
    const second = fake('second');
    const { chain } = chainOf(slot(first), slot(second));
    // As an adapter that read a body and then found it malformed.
    const { value, provider } = await chain.run('quotes', 1, async (candidate) => {
      const quotes = await candidate.quotes(['AAPL']);
      if (candidate === first) throw new ProviderError(first.name, 'bad-answer', 'no close');
      return quotes;
    });
    expect(provider).toBe(second);
    expect(value.get('AAPL')?.name).toBe(`AAPL from ${second.name}`);
    expect(first.calls).toEqual(['quotes']);
  });

  it('skips a provider that does not offer the operation, without asking it', async () => {
    const quotesOnly = fake('quotes-only', new Set(['quotes', 'profile', 'search']));
    const full = fake('full');
    const { chain, observer } = chainOf(slot(quotesOnly), slot(full));
    const { value, provider } = await chain.run('history', 1, (candidate) =>
      candidate.history('AAPL', '2024-01-02', '2024-01-31'),
    );
    expect(provider).toBe(full);
    expect(value).toHaveLength(1);
    expect(quotesOnly.calls).toEqual([]);
    expect(observer.outcomes).toEqual([[full.name, 'history', 'ok']]);
    // Nothing taken from its budget either.
    const keys = await redis.keys(`${PREFIX}budget:${quotesOnly.name}:*`);
    expect(keys).toEqual([]);
  });

  it('answers unavailable, naming the operation, when no provider offers it', async () => {
    const { chain, observer } = chainOf(
      slot(fake('no-history', new Set(['quotes']))),
      slot(fake('no-history', new Set(['quotes', 'search']))),
    );
    const error = await marketErrorOf(
      chain.run('history', 1, (provider) => provider.history('AAPL', '2024-01-02', '2024-01-31')),
    );
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe('No configured market data provider offers history');
    expect(observer.outcomes).toEqual([]);
  });

  it('answers no-provider (503) when no provider is configured', async () => {
    const { chain } = chainOf();
    expect(chain.configured).toBe(false);
    const error = await marketErrorOf(askQuotes(chain));
    expect(error.code).toBe('no-provider');
    expect(error.status).toBe(503);
    expect(error.message).toBe(NO_MARKET_PROVIDER_MESSAGE);
  });

  it('answers unavailable (503, retryable) when every provider fails, after asking each once', async () => {
    const first = fake('first');
    const second = fake('second');
    first.failure = new ProviderError(first.name, 'unavailable', 'answered 500');
    second.failure = new ProviderError(second.name, 'timeout', 'no answer within 500 ms');
    const { chain, observer } = chainOf(slot(first), slot(second));
    const error = await marketErrorOf(askQuotes(chain));
    expect(error.code).toBe('unavailable');
    expect(error.status).toBe(503);
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(MARKET_UNAVAILABLE_MESSAGE);
    // The message is the public one: no provider's own words, no figures.
    expect(error.message).not.toContain(first.name);
    expect(first.calls).toEqual(['quotes']);
    expect(second.calls).toEqual(['quotes']);
    expect(observer.outcomes).toEqual([
      [first.name, 'quotes', 'unavailable'],
      [second.name, 'quotes', 'timeout'],
    ]);
  });

  describe('symbols a provider does not know', () => {
    it('asks the next provider only for the symbols the first did not know, and merges both', async () => {
      const first = fake('first');
      first.knows = new Set(['AAPL']);
      const second = fake('second');
      second.knows = new Set(['MSFT']);
      const { chain, observer } = chainOf(slot(first), slot(second));

      const gathered = await gatherQuotes(chain, ['AAPL', 'MSFT', 'ZZZZ']);

      expect(sourcesOf(gathered.found)).toEqual({ AAPL: first.name, MSFT: second.name });
      expect(gathered.found.get('MSFT')?.value.name).toBe(`MSFT from ${second.name}`);
      expect(gathered.unknown).toEqual(['ZZZZ']);
      expect(gathered.answeredBy).toBe(second);
      expect(gathered.settled).toBe(true);
      expect(first.askedQuotes).toEqual([['AAPL', 'MSFT', 'ZZZZ']]);
      expect(second.askedQuotes).toEqual([['MSFT', 'ZZZZ']]);
      // Each budget is charged for the symbols asked of it.
      expect(observer.budgets).toEqual([
        [first.name, GENEROUS.perMinute - 3],
        [second.name, GENEROUS.perMinute - 2],
      ]);
    });

    it('asks no further once every symbol is known', async () => {
      const first = fake('first');
      const second = fake('second');
      const { chain } = chainOf(slot(first), slot(second));

      const gathered = await gatherQuotes(chain, ['AAPL', 'MSFT']);

      expect(sourcesOf(gathered.found)).toEqual({ AAPL: first.name, MSFT: first.name });
      expect(gathered.unknown).toEqual([]);
      expect(second.calls).toEqual([]);
    });

    it('reports a symbol no provider knows as unknown, settled once every provider answered', async () => {
      const providers = [fake('a'), fake('b'), fake('c')];
      for (const provider of providers) provider.knows = new Set();
      const { chain } = chainOf(...providers.map((provider) => slot(provider)));

      const gathered = await gatherQuotes(chain, ['ZZZZ']);

      expect(gathered.found.size).toBe(0);
      expect(gathered.unknown).toEqual(['ZZZZ']);
      expect(gathered.answeredBy).toBe(providers[2]);
      expect(gathered.settled).toBe(true);
      expect(providers.map((provider) => provider.askedQuotes)).toEqual([
        [['ZZZZ']],
        [['ZZZZ']],
        [['ZZZZ']],
      ]);
    });

    it('leaves the unknown symbols unsettled when a provider that might know them failed', async () => {
      const first = fake('first');
      first.knows = new Set(['AAPL']);
      const second = fake('second');
      second.failure = new ProviderError(second.name, 'unavailable', 'answered 503');
      const { chain, observer } = chainOf(slot(first), slot(second));

      const gathered = await gatherQuotes(chain, ['AAPL', 'MSFT']);

      expect(sourcesOf(gathered.found)).toEqual({ AAPL: first.name });
      expect(gathered.unknown).toEqual(['MSFT']);
      expect(gathered.answeredBy).toBe(first);
      expect(gathered.settled).toBe(false);
      expect(observer.of(second.name)).toEqual(['unavailable']);
    });

    it('respects the budget and breaker of each provider asked about the rest', async () => {
      const minuteStart = minuteOf(2030, 6);
      const clock = () => minuteStart;
      const first = fake('first');
      first.knows = new Set(['AAPL']);
      // Room for one symbol: the two left over do not fit.
      const tight = fake('tight');
      const open = fake('open');
      open.failure = new ProviderError(open.name, 'timeout', 'slow');
      const last = fake('last');
      const { chain, observer } = chainOf(
        slot(first, { clock }),
        slot(tight, { clock, limits: { perMinute: 1, perDay: 0 } }),
        slot(open, { clock, breaker: new Breaker(1, 30_000, clock) }),
        slot(last, { clock }),
      );

      const gathered = await gatherQuotes(chain, ['AAPL', 'MSFT', 'SPY']);
      const again = await gatherQuotes(chain, ['QQQ', 'DIA']);

      expect(sourcesOf(gathered.found)).toEqual({
        AAPL: first.name,
        MSFT: last.name,
        SPY: last.name,
      });
      expect(sourcesOf(again.found)).toEqual({ QQQ: last.name, DIA: last.name });
      expect(last.askedQuotes).toEqual([
        ['MSFT', 'SPY'],
        ['QQQ', 'DIA'],
      ]);
      expect(tight.calls).toEqual([]);
      expect(open.calls).toEqual(['quotes']);
      expect(observer.of(tight.name)).toEqual(['skipped-budget', 'skipped-budget']);
      expect(observer.of(open.name)).toEqual(['timeout', 'skipped-breaker']);
    });

    it('answers unavailable when no provider answers at all', async () => {
      const first = fake('first');
      first.failure = new ProviderError(first.name, 'refused', 'bad key');
      const { chain } = chainOf(slot(first));

      const error = await marketErrorOf(gatherQuotes(chain, ['AAPL']));

      expect(error.code).toBe('unavailable');
      expect(error.message).toBe(MARKET_UNAVAILABLE_MESSAGE);
    });

    it('takes one symbol from the first provider whose answer is not null', async () => {
      const first = fake('first');
      first.knows = new Set();
      const second = fake('second');
      const { chain } = chainOf(slot(first), slot(second));

      const gathered = await chain.gather(
        'profile',
        ['DGS10'],
        () => 2,
        async (provider, [symbol]) => {
          const profile = await provider.profile(symbol);
          return new Map(profile === null ? [] : [[symbol, profile]]);
        },
      );

      expect(gathered.found.get('DGS10')).toMatchObject({
        provider: second,
        value: { name: `DGS10 from ${second.name}` },
      });
      expect(first.calls).toEqual(['profile']);
    });
  });

  describe('when a provider rate-limits', () => {
    it('pauses it for its Retry-After: no call goes to it while paused', async () => {
      const first = fake('first');
      const second = fake('second');
      first.failure = new ProviderError(first.name, 'rate-limited', 'answered 429', 30_000);
      const { chain, observer } = chainOf(slot(first), slot(second));
      expect((await askQuotes(chain)).provider).toBe(second);
      first.failure = null;
      for (let i = 0; i < 3; i++) expect((await askQuotes(chain)).provider).toBe(second);
      expect(first.calls).toEqual(['quotes']);
      expect(observer.of(first.name)).toEqual([
        'rate-limited',
        'skipped-paused',
        'skipped-paused',
        'skipped-paused',
      ]);
      const left = await redis.pttl(`budget:${first.name}:pause`);
      expect(left).toBeGreaterThan(25_000);
      expect(left).toBeLessThanOrEqual(30_000);
    });

    it('shares the pause with every replica through Redis', async () => {
      const first = fake('first');
      first.failure = new ProviderError(first.name, 'rate-limited', 'answered 429', 30_000);
      const replicaA = chainOf(slot(first), slot(fake('second'))).chain;
      await askQuotes(replicaA);
      first.failure = null;
      // Another replica: its own budget object and breaker, the same Redis.
      const otherReplica = chainOf(slot(first), slot(fake('second')));
      await askQuotes(otherReplica.chain);
      expect(first.calls).toEqual(['quotes']);
      expect(otherReplica.observer.of(first.name)).toEqual(['skipped-paused']);
    });

    it('pauses it for a minute when it does not say how long', async () => {
      const first = fake('first');
      first.failure = new ProviderError(first.name, 'rate-limited', 'quota answer');
      const { chain } = chainOf(slot(first), slot(fake('second')));
      await askQuotes(chain);
      const left = await redis.pttl(`budget:${first.name}:pause`);
      expect(left).toBeGreaterThan(55_000);
      expect(left).toBeLessThanOrEqual(60_000);
    });

    it('asks it again once the pause is over', async () => {
      const first = fake('first');
      first.failure = new ProviderError(first.name, 'rate-limited', 'answered 429', 100);
      const { chain } = chainOf(slot(first), slot(fake('second')));
      await askQuotes(chain);
      first.failure = null;
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await askQuotes(chain)).provider).toBe(first);
      expect(first.calls).toEqual(['quotes', 'quotes']);
    });
  });

  describe('budgets', () => {
    // A fixed minute, so the window cannot roll over in the middle of a test.
    const minuteStart = Date.UTC(2030, 0, 2, 12, 0, 0);

    it('skips a provider whose minute budget is spent, without calling it', async () => {
      const clock = () => minuteStart + 10_000;
      const first = fake('first');
      const second = fake('second');
      const { chain, observer } = chainOf(
        slot(first, { limits: { perMinute: 2, perDay: 0 }, clock }),
        slot(second, { clock }),
      );
      expect((await askQuotes(chain)).provider).toBe(first);
      expect((await askQuotes(chain)).provider).toBe(first);
      expect((await askQuotes(chain)).provider).toBe(second);
      expect(first.calls).toHaveLength(2);
      expect(observer.of(first.name)).toEqual(['ok', 'ok', 'skipped-budget']);
      expect(observer.budgets.filter(([name]) => name === first.name)).toEqual([
        [first.name, 1],
        [first.name, 0],
      ]);
    });

    it('skips a provider when one call costs more than the budget left', async () => {
      const clock = () => minuteStart;
      const first = fake('first');
      const second = fake('second');
      const { chain } = chainOf(
        slot(first, { limits: { perMinute: 8, perDay: 0 }, clock }),
        slot(second, { clock }),
      );
      const symbols = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];
      const { provider } = await chain.run('quotes', symbols.length, (candidate) =>
        candidate.quotes(symbols),
      );
      expect(provider).toBe(second);
      expect(first.calls).toEqual([]);
      // Nothing was counted: a call within the budget still goes to the first provider.
      expect((await askQuotes(chain)).provider).toBe(first);
    });

    it('skips a provider whose day budget is spent', async () => {
      let now = minuteStart;
      const clock = () => now;
      const first = fake('first');
      const { chain } = chainOf(
        slot(first, { limits: { perMinute: 10, perDay: 2 }, clock }),
        slot(fake('second'), { clock }),
      );
      await askQuotes(chain);
      now += 60_000;
      await askQuotes(chain);
      now += 60_000;
      expect((await askQuotes(chain)).provider).not.toBe(first);
      expect(first.calls).toHaveLength(2);
    });

    it('answers unavailable when every budget is spent', async () => {
      const clock = () => minuteStart;
      const first = fake('first');
      const { chain, observer } = chainOf(
        slot(first, { limits: { perMinute: 1, perDay: 0 }, clock }),
      );
      await askQuotes(chain);
      const error = await marketErrorOf(askQuotes(chain));
      expect(error.code).toBe('unavailable');
      expect(observer.of(first.name)).toEqual(['ok', 'skipped-budget']);
    });
  });

  describe('breakers', () => {
    it('skips a provider whose breaker opened after failures in a row', async () => {
      const now = minuteOf(2030, 3);
      const first = fake('first');
      const second = fake('second');
      first.failure = new ProviderError(first.name, 'unavailable', 'answered 503');
      const { chain, observer } = chainOf(
        slot(first, { breaker: new Breaker(2, 30_000, () => now) }),
        slot(second),
      );
      for (let i = 0; i < 4; i++) expect((await askQuotes(chain)).provider).toBe(second);
      expect(first.calls).toHaveLength(2);
      expect(observer.of(first.name)).toEqual([
        'unavailable',
        'unavailable',
        'skipped-breaker',
        'skipped-breaker',
      ]);
    });

    it('tries the provider again after the cooldown and closes on success', async () => {
      let now = minuteOf(2030, 4);
      const clock = () => now;
      const first = fake('first');
      first.failure = new ProviderError(first.name, 'timeout', 'slow');
      const breaker = new Breaker(1, 1_000, clock);
      const { chain } = chainOf(slot(first, { breaker, clock }), slot(fake('second')));
      await askQuotes(chain);
      expect(breaker.state).toBe('open');
      first.failure = null;
      now += 1_000;
      expect((await askQuotes(chain)).provider).toBe(first);
      expect(breaker.state).toBe('closed');
    });

    it('does not leave a half-open breaker stuck when its trial found the budget spent', async () => {
      const minuteStart = minuteOf(2030, 5);
      let now = minuteStart;
      const clock = () => now;
      const first = fake('first');
      first.failure = new ProviderError(first.name, 'unavailable', 'answered 502');
      const breaker = new Breaker(1, 1_000, clock);
      const { chain, observer } = chainOf(
        slot(first, { breaker, clock, limits: { perMinute: 1, perDay: 0 } }),
        slot(fake('second'), { clock }),
      );
      await askQuotes(chain); // fails: the breaker opens, the minute's one call is used
      first.failure = null;
      now += 1_000; // half-open, but no budget left this minute
      await askQuotes(chain);
      await askQuotes(chain);
      now = minuteStart + 60_000; // a new minute: the trial may go out
      expect((await askQuotes(chain)).provider).toBe(first);
      expect(observer.of(first.name)).toEqual([
        'unavailable',
        'skipped-budget',
        'skipped-budget',
        'ok',
      ]);
      expect(breaker.state).toBe('closed');
    });
  });
});

/** The start of a minute in the future, one per test, so budget windows stay apart. */
function minuteOf(year: number, hour: number): number {
  return Date.UTC(year, 0, 3, hour, 0, 0);
}
