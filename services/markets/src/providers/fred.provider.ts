import { zonedTime } from '@probedge/kit';
import {
  END_OF_DAY_DELAY_MINUTES,
  PERCENT_CURRENCY,
  type Bar,
  type SymbolMatch,
} from '@probedge/proto';
import type {
  MarketOperation,
  ProviderProfile,
  ProviderQuote,
  ProviderSettings,
} from './market-provider';
import { dailyChange, HttpProvider, isRecord, toNumber, toText } from './provider-http';

export const FRED = 'fred';
export const FRED_BASE_URL = 'https://api.stlouisfed.org/fred';

export interface FredSeries {
  /** FRED's title of the series, shown as the quote's name. */
  title: string;
  /** "%" for yields; the indices' levels are read in US dollars, the currency of their members. */
  currency: typeof PERCENT_CURRENCY | 'USD';
  /** What a search result calls it. */
  type: 'Treasury yield' | 'Index';
}

/**
 * The series ProbEdge shows, by symbol: the API symbol is the FRED series id itself (each matches
 * SYMBOL_PATTERN). A fixed list, not every FRED series: these are daily market series whose terms
 * the docs describe. DJIA is left out as its id is also a listed fund's ticker.
 */
export const FRED_SERIES: Readonly<Record<string, FredSeries>> = {
  DGS3MO: {
    title:
      'Market Yield on U.S. Treasury Securities at 3-Month Constant Maturity, Quoted on an Investment Basis',
    currency: PERCENT_CURRENCY,
    type: 'Treasury yield',
  },
  DGS2: {
    title:
      'Market Yield on U.S. Treasury Securities at 2-Year Constant Maturity, Quoted on an Investment Basis',
    currency: PERCENT_CURRENCY,
    type: 'Treasury yield',
  },
  DGS10: {
    title:
      'Market Yield on U.S. Treasury Securities at 10-Year Constant Maturity, Quoted on an Investment Basis',
    currency: PERCENT_CURRENCY,
    type: 'Treasury yield',
  },
  DGS30: {
    title:
      'Market Yield on U.S. Treasury Securities at 30-Year Constant Maturity, Quoted on an Investment Basis',
    currency: PERCENT_CURRENCY,
    type: 'Treasury yield',
  },
  SP500: { title: 'S&P 500', currency: 'USD', type: 'Index' },
  NASDAQCOM: { title: 'NASDAQ Composite Index', currency: 'USD', type: 'Index' },
  VIXCLS: { title: 'CBOE Volatility Index: VIX', currency: 'USD', type: 'Index' },
};

/** The daily series are US closes: a value stands for its day's 4 pm in New York. */
const SERIES_TIME_ZONE = 'America/New_York';
const SERIES_CLOSE = '16:00';
/** Enough of the latest observations to find two with a value across a run of holidays. */
const LATEST_OBSERVATIONS = '10';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Observation {
  date: string;
  value: number;
}

/**
 * FRED (api.stlouisfed.org), the St. Louis Fed's official daily series: /series/observations for the
 * latest close and for daily history, one call per series. Search is answered from the fixed list
 * without a call; series are not companies, so there is no profile. FRED takes its key only as the
 * api_key parameter, so it travels in the address, which is never logged nor put into a message.
 */
export class FredProvider extends HttpProvider {
  readonly operations: ReadonlySet<MarketOperation> = new Set(['quotes', 'history', 'search']);
  readonly isLive = false;
  readonly delayMinutes = END_OF_DAY_DELAY_MINUTES;

  constructor(settings: ProviderSettings) {
    super(FRED, settings, { headers: {}, query: { api_key: settings.apiKey, file_type: 'json' } });
  }

  quotes(symbols: readonly string[]): Promise<Map<string, ProviderQuote>> {
    // One call per series: FRED answers one series at a time.
    return this.quotesOneByOne(symbols, (symbol) => this.quote(symbol));
  }

  private async quote(symbol: string): Promise<ProviderQuote | null> {
    const series = FRED_SERIES[symbol];
    if (!series) return null;
    const latest = await this.observations(symbol, {
      sort_order: 'desc',
      limit: LATEST_OBSERVATIONS,
    });
    if (latest === null || latest.length < 2) return null;
    const [last, previous] = latest;
    const moved = dailyChange(last.value, previous.value, null, null);
    if (!moved) throw this.badAnswer('/series/observations', 'no change from a zero value');
    return {
      symbol,
      name: series.title,
      price: last.value,
      ...moved,
      currency: series.currency,
      asOf: zonedTime(last.date, SERIES_CLOSE, SERIES_TIME_ZONE),
    };
  }

  profile(): Promise<ProviderProfile | null> {
    return Promise.resolve(null);
  }

  async history(symbol: string, from: string, to: string): Promise<Bar[] | null> {
    if (!FRED_SERIES[symbol]) return null;
    const observations = await this.observations(symbol, {
      observation_start: from,
      observation_end: to,
      sort_order: 'asc',
    });
    if (observations === null) return null;
    // One value a day: the close is the whole bar, and a series has no volume.
    return observations
      .filter(({ date }) => date >= from && date <= to)
      .sort((a, b) => a.date.localeCompare(b.date))
      .map(({ date, value }) => ({
        date,
        open: value,
        high: value,
        low: value,
        close: value,
        volume: null,
      }));
  }

  search(query: string): Promise<SymbolMatch[]> {
    const wanted = query.trim().toUpperCase();
    if (wanted === '') return Promise.resolve([]);
    const matches = Object.entries(FRED_SERIES)
      .filter(
        ([id, series]) => id.startsWith(wanted) || series.title.toUpperCase().includes(wanted),
      )
      .map(([id, series]) => ({
        symbol: id,
        name: series.title,
        exchange: null,
        type: series.type,
      }));
    return Promise.resolve(matches);
  }

  /** The series' observations with a value, in the order asked; null when FRED has no such series. */
  private async observations(
    seriesId: string,
    query: Record<string, string>,
  ): Promise<Observation[] | null> {
    const path = '/series/observations';
    const body = await this.get(path, { series_id: seriesId, ...query });
    if (body === null) return null;
    if (!Array.isArray(body.observations)) throw this.badAnswer(path, 'no observations');
    const observations: Observation[] = [];
    for (const item of body.observations) {
      if (!isRecord(item)) throw this.badAnswer(path, 'an observation is not an object');
      const date = toText(item.date) ?? '';
      if (!DAY.test(date)) throw this.badAnswer(path, 'an observation without its date');
      // "." is FRED's "no observation that day" (a holiday, or a value not yet published).
      if (item.value === '.') continue;
      const value = toNumber(item.value);
      if (value === null) throw this.badAnswer(path, 'an observation without a value');
      observations.push({ date, value });
    }
    return observations;
  }

  /** The body, or null when FRED says the series does not exist. */
  private async get(
    path: string,
    query: Record<string, string>,
  ): Promise<Record<string, unknown> | null> {
    const { status, body } = await this.getJson(path, query);
    if (status >= 400) {
      // FRED answers a bad key and an unknown series alike, 400, and tells them apart only in its
      // error_message; its own words are read here and never passed on.
      const message = isRecord(body) ? (toText(body.error_message) ?? '') : '';
      if (/api_key/i.test(message)) {
        throw this.failure('refused', `${path}: key not accepted`);
      }
      if (status === 400 && /does not exist/i.test(message)) return null;
      throw this.badAnswer(path, `answered ${status}`);
    }
    if (!isRecord(body)) throw this.badAnswer(path, 'not an object');
    return body;
  }
}
