import { isWeekday } from '@probedge/kit';
import { MAX_QUOTE_SYMBOLS, type Quote } from '@probedge/proto';
import request from 'supertest';
import { MARKET_UNAVAILABLE_MESSAGE, NO_MARKET_PROVIDER_MESSAGE } from '../src/market/market-error';
import { startFinnhubStandIn, type FinnhubStandIn } from './support/finnhub-stand-in';
import { fredQuoteOf, startFredStandIn, type FredStandIn } from './support/fred-stand-in';
import { listing, quoteOf, type Listing } from './support/market-data-set';
import type { StandIn } from './support/stand-in-server';
import { startTwelveDataStandIn, type TwelveDataStandIn } from './support/twelvedata-stand-in';
import { startTestApp, type MarketsTestApp } from './test-app';

/** A fresh answer's Cache-Control: shared caches may keep it a while, browsers revalidate. */
const SHAREABLE = /^public, max-age=0, s-maxage=([1-9]\d*)$/;
const WATCHLIST = ['SPY', 'AAPL', 'MSFT'];

let finnhub: FinnhubStandIn;
let twelvedata: TwelveDataStandIn;

beforeAll(async () => {
  [finnhub, twelvedata] = await Promise.all([startFinnhubStandIn(), startTwelveDataStandIn()]);
});

beforeEach(() => {
  finnhub.reset();
  twelvedata.reset();
});

afterAll(async () => {
  await Promise.all([finnhub?.stop(), twelvedata?.stop()]);
});

/** Finnhub first, Twelve Data behind it, both the stand-ins; budgets no test reaches. */
function liveEnv(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    MARKET_PROVIDERS: 'finnhub,twelvedata',
    FINNHUB_BASE_URL: finnhub.url,
    FINNHUB_API_KEY: finnhub.apiKey,
    TWELVEDATA_BASE_URL: twelvedata.url,
    TWELVEDATA_API_KEY: twelvedata.apiKey,
    MARKET_PROVIDER_TIMEOUT_MS: '500',
    MARKET_WATCHLIST: WATCHLIST.join(','),
    FINNHUB_CALLS_PER_MINUTE: '1000',
    TWELVEDATA_CALLS_PER_MINUTE: '1000',
    MARKET_QUOTE_TTL_SECONDS: '300',
    MARKET_QUOTE_CLOSED_TTL_SECONDS: '300',
    ...overrides,
  };
}

/**
 * An app of the describe block's own (its own Redis prefix, so its own cache, budgets and
 * pauses), started once the stand-ins are up and closed after the block.
 */
function appFor(env: () => NodeJS.ProcessEnv) {
  let app: MarketsTestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(env());
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => request(app!.app.getHttpServer());
}

function known(symbol: string): Listing {
  const entry = listing(symbol);
  if (!entry) throw new Error(`${symbol} is not in the stand-ins' data set`);
  return entry;
}

const quotesOf = (body: { quotes: Quote[] }) =>
  new Map(body.quotes.map((quote) => [quote.symbol, quote]));

/** Every request either stand-in has recorded since the last reset. */
const providerRequests = () => [...finnhub.requests, ...twelvedata.requests];

function expectError(
  res: request.Response,
  statusCode: number,
  error: string,
  message: string | RegExp,
) {
  expect(res.status).toBe(statusCode);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).toMatchObject({
    statusCode,
    error,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
  // Nothing else: no stack, no provider's own words (the kit adds the request's id).
  expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'requestId', 'statusCode']);
}

describe('market API with finnhub first and twelvedata behind it', () => {
  const http = appFor(() => liveEnv());

  it('answers the watch list from finnhub, with the names from the company profiles', async () => {
    const res = await http().get('/api/market').expect(200);

    expect(res.headers['cache-control']).toMatch(SHAREABLE);
    expect(res.body.sampleData).toBe(false);
    expect(res.body.sources).toEqual(['finnhub']);
    expect(res.body.quotes.map((quote: Quote) => quote.symbol)).toEqual(WATCHLIST);
    for (const quote of res.body.quotes as Quote[]) {
      const entry = known(quote.symbol);
      expect(quote).toMatchObject({
        name: entry.name,
        price: quoteOf(entry).price,
        source: 'finnhub',
        isLive: true,
        stale: false,
        currency: 'USD',
      });
      // Finnhub's /quote has no name: one profile call per symbol filled it in.
      expect(finnhub.count('/quote', quote.symbol)).toBe(1);
      expect(finnhub.count('/stock/profile2', quote.symbol)).toBe(1);
    }
    expect(twelvedata.requests).toEqual([]);
  });

  it('answers the watch list again from the cache, without calling a provider', async () => {
    const first = await http().get('/api/market').expect(200);
    finnhub.reset();
    const second = await http().get('/api/market').expect(200);

    expect(second.body).toEqual(first.body);
    expect(second.headers['cache-control']).toMatch(SHAREABLE);
    expect(providerRequests()).toEqual([]);
  });

  it('answers history from twelvedata, since finnhub has no daily bars', async () => {
    const res = await http().get('/api/market/symbols/AAPL/history?range=5y').expect(200);

    expect(res.headers['cache-control']).toMatch(SHAREABLE);
    // The stand-ins' bars are January 2024's, within five years of today.
    expect(res.body).toEqual({
      symbol: 'AAPL',
      range: '5y',
      source: 'twelvedata',
      sampleData: false,
      stale: false,
      bars: known('AAPL').bars,
    });
    expect(twelvedata.count('/time_series', 'AAPL')).toBe(1);
    expect(finnhub.requests).toEqual([]);
  });

  it("answers a symbol's quote and company figures, for a lower-case symbol too", async () => {
    const res = await http().get('/api/market/symbols/msft').expect(200);
    const entry = known('MSFT');

    expect(res.headers['cache-control']).toMatch(SHAREABLE);
    expect(res.body.quote).toMatchObject({ symbol: 'MSFT', name: entry.name, source: 'finnhub' });
    expect(res.body.profile).toMatchObject({
      marketCap: entry.marketCap,
      peRatio: entry.peRatio,
      pbRatio: entry.pbRatio,
      source: 'finnhub',
    });
  });

  it('answers a search from the first provider that offers it', async () => {
    const res = await http().get('/api/market/search?q=apple').expect(200);

    expect(res.headers['cache-control']).toMatch(SHAREABLE);
    expect(res.body).toMatchObject({ query: 'apple', sampleData: false });
    expect(res.body.results.map((match: { symbol: string }) => match.symbol)).toEqual(['AAPL']);
    expect(finnhub.count('/search')).toBe(1);
    expect(twelvedata.requests).toEqual([]);
  });

  it('lists the symbols no provider knows under unknown, next to the known ones', async () => {
    const res = await http().get('/api/market/quotes?symbols=aapl,ZZZZ').expect(200);

    expect(res.body.quotes.map((quote: Quote) => quote.symbol)).toEqual(['AAPL']);
    expect(res.body.unknown).toEqual(['ZZZZ']);
  });

  it.each([
    ['/api/market/quotes?symbols=ZZZZ', /ZZZZ/],
    ['/api/market/quotes?symbols=ZZZZ,QQQQ', /ZZZZ, QQQQ/],
    ['/api/market/symbols/ZZZZ', /ZZZZ/],
    ['/api/market/symbols/ZZZZ/history?range=1m', /ZZZZ/],
  ])('answers 404 naming an unknown symbol (%s)', async (path, named) => {
    const res = await http().get(path);

    expectError(res, 404, 'Not Found', named);
    expect(res.body.message).toMatch(/^No instrument has the symbol/);
  });

  const tooMany = Array.from({ length: MAX_QUOTE_SYMBOLS + 1 }, (_, i) => `S${i}`).join(',');

  it.each([
    ['a symbol with a space', '/api/market/quotes?symbols=AAPL,AA%20PL', /"AA PL" is not a ticker/],
    ['a symbol with a $', '/api/market/quotes?symbols=%24AAPL', /"\$AAPL" is not a ticker/],
    ['too many symbols', `/api/market/quotes?symbols=${tooMany}`, /26 tickers; at most 25/],
    ['no symbols', '/api/market/quotes?symbols=,', /at least one ticker/],
    ['a missing symbols', '/api/market/quotes', /symbols is required/],
    ['a malformed path symbol', '/api/market/symbols/AA%2FPL', /"AA\/PL" is not a ticker/],
    ['a malformed history symbol', '/api/market/symbols/A!B/history', /"A!B" is not a ticker/],
    ['an unknown range', '/api/market/symbols/AAPL/history?range=2y', /range must be one of/],
    ['a missing q', '/api/market/search', /q is required/],
    ['an empty q', '/api/market/search?q=%20', /q must be 1 to 50 characters/],
    ['a q over 50 characters', `/api/market/search?q=${'a'.repeat(51)}`, /q must be 1 to 50/],
  ])('answers 400 for %s, without calling a provider', async (_case, path, message) => {
    const res = await http().get(path);

    expectError(res, 400, 'Bad Request', message);
    expect(providerRequests()).toEqual([]);
  });
});

describe('market API under 100 concurrent requests for one symbol', () => {
  const http = appFor(() => liveEnv());

  it('calls finnhub once for the quote and once for the profile, and answers all alike', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => http().get('/api/market/quotes?symbols=AAPL')),
    );

    expect(answers.map((res) => res.status)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((res) => JSON.stringify(res.body))).size).toBe(1);
    expect(answers[0].body.quotes[0]).toMatchObject({
      symbol: 'AAPL',
      name: known('AAPL').name,
      source: 'finnhub',
    });
    expect(finnhub.count('/quote', 'AAPL')).toBe(1);
    expect(finnhub.count('/stock/profile2', 'AAPL')).toBe(1);
    expect(twelvedata.requests).toEqual([]);
  });
});

describe('market API when finnhub fails', () => {
  const http = appFor(() => liveEnv());

  it.each([
    ['answers 500', 'failing', 'AAPL'],
    ['answers a shape the adapter does not know', 'wrong-shape', 'MSFT'],
    ['does not answer within the timeout', 'hanging', 'SPY'],
  ] as const)('answers quotes from twelvedata when finnhub %s', async (_case, mode, symbol) => {
    finnhub.setMode(mode);
    const res = await http().get(`/api/market/quotes?symbols=${symbol}`).expect(200);

    expect(res.headers['cache-control']).toMatch(SHAREABLE);
    expect(res.body.quotes).toEqual([
      expect.objectContaining({
        symbol,
        name: known(symbol).name,
        price: quoteOf(known(symbol)).price,
        source: 'twelvedata',
        isLive: true,
        stale: false,
      }),
    ]);
    expect(finnhub.count('/quote', symbol)).toBe(1);
    expect(twelvedata.count('/quote', symbol)).toBe(1);
  });
});

describe('market API when finnhub stops mid-run', () => {
  let ownFinnhub: StandIn;

  // Registered before the app's hooks: the app is pointed at this stand-in.
  beforeAll(async () => {
    ownFinnhub = await startFinnhubStandIn();
  });

  afterAll(async () => {
    await ownFinnhub?.stop();
  });

  const http = appFor(() =>
    liveEnv({ FINNHUB_BASE_URL: ownFinnhub.url, FINNHUB_API_KEY: ownFinnhub.apiKey }),
  );

  it('answers from finnhub while it runs, then from twelvedata', async () => {
    const before = await http().get('/api/market/quotes?symbols=AAPL').expect(200);
    expect(before.body.quotes[0].source).toBe('finnhub');

    await ownFinnhub.stop();
    const after = await http().get('/api/market/quotes?symbols=MSFT').expect(200);

    expect(after.body.quotes[0]).toMatchObject({ symbol: 'MSFT', source: 'twelvedata' });
    expect(twelvedata.count('/quote', 'MSFT')).toBe(1);
  });
});

describe('market API when finnhub answers 429 with Retry-After', () => {
  const http = appFor(() => liveEnv());

  it('pauses finnhub: the next requests go to twelvedata without calling finnhub', async () => {
    finnhub.setMode('rate-limited', { retryAfter: '30' });
    const limited = await http().get('/api/market/quotes?symbols=AAPL').expect(200);
    expect(limited.body.quotes[0]).toMatchObject({ symbol: 'AAPL', source: 'twelvedata' });
    expect(finnhub.count('/quote', 'AAPL')).toBe(1);

    // Finnhub would answer again, but asked for 30 seconds.
    finnhub.reset();
    const quotes = await http().get('/api/market/quotes?symbols=MSFT').expect(200);
    const search = await http().get('/api/market/search?q=micro').expect(200);

    expect(quotes.body.quotes[0]).toMatchObject({ symbol: 'MSFT', source: 'twelvedata' });
    expect(search.body.results.map((match: { symbol: string }) => match.symbol)).toEqual(['MSFT']);
    expect(finnhub.requests).toEqual([]);
    expect(twelvedata.count('/quote', 'MSFT')).toBe(1);
    expect(twelvedata.count('/symbol_search')).toBe(1);
  });
});

describe('market API when finnhub does not know a symbol that twelvedata knows', () => {
  let partialFinnhub: StandIn;

  // Registered before the app's hooks: the app is pointed at this stand-in.
  beforeAll(async () => {
    partialFinnhub = await startFinnhubStandIn({ without: ['MSFT'] });
  });

  afterAll(async () => {
    await partialFinnhub?.stop();
  });

  beforeEach(() => partialFinnhub.reset());

  const http = appFor(() =>
    liveEnv({ FINNHUB_BASE_URL: partialFinnhub.url, FINNHUB_API_KEY: partialFinnhub.apiKey }),
  );

  it('answers it from twelvedata, asking twelvedata only for what finnhub did not know', async () => {
    const res = await http().get('/api/market/quotes?symbols=AAPL,MSFT,ZZZZ').expect(200);

    const quotes = quotesOf(res.body);
    expect(quotes.get('AAPL')).toMatchObject({ source: 'finnhub', isLive: true, stale: false });
    expect(quotes.get('MSFT')).toMatchObject({
      name: known('MSFT').name,
      price: quoteOf(known('MSFT')).price,
      source: 'twelvedata',
      isLive: true,
      stale: false,
    });
    expect(res.body.unknown).toEqual(['ZZZZ']);
    expect(twelvedata.requests.map((recorded) => recorded.query.get('symbol'))).toEqual([
      'MSFT,ZZZZ',
    ]);
  });

  it('finds a company in twelvedata’s search when finnhub’s finds nothing', async () => {
    const res = await http().get('/api/market/search?q=micro').expect(200);

    expect(res.body.results.map((match: { symbol: string }) => match.symbol)).toEqual(['MSFT']);
    expect(partialFinnhub.count('/search')).toBe(1);
    expect(twelvedata.count('/symbol_search')).toBe(1);
    // A query both know is answered by the first alone.
    const apple = await http().get('/api/market/search?q=apple').expect(200);
    expect(apple.body.results.map((match: { symbol: string }) => match.symbol)).toEqual(['AAPL']);
    expect(twelvedata.count('/symbol_search')).toBe(1);
  });

  it("answers the symbol's page from twelvedata, quote and company figures", async () => {
    const res = await http().get('/api/market/symbols/MSFT').expect(200);

    expect(res.body.quote).toMatchObject({ symbol: 'MSFT', source: 'twelvedata' });
    expect(res.body.profile).toMatchObject({
      marketCap: known('MSFT').marketCap,
      source: 'twelvedata',
    });
    expect(partialFinnhub.count('/stock/profile2', 'MSFT')).toBe(1);
  });

  it('asks again within a minute about a symbol twelvedata could not be asked about', async () => {
    twelvedata.setMode('failing');
    const res = await http().get('/api/market/quotes?symbols=AAPL,DIA').expect(200);

    expect(res.body.quotes.map((quote: Quote) => quote.symbol)).toEqual(['AAPL']);
    expect(res.body.unknown).toEqual(['DIA']);
    // Not the quote's 300 seconds, nor the hour an unknown is kept once every provider said so.
    expect(Number(SHAREABLE.exec(res.headers['cache-control'])?.[1])).toBeLessThanOrEqual(60);
  });

  it('answers 404 for a symbol neither knows, and keeps that without asking again', async () => {
    await http().get('/api/market/quotes?symbols=QQQQ').expect(404);
    expect(partialFinnhub.count('/quote', 'QQQQ')).toBe(1);
    expect(twelvedata.count('/quote', 'QQQQ')).toBe(1);

    partialFinnhub.reset();
    twelvedata.reset();
    const again = await http().get('/api/market/quotes?symbols=QQQQ');

    expectError(again, 404, 'Not Found', /QQQQ/);
    expect([...partialFinnhub.requests, ...twelvedata.requests]).toEqual([]);
  });
});

describe('market API with fred behind finnhub and twelvedata', () => {
  let fred: FredStandIn;

  beforeAll(async () => {
    fred = await startFredStandIn();
  });

  afterAll(async () => {
    await fred?.stop();
  });

  beforeEach(() => fred.reset());

  const http = appFor(() =>
    liveEnv({
      MARKET_PROVIDERS: 'finnhub,twelvedata,fred',
      FRED_BASE_URL: fred.url,
      FRED_API_KEY: fred.apiKey,
    }),
  );

  it('answers a FRED series from fred, labelled end of day, next to a live quote', async () => {
    const res = await http().get('/api/market/quotes?symbols=AAPL,DGS10').expect(200);

    const quotes = quotesOf(res.body);
    expect(quotes.get('AAPL')).toMatchObject({ source: 'finnhub', isLive: true, delayMinutes: 0 });
    expect(quotes.get('DGS10')).toMatchObject({
      name: 'Market Yield on U.S. Treasury Securities at 10-Year Constant Maturity, Quoted on an Investment Basis',
      price: fredQuoteOf('DGS10').price,
      currency: '%',
      source: 'fred',
      isLive: false,
      delayMinutes: 1440,
      stale: false,
    });
    expect(res.body.unknown).toEqual([]);
    expect(fred.count('/series/observations')).toBe(1);
    expect(fred.requests[0].query.get('series_id')).toBe('DGS10');
  });

  it("answers a series' daily closes from fred, and its page with no company figures", async () => {
    const history = await http().get('/api/market/symbols/SP500/history?range=5y').expect(200);
    const details = await http().get('/api/market/symbols/VIXCLS').expect(200);

    expect(history.body).toMatchObject({ symbol: 'SP500', source: 'fred', sampleData: false });
    expect(history.body.bars[0]).toMatchObject({ date: '2024-01-02', volume: null });
    expect(details.body.quote).toMatchObject({ symbol: 'VIXCLS', source: 'fred', isLive: false });
    expect(details.body.profile).toBeNull();
  });
});

describe('market API when no provider answers', () => {
  // Quotes age after a second in and out of the session, so a cached one turns stale quickly.
  const http = appFor(() =>
    liveEnv({ MARKET_QUOTE_TTL_SECONDS: '1', MARKET_QUOTE_CLOSED_TTL_SECONDS: '1' }),
  );

  it('serves the last good quote, marked stale, for a short while in shared caches', async () => {
    const fresh = await http().get('/api/market/quotes?symbols=AAPL').expect(200);
    expect(fresh.body.quotes[0]).toMatchObject({ source: 'finnhub', stale: false });

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    finnhub.reset();
    twelvedata.reset();
    finnhub.setMode('failing');
    twelvedata.setMode('failing');
    const res = await http().get('/api/market/quotes?symbols=AAPL').expect(200);

    expect(res.body.quotes).toEqual([{ ...fresh.body.quotes[0], stale: true }]);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    // Both were asked before the old value was served.
    expect(finnhub.count('/quote', 'AAPL')).toBe(1);
    expect(twelvedata.count('/quote', 'AAPL')).toBe(1);
  });

  it('answers 503 as JSON, never 500, when there is no value to fall back on', async () => {
    finnhub.setMode('failing');
    twelvedata.setMode('failing');
    const quotes = await http().get('/api/market/quotes?symbols=MSFT');
    const details = await http().get('/api/market/symbols/MSFT');
    const history = await http().get('/api/market/symbols/MSFT/history?range=1m');
    const search = await http().get('/api/market/search?q=micro');

    for (const res of [quotes, details, history, search]) {
      expectError(res, 503, 'Service Unavailable', MARKET_UNAVAILABLE_MESSAGE);
    }
  });
});

describe('market API without a configured provider', () => {
  // Unset, not the test app's sandbox default: the stand-ins' settings alone configure nothing.
  const http = appFor(() => liveEnv({ MARKET_PROVIDERS: undefined }));

  it.each([
    '/api/market',
    '/api/market/quotes?symbols=AAPL',
    '/api/market/symbols/AAPL',
    '/api/market/symbols/AAPL/history',
    '/api/market/search?q=apple',
  ])('answers 503 "No market data provider is configured" to %s', async (path) => {
    const res = await http().get(path);

    expectError(res, 503, 'Service Unavailable', NO_MARKET_PROVIDER_MESSAGE);
    expect(providerRequests()).toEqual([]);
  });
});

describe('market API and the provider keys', () => {
  const http = appFor(() => liveEnv());

  it('sends each key in a header, never in an address a log could keep', async () => {
    await http().get('/api/market').expect(200);
    await http().get('/api/market/symbols/AAPL').expect(200);
    await http().get('/api/market/symbols/AAPL/history?range=5y').expect(200);
    await http().get('/api/market/search?q=micro').expect(200);
    await http().get('/api/market/quotes?symbols=NOPE').expect(404);

    expect(finnhub.requests.length).toBeGreaterThan(0);
    expect(twelvedata.requests.length).toBeGreaterThan(0);
    for (const recorded of providerRequests()) {
      const url = decodeURIComponent(recorded.url);
      expect(url).not.toContain(finnhub.apiKey);
      expect(url).not.toContain(twelvedata.apiKey);
      expect([...recorded.query.keys()]).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(token|apikey)$/i)]),
      );
    }
    for (const recorded of finnhub.requests) {
      expect(recorded.headers['x-finnhub-token']).toBe(finnhub.apiKey);
    }
    for (const recorded of twelvedata.requests) {
      expect(recorded.headers.authorization).toBe(`apikey ${twelvedata.apiKey}`);
    }
  });
});

describe('market API with the sandbox provider', () => {
  // A short watch list: the sample provider builds each symbol's series from 2018 on first use.
  const http = appFor(() => ({ MARKET_PROVIDERS: 'sandbox', MARKET_WATCHLIST: 'SPY,AAPL' }));

  it('labels every figure as sample data from "sandbox", never live', async () => {
    const snapshot = await http().get('/api/market').expect(200);
    const quotes = await http().get('/api/market/quotes?symbols=AAPL,MSFT,NOPE').expect(200);
    const history = await http().get('/api/market/symbols/SPY/history?range=1m').expect(200);
    const search = await http().get('/api/market/search?q=apple').expect(200);

    expect(snapshot.body.sampleData).toBe(true);
    expect(snapshot.body.sources).toEqual(['sandbox']);
    expect(snapshot.body.quotes.length).toBeGreaterThan(0);
    expect(quotes.body.sampleData).toBe(true);
    expect(quotes.body.unknown).toEqual(['NOPE']);
    for (const quote of [...snapshot.body.quotes, ...quotes.body.quotes] as Quote[]) {
      expect(quote).toMatchObject({ source: 'sandbox', isLive: false, stale: false });
    }
    expect([...quotesOf(quotes.body).keys()]).toEqual(['AAPL', 'MSFT']);
    expect(history.body).toMatchObject({ source: 'sandbox', sampleData: true, stale: false });
    expect(history.body.bars.length).toBeGreaterThan(15);
    expect(history.body.bars.every((bar: { date: string }) => isWeekday(bar.date))).toBe(true);
    expect(search.body).toMatchObject({ sampleData: true });
    expect(search.body.results[0].symbol).toBe('AAPL');
    expect(providerRequests()).toEqual([]);
  });
});
