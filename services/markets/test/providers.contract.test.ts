import { zonedTime } from '@probedge/kit';
import type { Bar } from '@probedge/proto';
import { FinnhubProvider } from '../src/providers/finnhub.provider';
import { FredProvider } from '../src/providers/fred.provider';
import {
  ProviderError,
  type MarketDataProvider,
  type MarketOperation,
} from '../src/providers/market-provider';
import { TwelveDataProvider } from '../src/providers/twelvedata.provider';
import { startFinnhubStandIn, type FinnhubStandIn } from './support/finnhub-stand-in';
import { fredBars, fredQuoteOf, startFredStandIn, type FredStandIn } from './support/fred-stand-in';
import { listing, quoteOf, QUOTE_TIME } from './support/market-data-set';
import type { RecordedRequest, StandIn } from './support/stand-in-server';
import { startTwelveDataStandIn, type TwelveDataStandIn } from './support/twelvedata-stand-in';

interface AdapterSettings {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

/** What a subject's stand-in knows, and what the adapter should make of it. */
interface SubjectData {
  /** Three symbols the stand-in knows. */
  quoteSymbols: [string, string, string];
  expectedQuote(symbol: string): {
    price: number;
    change: number;
    percentChange: number;
    currency: string;
    asOfMs: number;
  };
  historySymbol: string;
  expectedBars(from: string, to: string): Bar[];
  search: { query: string; symbol: string; name: string };
}

interface Subject {
  provider: string;
  start(): Promise<StandIn>;
  build(settings: AdapterSettings): MarketDataProvider;
  data: SubjectData;
  /** The key as the stand-in received it. */
  sentKey(request: RecordedRequest): string | string[] | undefined;
  /** FRED takes its key nowhere but the address; the others take it in a header. */
  keyInAddress: boolean;
  /** Operations the adapter answers from its own table, without asking the provider. */
  answeredLocally: MarketOperation[];
}

/** The shared data set of the Finnhub and Twelve Data stand-ins. */
const LISTED: SubjectData = {
  quoteSymbols: ['AAPL', 'MSFT', 'SPY'],
  expectedQuote: (symbol) => ({
    ...quoteOf(known(symbol)),
    currency: 'USD',
    asOfMs: QUOTE_TIME * 1000,
  }),
  historySymbol: 'AAPL',
  expectedBars: (from, to) =>
    known('AAPL').bars.filter((bar) => bar.date >= from && bar.date <= to),
  search: { query: 'apple', symbol: 'AAPL', name: 'Apple Inc' },
};

const FRED_DATA: SubjectData = {
  quoteSymbols: ['DGS10', 'SP500', 'VIXCLS'],
  expectedQuote: (symbol) => {
    const figures = fredQuoteOf(symbol);
    return {
      ...figures,
      currency: symbol.startsWith('DGS') ? '%' : 'USD',
      // End of day: the close of the latest day with a value (DGS10's last day has none yet).
      asOfMs: zonedTime(figures.date, '16:00', 'America/New_York').getTime(),
    };
  },
  historySymbol: 'SP500',
  expectedBars: (from, to) => fredBars('SP500', from, to),
  search: {
    query: 'treasury securities at 10',
    symbol: 'DGS10',
    name: 'Market Yield on U.S. Treasury Securities at 10-Year Constant Maturity, Quoted on an Investment Basis',
  },
};

const SUBJECTS: Subject[] = [
  {
    provider: 'finnhub',
    start: () => startFinnhubStandIn(),
    build: (settings) => new FinnhubProvider(settings),
    data: LISTED,
    sentKey: (request) => request.headers['x-finnhub-token'],
    keyInAddress: false,
    answeredLocally: [],
  },
  {
    provider: 'twelvedata',
    start: () => startTwelveDataStandIn(),
    build: (settings) => new TwelveDataProvider(settings),
    data: LISTED,
    sentKey: (request) => /^apikey (.*)$/.exec(request.headers.authorization ?? '')?.[1],
    keyInAddress: false,
    answeredLocally: [],
  },
  {
    provider: 'fred',
    start: () => startFredStandIn(),
    build: (settings) => new FredProvider(settings),
    data: FRED_DATA,
    sentKey: (request) => request.query.get('api_key') ?? undefined,
    keyInAddress: true,
    // Search matches the adapter's fixed list of series.
    answeredLocally: ['search'],
  },
];

/** Generous for a local server; the hanging stand-in gets its own short one. */
const TIMEOUT_MS = 5_000;
const SHORT_TIMEOUT_MS = 300;
const FROM = '2024-01-08';
const TO = '2024-01-19';

/** One call per operation, with arguments the stand-in knows; quotes asks for several symbols. */
function callsOf(
  data: SubjectData,
): Record<MarketOperation, (provider: MarketDataProvider) => Promise<unknown>> {
  return {
    quotes: (provider) => provider.quotes(data.quoteSymbols.slice(0, 2)),
    profile: (provider) => provider.profile('AAPL'),
    history: (provider) => provider.history(data.historySymbol, FROM, TO),
    search: (provider) => provider.search(data.search.query),
  };
}

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
  /** The operations that reach the provider, and so meet its faults. */
  const asked = operations.filter((operation) => !subject.answeredLocally.includes(operation));
  const { data } = subject;
  const calls = callsOf(data);
  const [firstSymbol] = data.quoteSymbols;
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
    expect(asked.length).toBeGreaterThan(0);
  });

  describe('quotes', () => {
    it('maps each known symbol to a quote with finite figures and a Date', async () => {
      const quotes = await adapter.quotes(data.quoteSymbols);

      expect([...quotes.keys()].sort()).toEqual([...data.quoteSymbols].sort());
      for (const [symbol, quote] of quotes) {
        const figures = data.expectedQuote(symbol);
        expect(quote.symbol).toBe(symbol);
        expect(quote.price).toBe(figures.price);
        expect(quote.change).toBeCloseTo(figures.change, 4);
        expect(quote.percentChange).toBeCloseTo(figures.percentChange, 4);
        for (const value of [quote.price, quote.change, quote.percentChange]) {
          expect(Number.isFinite(value)).toBe(true);
        }
        expect(quote.currency).toBe(figures.currency);
        expect(quote.asOf).toBeInstanceOf(Date);
        expect(quote.asOf.getTime()).toBe(figures.asOfMs);
      }
    });

    it('leaves a symbol the provider does not know out of the map', async () => {
      const quotes = await adapter.quotes([firstSymbol, 'NOPE']);

      expect([...quotes.keys()]).toEqual([firstSymbol]);
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

  // FRED's series are not companies: it offers no profile (see its own block below).
  if (operations.includes('profile')) {
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
  }

  describe('search', () => {
    it('answers the matches, each with its symbol and name', async () => {
      const matches = await adapter.search(data.search.query);

      expect(matches).toContainEqual(expect.objectContaining({ symbol: data.search.symbol }));
      for (const match of matches) {
        expect(match.symbol).toEqual(expect.stringMatching(/\S/));
        expect(match.name).toEqual(expect.stringMatching(/\S/));
      }
      expect(matches.find((match) => match.symbol === data.search.symbol)?.name.toUpperCase()).toBe(
        data.search.name.toUpperCase(),
      );
    });

    it('answers an empty list when nothing matches', async () => {
      await expect(adapter.search('zzzz')).resolves.toEqual([]);
    });
  });

  if (operations.includes('history')) {
    describe('history', () => {
      it('answers the daily bars from the first to the last day inclusive, oldest first', async () => {
        const expected = data.expectedBars(FROM, TO);

        const bars = await adapter.history(data.historySymbol, FROM, TO);

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
    it('travels with every call', async () => {
      for (const operation of asked) await calls[operation](adapter);

      expect(standIn.requests.length).toBeGreaterThanOrEqual(asked.length);
      for (const request of standIn.requests) {
        expect(subject.sentKey(request)).toBe(standIn.apiKey);
        if (!subject.keyInAddress) expect(request.url).not.toContain(standIn.apiKey);
      }
    });

    it.each(asked)('maps a refused key to refused (%s)', async (operation) => {
      const error = await failureOf(calls[operation](adapterWith({ apiKey: 'not-the-key' })));

      expect(error).toMatchObject({ provider: subject.provider, code: 'refused' });
    });
  });

  describe('faults', () => {
    it.each(asked)('maps a 429 with Retry-After to rate-limited (%s)', async (operation) => {
      standIn.setMode('rate-limited', { retryAfter: '7' });

      const error = await failureOf(calls[operation](adapter));

      expect(error).toMatchObject({
        provider: subject.provider,
        code: 'rate-limited',
        retryAfterMs: 7_000,
      });
    });

    it('maps a 429 without Retry-After to rate-limited, with no wait given', async () => {
      standIn.setMode('rate-limited', { retryAfter: '' });

      const error = await failureOf(adapter.quotes([firstSymbol]));

      expect(error.code).toBe('rate-limited');
      expect(error.retryAfterMs).toBeUndefined();
    });

    it.each(asked)('maps a 500 to unavailable (%s)', async (operation) => {
      standIn.setMode('failing');

      const error = await failureOf(calls[operation](adapter));

      expect(error).toMatchObject({ provider: subject.provider, code: 'unavailable' });
    });

    it.each(asked)('maps a wrong-shaped answer to bad-answer (%s)', async (operation) => {
      standIn.setMode('wrong-shape');

      const error = await failureOf(calls[operation](adapter));

      expect(error).toMatchObject({ provider: subject.provider, code: 'bad-answer' });
    });

    it('maps an answer that is a JSON array to bad-answer', async () => {
      standIn.setMode('wrong-shape', { body: [] });

      const error = await failureOf(adapter.quotes([firstSymbol]));

      expect(error.code).toBe('bad-answer');
    });

    it('maps an answer that is not JSON to bad-answer', async () => {
      standIn.setMode('not-json');

      const error = await failureOf(adapter.quotes([firstSymbol]));

      expect(error).toMatchObject({ provider: subject.provider, code: 'bad-answer' });
    });

    it('maps a provider that never answers to timeout', async () => {
      standIn.setMode('hanging');

      const error = await failureOf(
        adapterWith({ timeoutMs: SHORT_TIMEOUT_MS }).quotes([firstSymbol]),
      );

      expect(error).toMatchObject({ provider: subject.provider, code: 'timeout' });
    });

    it('maps a provider that refuses the connection to unavailable', async () => {
      const gone = await subject.start();
      await gone.stop();

      const error = await failureOf(
        subject
          .build({ apiKey: gone.apiKey, baseUrl: gone.url, timeoutMs: TIMEOUT_MS })
          .quotes([firstSymbol]),
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

describe('the fred adapter, where its plan and shapes differ', () => {
  let standIn: FredStandIn;
  let adapter: MarketDataProvider;

  beforeAll(async () => {
    standIn = await startFredStandIn();
    adapter = new FredProvider({
      apiKey: standIn.apiKey,
      baseUrl: standIn.url,
      timeoutMs: TIMEOUT_MS,
    });
  });

  beforeEach(() => standIn.reset());

  afterAll(() => standIn.stop());

  it('labels its figures end of day: not live, a day behind the market', () => {
    expect(adapter.isLive).toBe(false);
    expect(adapter.delayMinutes).toBe(24 * 60);
  });

  it('asks /series/observations once per series for the latest values, newest first', async () => {
    const quotes = await adapter.quotes(['DGS10', 'SP500']);

    expect(standIn.count('/series/observations')).toBe(2);
    const ids = standIn.requests.map((request) => request.query.get('series_id')).sort();
    expect(ids).toEqual(['DGS10', 'SP500']);
    for (const request of standIn.requests) {
      expect(request.query.get('sort_order')).toBe('desc');
      expect(request.query.get('file_type')).toBe('json');
    }
    expect(quotes.get('SP500')?.name).toBe('S&P 500');
  });

  it('skips days without an observation ("."), in quotes and in history', async () => {
    const quotes = await adapter.quotes(['DGS10']);
    const bars = await adapter.history('DGS10', '2024-01-12', '2024-01-31');

    // The 31st has no value yet: the quote is the 30th's, against the 29th's.
    expect(quotes.get('DGS10')?.asOf.toISOString()).toBe('2024-01-30T21:00:00.000Z');
    expect(bars?.map((bar) => bar.date)).not.toContain('2024-01-15');
    expect(bars?.map((bar) => bar.date)).not.toContain('2024-01-31');
    expect(bars?.[0]).toEqual(expect.objectContaining({ date: '2024-01-12', volume: null }));
  });

  it('asks for history over the days asked, oldest first', async () => {
    await adapter.history('SP500', FROM, TO);

    const query = standIn.requests[0].query;
    expect(query.get('observation_start')).toBe(FROM);
    expect(query.get('observation_end')).toBe(TO);
    expect(query.get('sort_order')).toBe('asc');
  });

  it('leaves out a listed series FRED says does not exist, and answers null for its history', async () => {
    const quotes = await adapter.quotes(['NASDAQCOM', 'VIXCLS']);
    const bars = await adapter.history('NASDAQCOM', FROM, TO);

    expect([...quotes.keys()]).toEqual(['VIXCLS']);
    expect(bars).toBeNull();
    expect(standIn.count('/series/observations')).toBe(3);
  });

  it('asks nothing about a symbol outside its list of series', async () => {
    const quotes = await adapter.quotes(['AAPL']);
    const bars = await adapter.history('AAPL', FROM, TO);

    expect(quotes.size).toBe(0);
    expect(bars).toBeNull();
    expect(standIn.requests).toHaveLength(0);
  });

  it('offers no profile, since a series is not a company, without asking FRED', async () => {
    expect(adapter.operations.has('profile')).toBe(false);

    await expect(adapter.profile('DGS10')).resolves.toBeNull();
    expect(standIn.requests).toHaveLength(0);
  });

  it('answers a search from its list, by series id or title, without asking FRED', async () => {
    const byId = await adapter.search('dgs');
    const byTitle = await adapter.search('volatility');

    expect(byId.map((match) => match.symbol)).toEqual(['DGS3MO', 'DGS2', 'DGS10', 'DGS30']);
    expect(byTitle).toEqual([
      { symbol: 'VIXCLS', name: 'CBOE Volatility Index: VIX', exchange: null, type: 'Index' },
    ]);
    expect(standIn.requests).toHaveLength(0);
  });

  it('keeps the key, which travels in the address, out of every error message', async () => {
    const failures: ProviderError[] = [];
    for (const mode of ['rate-limited', 'failing', 'wrong-shape', 'not-json'] as const) {
      standIn.setMode(mode);
      failures.push(await failureOf(adapter.quotes(['DGS10'])));
    }
    standIn.reset();
    const refused = new FredProvider({
      apiKey: 'not-the-key-0000000000000000000000',
      baseUrl: standIn.url,
      timeoutMs: TIMEOUT_MS,
    });
    failures.push(await failureOf(refused.quotes(['DGS10'])));
    const gone = await startFredStandIn();
    await gone.stop();
    failures.push(
      await failureOf(
        new FredProvider({ apiKey: gone.apiKey, baseUrl: gone.url, timeoutMs: TIMEOUT_MS }).quotes([
          'DGS10',
        ]),
      ),
    );

    expect(failures.map((failure) => failure.code)).toEqual([
      'rate-limited',
      'unavailable',
      'bad-answer',
      'bad-answer',
      'refused',
      'unavailable',
    ]);
    for (const failure of failures) {
      expect(failure.message).not.toContain(standIn.apiKey);
      expect(failure.message).not.toContain('not-the-key');
      expect(String(failure.cause ?? '')).not.toContain(standIn.apiKey);
    }
  });
});
