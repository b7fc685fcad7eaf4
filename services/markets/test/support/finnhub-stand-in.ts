import { listing, quoteOf, searchListings, type Listing } from './market-data-set';
import { startStandIn, type Answer, type RecordedRequest, type StandIn } from './stand-in-server';

export const FINNHUB_STAND_IN_KEY = 'finnhub-stand-in-key';

export type FinnhubStandIn = StandIn;

/**
 * A local Finnhub (finnhub.io/api/v1) answering the free plan's documented shapes from the shared
 * data set: /quote, /stock/profile2, /stock/metric and /search. It takes the key from the
 * X-Finnhub-Token header (or the `token` parameter, as Finnhub does) and answers 401 without it.
 * `without` names listings it answers as unknown, as a provider that does not cover them.
 */
export function startFinnhubStandIn(
  options: { apiKey?: string; without?: readonly string[] } = {},
): Promise<FinnhubStandIn> {
  const apiKey = options.apiKey ?? FINNHUB_STAND_IN_KEY;
  const without = new Set(options.without);
  const find = (symbol: string) => (without.has(symbol) ? undefined : listing(symbol));
  return startStandIn({
    basePath: '/api/v1',
    apiKey,
    faults: {
      rateLimited: { error: 'API limit reached. Please try again later. Remaining Limit: 0' },
      failing: { error: 'Internal server error' },
    },
    answer: (request) => answer(request, apiKey, find),
  });
}

function answer(
  request: RecordedRequest,
  apiKey: string,
  find: (symbol: string) => Listing | undefined,
): Answer {
  const key = request.headers['x-finnhub-token'] ?? request.query.get('token');
  if (key !== apiKey) return { status: 401, body: { error: 'Invalid API key' } };
  const symbol = request.query.get('symbol') ?? '';
  switch (request.path) {
    case '/quote':
      return ok(quote(find(symbol)));
    case '/stock/profile2':
      return ok(profile(find(symbol)));
    case '/stock/metric':
      return ok(metric(symbol, find(symbol)));
    case '/search':
      return ok(search(request.query.get('q') ?? '', find));
    default:
      return { status: 404, body: { error: 'Not found' } };
  }
}

const ok = (body: unknown): Answer => ({ status: 200, body });

/** An unknown symbol answers 200 with every figure 0 and the changes null. */
function quote(entry: Listing | undefined) {
  if (!entry) return { c: 0, d: null, dp: null, h: 0, l: 0, o: 0, pc: 0, t: 0 };
  const figures = quoteOf(entry);
  return {
    c: figures.price,
    d: figures.change,
    dp: figures.percentChange,
    h: figures.high,
    l: figures.low,
    o: figures.open,
    pc: figures.previousClose,
    t: figures.time,
  };
}

/** Market capitalisation and shares outstanding in millions; an unknown symbol answers {}. */
function profile(entry: Listing | undefined) {
  if (!entry) return {};
  return {
    country: 'US',
    currency: entry.currency,
    estimateCurrency: entry.currency,
    exchange: entry.finnhubExchange,
    finnhubIndustry: entry.sector ?? '',
    ipo: '1980-12-12',
    logo: `https://static2.finnhub.io/file/publicdatany/finnhubimage/stock_logo/${entry.symbol}.png`,
    ...(entry.marketCap === null ? {} : { marketCapitalization: entry.marketCap / 1_000_000 }),
    name: entry.name,
    phone: '',
    shareOutstanding: 0,
    ticker: entry.symbol,
    weburl: '',
  };
}

function metric(symbol: string, entry: Listing | undefined) {
  if (!entry) return { metric: {}, metricType: 'all', series: {}, symbol };
  const figures = quoteOf(entry);
  return {
    metric: {
      '52WeekHigh': figures.high,
      '52WeekLow': figures.low,
      beta: 1.1,
      ...(entry.peRatio === null
        ? {}
        : { peTTM: entry.peRatio, peBasicExclExtraTTM: entry.peRatio }),
      ...(entry.pbRatio === null ? {} : { pbQuarterly: entry.pbRatio, pbAnnual: entry.pbRatio }),
    },
    metricType: 'all',
    series: {},
    symbol,
  };
}

function search(query: string, find: (symbol: string) => Listing | undefined) {
  const result = searchListings(query)
    .filter((entry) => find(entry.symbol))
    .map((entry) => ({
      description: entry.name.toUpperCase(),
      displaySymbol: entry.symbol,
      symbol: entry.symbol,
      type: entry.type,
    }));
  return { count: result.length, result };
}
