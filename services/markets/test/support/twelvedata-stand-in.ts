import { listing, quoteOf, searchListings, type Listing } from './market-data-set';
import {
  startStandIn,
  type Answer,
  type RecordedRequest,
  type StandIn,
  type StandInMode,
} from './stand-in-server';

export const TWELVE_DATA_STAND_IN_KEY = 'twelvedata-stand-in-key';

/** Twelve Data also reports a spent quota inside a 200 answer: `quota-exhausted` answers that. */
export type TwelveDataMode = StandInMode | 'quota-exhausted';

export type TwelveDataStandIn = StandIn<TwelveDataMode>;

/**
 * A local Twelve Data (api.twelvedata.com) answering the documented shapes from the shared data set:
 * /quote (one symbol, or several comma-separated, answered as an object keyed by symbol),
 * /time_series, /symbol_search, /profile and /statistics. Prices come as strings, as Twelve Data
 * sends them. It takes the key from `Authorization: apikey KEY` (or the `apikey` parameter) and,
 * like Twelve Data, reports a bad key, an unknown symbol or a spent quota as a 200 answer with
 * `{code, message, status: "error"}`.
 */
export function startTwelveDataStandIn(
  options: { apiKey?: string } = {},
): Promise<TwelveDataStandIn> {
  const apiKey = options.apiKey ?? TWELVE_DATA_STAND_IN_KEY;
  return startStandIn<TwelveDataMode>({
    basePath: '',
    apiKey,
    faults: {
      rateLimited: failure(429, 'Too many requests'),
      failing: failure(500, 'Internal server error'),
    },
    answer: (request) => answer(request, apiKey),
    ownMode: (mode) =>
      mode === 'quota-exhausted'
        ? ok(
            failure(
              429,
              'You have run out of API credits for the current minute. Wait for the next minute or consider switching to a higher tier plan at https://twelvedata.com/pricing',
            ),
          )
        : null,
  });
}

function answer(request: RecordedRequest, apiKey: string): Answer {
  const key = apiKeyOf(request.headers.authorization) ?? request.query.get('apikey');
  if (key !== apiKey) {
    return ok(
      failure(
        401,
        '**apikey** parameter is incorrect or not specified. You can get your free API key instantly following this link: https://twelvedata.com/pricing',
      ),
    );
  }
  const symbol = request.query.get('symbol') ?? '';
  switch (request.path) {
    case '/quote':
      return ok(quotes(symbol));
    case '/time_series':
      return ok(timeSeries(request.query));
    case '/symbol_search':
      return ok(symbolSearch(symbol, Number(request.query.get('outputsize') ?? '30')));
    case '/profile':
      return ok(profile(symbol));
    case '/statistics':
      return ok(statistics(symbol));
    default:
      return ok(failure(404, 'This endpoint does not exist'));
  }
}

const ok = (body: unknown): Answer => ({ status: 200, body });

const failure = (code: number, message: string) => ({ code, message, status: 'error' });

const notFound = (symbol: string) =>
  failure(
    400,
    `**symbol** not found: ${symbol}. Please specify it correctly according to API Documentation.`,
  );

function apiKeyOf(header: string | undefined): string | null {
  const match = /^apikey\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

const price = (value: number) => value.toFixed(5);

/** One symbol answers its quote; several answer an object keyed by symbol, errors included. */
function quotes(symbols: string) {
  const wanted = symbols.split(',').filter((symbol) => symbol !== '');
  if (wanted.length === 0) return failure(400, '**symbol** parameter is missing or invalid.');
  if (wanted.length === 1) return quoteBody(wanted[0]);
  return Object.fromEntries(wanted.map((symbol) => [symbol, quoteBody(symbol)]));
}

function quoteBody(symbol: string) {
  const entry = listing(symbol);
  if (!entry) return notFound(symbol);
  const figures = quoteOf(entry);
  const last = entry.bars[entry.bars.length - 1];
  return {
    symbol: entry.symbol,
    name: entry.name,
    exchange: entry.exchange,
    mic_code: entry.micCode,
    currency: entry.currency,
    datetime: last.date,
    timestamp: figures.time,
    open: price(figures.open),
    high: price(figures.high),
    low: price(figures.low),
    close: price(figures.price),
    volume: String(figures.volume),
    previous_close: price(figures.previousClose),
    change: price(figures.change),
    percent_change: price(figures.percentChange),
    average_volume: String(figures.volume),
    is_market_open: false,
    fifty_two_week: {
      low: price(Math.min(...entry.bars.map((bar) => bar.low))),
      high: price(Math.max(...entry.bars.map((bar) => bar.high))),
    },
  };
}

/**
 * Daily bars between start_date (inclusive) and end_date (exclusive: Twelve Data's "Getting
 * historical data" shows end_date=2020-05-06 ending on 2020-05-05), the newest `outputsize` of
 * them (30 unless asked), newest first: Twelve Data's default order. The `order` parameter is
 * deliberately not honoured, so the adapter's own ordering is what a test sees.
 */
function timeSeries(query: URLSearchParams) {
  const symbol = query.get('symbol') ?? '';
  const entry = listing(symbol);
  if (!entry) return notFound(symbol);
  if (query.get('interval') !== '1day') {
    return failure(400, '**interval** is not supported by the stand-in; ask for 1day.');
  }
  const start = query.get('start_date') ?? '';
  const end = query.get('end_date') ?? '9999-12-31';
  const size = Number(query.get('outputsize') ?? '30');
  const inRange = entry.bars.filter((bar) => bar.date >= start && bar.date < end).slice(-size);
  if (inRange.length === 0) {
    return failure(
      400,
      'No data is available on the specified dates. Try setting different start/end dates.',
    );
  }
  return {
    meta: {
      symbol: entry.symbol,
      interval: '1day',
      currency: entry.currency,
      exchange_timezone: 'America/New_York',
      exchange: entry.exchange,
      mic_code: entry.micCode,
      type: entry.type,
    },
    values: [...inRange].reverse().map((bar) => ({
      datetime: bar.date,
      open: price(bar.open),
      high: price(bar.high),
      low: price(bar.low),
      close: price(bar.close),
      volume: String(bar.volume ?? 0),
    })),
    status: 'ok',
  };
}

function symbolSearch(query: string, size: number) {
  const data = searchListings(query)
    .slice(0, size)
    .map((entry) => ({
      symbol: entry.symbol,
      instrument_name: entry.name,
      exchange: entry.exchange,
      mic_code: entry.micCode,
      exchange_timezone: 'America/New_York',
      instrument_type: entry.type,
      country: 'United States',
      currency: entry.currency,
    }));
  return { data, status: 'ok' };
}

function profile(symbol: string) {
  const entry = listing(symbol);
  if (!entry) return notFound(symbol);
  return {
    symbol: entry.symbol,
    name: entry.name,
    exchange: entry.exchange,
    mic_code: entry.micCode,
    sector: entry.sector ?? '',
    industry: entry.industry ?? '',
    employees: 0,
    website: '',
    description: `${entry.name}: a listing of the stand-in's data set.`,
    type: entry.type,
    CEO: '',
    address: '',
    city: '',
    zip: '',
    state: '',
    country: 'United States',
    phone: '',
  };
}

function statistics(symbol: string) {
  const entry = listing(symbol);
  if (!entry) return notFound(symbol);
  return {
    meta: {
      symbol: entry.symbol,
      name: entry.name,
      currency: entry.currency,
      exchange: entry.exchange,
      mic_code: entry.micCode,
      exchange_timezone: 'America/New_York',
    },
    statistics: { valuations_metrics: valuations(entry) },
  };
}

function valuations(entry: Listing) {
  return {
    market_capitalization: entry.marketCap,
    enterprise_value: entry.marketCap,
    trailing_pe: entry.peRatio,
    forward_pe: entry.peRatio,
    peg_ratio: null,
    price_to_sales_ttm: null,
    price_to_book_mrq: entry.pbRatio,
    enterprise_to_revenue: null,
    enterprise_to_ebitda: null,
  };
}
