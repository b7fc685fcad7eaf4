import { FinnhubProvider } from '../src/providers/finnhub.provider';
import {
  ProviderError,
  type MarketDataProvider,
  type MarketOperation,
} from '../src/providers/market-provider';
import { TwelveDataProvider } from '../src/providers/twelvedata.provider';
import { startFinnhubStandIn, type FinnhubStandIn } from './support/finnhub-stand-in';
import { listing, quoteOf, QUOTE_TIME } from './support/market-data-set';
import type { StandIn } from './support/stand-in-server';
import { startTwelveDataStandIn, type TwelveDataStandIn } from './support/twelvedata-stand-in';

interface AdapterSettings {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

interface Subject {
  provider: string;
  start(): Promise<StandIn>;
  build(settings: AdapterSettings): MarketDataProvider;
  /** The header that carries the key, as the stand-in receives it. */
  keyHeader(apiKey: string): [name: string, value: string];
}

const SUBJECTS: Subject[] = [
  {
    provider: 'finnhub',
    start: () => startFinnhubStandIn(),
    build: (settings) => new FinnhubProvider(settings),
    keyHeader: (apiKey) => ['x-finnhub-token', apiKey],
  },
  {
    provider: 'twelvedata',
    start: () => startTwelveDataStandIn(),
    build: (settings) => new TwelveDataProvider(settings),
    keyHeader: (apiKey) => ['authorization', `apikey ${apiKey}`],
  },
];

/** Generous for a local server; the hanging stand-in gets its own short one. */
const TIMEOUT_MS = 5_000;
const SHORT_TIMEOUT_MS = 300;
const FROM = '2024-01-08';
const TO = '2024-01-19';

/** One call per operation, with arguments the stand-ins know; quotes asks for several symbols. */
const CALLS: Record<MarketOperation, (provider: MarketDataProvider) => Promise<unknown>> = {
  quotes: (provider) => provider.quotes(['AAPL', 'MSFT']),
  profile: (provider) => provider.profile('AAPL'),
  history: (provider) => provider.history('AAPL', FROM, TO),
  search: (provider) => provider.search('apple'),
};

/** The ProviderError a call fails with; anything else fails the test. */
async function failureOf(call: Promise<unknown>): Promise<ProviderError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with a ProviderError');
}

function known(symbol: string) {
  const entry = listing(symbol);
  if (!entry) throw new Error(`${symbol} is not in the stand-ins' data set`);
  return entry;
}

describe.each(SUBJECTS)('the $provider adapter, against its stand-in', (subject) => {
  // Building an adapter makes no call, so its declared operations can shape the suite.
  const operations = [
    ...subject.build({ apiKey: 'x', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1 }).operations,
  ];
  let standIn: StandIn;
  let adapter: MarketDataProvider;

  const adapterWith = (settings: Partial<AdapterSettings> = {}) =>
    subject.build({
      apiKey: standIn.apiKey,
      baseUrl: standIn.url,
      timeoutMs: TIMEOUT_MS,
      ...settings,
    });

  beforeAll(async () => {
    standIn = await subject.start();
    adapter = adapterWith();
  });

  beforeEach(() => standIn.reset());

  afterAll(() => standIn.stop());

  it('carries its configured name and lists the operations it answers', () => {
    expect(adapter.name).toBe(subject.provider);
    expect(operations.length).toBeGreaterThan(0);
  });

  describe('quotes', () => {
    it('maps each known symbol to a quote with finite figures and a Date', async () => {
      const quotes = await adapter.quotes(['AAPL', 'MSFT', 'SPY']);

      expect([...quotes.keys()].sort()).toEqual(['AAPL', 'MSFT', 'SPY']);
      for (const [symbol, quote] of quotes) {
        const figures = quoteOf(known(symbol));
        expect(quote.symbol).toBe(symbol);
        expect(quote.price).toBe(figures.price);
        expect(quote.change).toBeCloseTo(figures.change, 4);
        expect(quote.percentChange).toBeCloseTo(figures.percentChange, 4);
        for (const value of [quote.price, quote.change, quote.percentChange]) {
          expect(Number.isFinite(value)).toBe(true);
        }
        expect(quote.currency).toBe('USD');
        expect(quote.asOf).toBeInstanceOf(Date);
        expect(quote.asOf.getTime()).toBe(QUOTE_TIME * 1000);
      }
    });

    it('leaves a symbol the provider does not know out of the map', async () => {
      const quotes = await adapter.quotes(['AAPL', 'NOPE']);

      expect([...quotes.keys()]).toEqual(['AAPL']);
    });

    it('answers an empty map for a lone unknown symbol', async () => {
      const quotes = await adapter.quotes(['NOPE']);

      expect(quotes.size).toBe(0);
    });

    it('answers an empty map for no symbols, without asking the provider', async () => {
      const quotes = await adapter.quotes([]);

      expect(quotes.size).toBe(0);
      expect(standIn.requests).toHaveLength(0);
    });
  });

  describe('profile', () => {
    it('maps a known company, with its market capitalisation in US dollars', async () => {
      const apple = known('AAPL');

      const profile = await adapter.profile('AAPL');

      expect(profile).toMatchObject({
        name: apple.name,
        marketCap: apple.marketCap,
        peRatio: apple.peRatio,
        pbRatio: apple.pbRatio,
      });
      expect(profile?.exchange).toEqual(expect.any(String));
    });

    it('answers null for a symbol the provider does not know', async () => {
      await expect(adapter.profile('NOPE')).resolves.toBeNull();
    });
  });

  describe('search', () => {
    it('answers the matches, each with its symbol and name', async () => {
      const matches = await adapter.search('apple');

      expect(matches).toContainEqual(expect.objectContaining({ symbol: 'AAPL' }));
      for (const match of matches) {
        expect(match.symbol).toEqual(expect.stringMatching(/\S/));
        expect(match.name).toEqual(expect.stringMatching(/\S/));
      }
      expect(matches.find((match) => match.symbol === 'AAPL')?.name.toUpperCase()).toBe(
        'APPLE INC',
      );
    });

    it('answers an empty list when nothing matches', async () => {
      await expect(adapter.search('zzzz')).resolves.toEqual([]);
    });
  });

  if (operations.includes('history')) {
    describe('history', () => {
      it('answers the daily bars from the first to the last day inclusive, oldest first', async () => {
        const expected = known('AAPL').bars.filter((bar) => bar.date >= FROM && bar.date <= TO);

        const bars = await adapter.history('AAPL', FROM, TO);

        expect(bars).toEqual(expected);
        expect(bars?.[0].date).toBe(FROM);
        expect(bars?.[bars.length - 1].date).toBe(TO);
        for (const bar of bars ?? []) expect(bar.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      });

      it('answers null for a symbol the provider does not know', async () => {
        await expect(adapter.history('NOPE', FROM, TO)).resolves.toBeNull();
      });
    });
  }

  describe('the key', () => {
    it('travels in its header on every call and never in an address', async () => {
      for (const operation of operations) await CALLS[operation](adapter);

      const [header, value] = subject.keyHeader(standIn.apiKey);
      expect(standIn.requests.length).toBeGreaterThanOrEqual(operations.length);
      for (const request of standIn.requests) {
        expect(request.headers[header]).toBe(value);
        expect(request.url).not.toContain(standIn.apiKey);
      }
    });

    it.each(operations)('maps a refused key to refused (%s)', async (operation) => {
      const error = await failureOf(CALLS[operation](adapterWith({ apiKey: 'not-the-key' })));

      expect(error).toMatchObject({ provider: subject.provider, code: 'refused' });
    });
  });

  describe('faults', () => {
    it.each(operations)('maps a 429 with Retry-After to rate-limited (%s)', async (operation) => {
      standIn.setMode('rate-limited', { retryAfter: '7' });

      const error = await failureOf(CALLS[operation](adapter));

      expect(error).toMatchObject({
        provider: subject.provider,
        code: 'rate-limited',
        retryAfterMs: 7_000,
      });
    });

    it('maps a 429 without Retry-After to rate-limited, with no wait given', async () => {
      standIn.setMode('rate-limited', { retryAfter: '' });

      const error = await failureOf(adapter.quotes(['AAPL']));

      expect(error.code).toBe('rate-limited');
      expect(error.retryAfterMs).toBeUndefined();
    });

    it.each(operations)('maps a 500 to unavailable (%s)', async (operation) => {
      standIn.setMode('failing');

      const error = await failureOf(CALLS[operation](adapter));

      expect(error).toMatchObject({ provider: subject.provider, code: 'unavailable' });
    });

    it.each(operations)('maps a wrong-shaped answer to bad-answer (%s)', async (operation) => {
      standIn.setMode('wrong-shape');

      const error = await failureOf(CALLS[operation](adapter));

      expect(error).toMatchObject({ provider: subject.provider, code: 'bad-answer' });
    });

    it('maps an answer that is a JSON array to bad-answer', async () => {
      standIn.setMode('wrong-shape', { body: [] });

      const error = await failureOf(adapter.quotes(['AAPL']));

      expect(error.code).toBe('bad-answer');
    });

    it('maps an answer that is not JSON to bad-answer', async () => {
      standIn.setMode('not-json');

      const error = await failureOf(adapter.quotes(['AAPL']));

      expect(error).toMatchObject({ provider: subject.provider, code: 'bad-answer' });
    });

    it('maps a provider that never answers to timeout', async () => {
      standIn.setMode('hanging');

      const error = await failureOf(adapterWith({ timeoutMs: SHORT_TIMEOUT_MS }).quotes(['AAPL']));

      expect(error).toMatchObject({ provider: subject.provider, code: 'timeout' });
    });

    it('maps a provider that refuses the connection to unavailable', async () => {
      const gone = await subject.start();
      await gone.stop();

      const error = await failureOf(
        subject
          .build({ apiKey: gone.apiKey, baseUrl: gone.url, timeoutMs: TIMEOUT_MS })
          .quotes(['AAPL']),
      );

      expect(error).toMatchObject({ provider: subject.provider, code: 'unavailable' });
    });
  });
});

describe('the finnhub adapter, where its plan and shapes differ', () => {
  let standIn: FinnhubStandIn;
  let adapter: MarketDataProvider;

  beforeAll(async () => {
    standIn = await startFinnhubStandIn();
    adapter = new FinnhubProvider({
      apiKey: standIn.apiKey,
      baseUrl: standIn.url,
      timeoutMs: TIMEOUT_MS,
    });
  });

  beforeEach(() => standIn.reset());

  afterAll(() => standIn.stop());

  it('refuses history, which is outside the free plan, without asking Finnhub', async () => {
    expect(adapter.operations.has('history')).toBe(false);

    const error = await failureOf(adapter.history('AAPL', FROM, TO));

    expect(error).toMatchObject({ provider: 'finnhub', code: 'refused' });
    expect(standIn.requests).toHaveLength(0);
  });

  it('asks /quote once per symbol, and leaves the name to the profile', async () => {
    const quotes = await adapter.quotes(['AAPL', 'MSFT']);

    expect(standIn.count('/quote')).toBe(2);
    expect(standIn.count('/quote', 'AAPL')).toBe(1);
    expect(standIn.count('/quote', 'MSFT')).toBe(1);
    expect(quotes.get('AAPL')?.name).toBeNull();
  });

  it('reads the profile from /stock/profile2 and /stock/metric, the industry as its only class', async () => {
    const profile = await adapter.profile('AAPL');

    expect(standIn.count('/stock/profile2', 'AAPL')).toBe(1);
    expect(standIn.count('/stock/metric', 'AAPL')).toBe(1);
    expect(profile).toEqual({
      name: 'Apple Inc',
      sector: null,
      industry: 'Technology',
      marketCap: 2_903_521_500_000,
      peRatio: 29.85,
      pbRatio: 47.12,
      exchange: 'NASDAQ NMS - GLOBAL MARKET',
      currency: 'USD',
    });
  });

  it('keeps Finnhub’s base path in the address it asks', async () => {
    await adapter.search('micro');

    expect(standIn.requests.map((request) => request.url)).toEqual(['/api/v1/search?q=micro']);
  });
});

describe('the twelvedata adapter, where its shapes differ', () => {
  let standIn: TwelveDataStandIn;
  let adapter: TwelveDataProvider;

  beforeAll(async () => {
    standIn = await startTwelveDataStandIn();
    adapter = new TwelveDataProvider({
      apiKey: standIn.apiKey,
      baseUrl: standIn.url,
      timeoutMs: TIMEOUT_MS,
    });
  });

  beforeEach(() => standIn.reset());

  afterAll(() => standIn.stop());

  it('reads a single-symbol quote, which answers the quote itself, with its name', async () => {
    const quotes = await adapter.quotes(['MSFT']);

    expect(standIn.requests.map((request) => request.query.get('symbol'))).toEqual(['MSFT']);
    expect(quotes.get('MSFT')).toMatchObject({ symbol: 'MSFT', name: 'Microsoft Corporation' });
  });

  it('asks for several symbols in one batch, keyed by symbol, unknown ones left out', async () => {
    const quotes = await adapter.quotes(['AAPL', 'NOPE', 'SPY']);

    expect(standIn.count('/quote')).toBe(1);
    expect(standIn.requests[0].query.get('symbol')).toBe('AAPL,NOPE,SPY');
    expect([...quotes.keys()].sort()).toEqual(['AAPL', 'SPY']);
    expect(quotes.get('SPY')?.name).toBe('SPDR S&P 500 ETF Trust');
  });

  it('maps a batch answer that leaves out a symbol it was asked for to bad-answer', async () => {
    const apple = { close: '185.00000', change: '1.00000', percent_change: '0.54348' };
    standIn.setMode('wrong-shape', { body: { AAPL: { ...apple, timestamp: QUOTE_TIME } } });

    const error = await failureOf(adapter.quotes(['AAPL', 'MSFT']));

    expect(error.code).toBe('bad-answer');
  });

  it('maps a spent quota reported inside a 200 answer to rate-limited', async () => {
    standIn.setMode('quota-exhausted');

    const error = await failureOf(adapter.quotes(['AAPL', 'MSFT']));

    expect(error).toMatchObject({ provider: 'twelvedata', code: 'rate-limited' });
  });

  it('maps a 200 answer with code 401 to refused', async () => {
    const refused = new TwelveDataProvider({
      apiKey: 'not-the-key',
      baseUrl: standIn.url,
      timeoutMs: TIMEOUT_MS,
    });

    const error = await failureOf(refused.quotes(['AAPL']));

    expect(error.code).toBe('refused');
  });

  it('reads the profile from /profile and /statistics, with sector and industry apart', async () => {
    const profile = await adapter.profile('MSFT');

    expect(standIn.count('/profile', 'MSFT')).toBe(1);
    expect(standIn.count('/statistics', 'MSFT')).toBe(1);
    expect(profile).toEqual({
      name: 'Microsoft Corporation',
      sector: 'Technology',
      industry: 'Software - Infrastructure',
      marketCap: 2_794_000_250_000,
      peRatio: 36.4,
      pbRatio: 12.9,
      exchange: 'NASDAQ',
      currency: null,
    });
  });

  it('asks /time_series for daily bars, past the last day since end_date is exclusive', async () => {
    await adapter.history('SPY', FROM, TO);

    expect(standIn.count('/time_series', 'SPY')).toBe(1);
    const query = standIn.requests[0].query;
    expect(query.get('interval')).toBe('1day');
    expect(query.get('start_date')).toBe(FROM);
    expect(query.get('end_date')).toBe('2024-01-20');
  });
});
