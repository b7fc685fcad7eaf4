import type { Bar, SymbolMatch } from '@probedge/proto';
import {
  EVERY_OPERATION,
  type ProviderProfile,
  type ProviderQuote,
  type ProviderSettings,
} from './market-provider';
import { dailyChange, HttpProvider, isRecord, toNumber, toText } from './provider-http';

export const TWELVE_DATA = 'twelvedata';
export const TWELVE_DATA_BASE_URL = 'https://api.twelvedata.com';

/** Twelve Data's error body: HTTP 200 (or the same status) with {code, message, status: "error"}. */
function errorOf(body: unknown): { code: number; message: string } | null {
  if (!isRecord(body) || body.status !== 'error') return null;
  return { code: toNumber(body.code) ?? 0, message: toText(body.message) ?? 'error' };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The next calendar day of a YYYY-MM-DD date; the date itself when it is not one. */
function dayAfter(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : new Date(time + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Twelve Data (twelvedata.com): /quote (many symbols in one call), /time_series, /symbol_search,
 * and /profile with /statistics where the plan has them. It reports most failures inside a 200
 * answer, so each body is read for its `status` before anything else. The key travels in the
 * Authorization header.
 */
export class TwelveDataProvider extends HttpProvider {
  readonly operations = EVERY_OPERATION;
  readonly isLive = true;
  readonly delayMinutes = 0;

  constructor(settings: ProviderSettings) {
    super(TWELVE_DATA, settings, { headers: { authorization: `apikey ${settings.apiKey}` } });
  }

  async quotes(symbols: readonly string[]): Promise<Map<string, ProviderQuote>> {
    const found = new Map<string, ProviderQuote>();
    if (symbols.length === 0) return found;
    const body = await this.get('/quote', { symbol: symbols.join(',') });
    if (body === null) return found;
    // One symbol answers the quote itself; several answer an object keyed by symbol.
    const entries: [string, unknown][] =
      symbols.length === 1 ? [[symbols[0], body]] : symbols.map((s) => [s, body[s]]);
    for (const [symbol, entry] of entries) {
      // A batch answers every symbol asked for, an unknown one with its own error body.
      if (entry === undefined) throw this.badAnswer('/quote', `no entry for ${symbol}`);
      if (errorOf(entry)) continue;
      const quote = this.toQuote(symbol, entry);
      if (quote) found.set(symbol, quote);
    }
    return found;
  }

  private toQuote(symbol: string, entry: unknown): ProviderQuote | null {
    if (!isRecord(entry)) throw this.badAnswer('/quote', 'not an object');
    const price = toNumber(entry.close);
    const previousClose = toNumber(entry.previous_close);
    const seconds = toNumber(entry.last_quote_at) ?? toNumber(entry.timestamp);
    if (price === null || seconds === null) throw this.badAnswer('/quote', 'no close or timestamp');
    const moved = dailyChange(
      price,
      previousClose,
      toNumber(entry.change),
      toNumber(entry.percent_change),
    );
    if (!moved) throw this.badAnswer('/quote', 'no change');
    return {
      symbol,
      name: toText(entry.name),
      price,
      ...moved,
      currency: toText(entry.currency) ?? 'USD',
      asOf: new Date(seconds * 1000),
    };
  }

  async profile(symbol: string): Promise<ProviderProfile | null> {
    const [company, statistics] = await Promise.all([
      this.get('/profile', { symbol }),
      this.get('/statistics', { symbol }),
    ]);
    if (company === null) return null;
    if (toText(company.symbol) === null && toText(company.name) === null) {
      throw this.badAnswer('/profile', 'no symbol or name');
    }
    const stats = isRecord(statistics?.statistics) ? statistics.statistics : {};
    const valuations = isRecord(stats.valuations_metrics) ? stats.valuations_metrics : {};
    return {
      name: toText(company.name),
      sector: toText(company.sector),
      industry: toText(company.industry),
      marketCap: toNumber(valuations.market_capitalization),
      peRatio: toNumber(valuations.trailing_pe),
      pbRatio: toNumber(valuations.price_to_book_mrq),
      exchange: toText(company.exchange),
      currency: null,
    };
  }

  async history(symbol: string, from: string, to: string): Promise<Bar[] | null> {
    // end_date is exclusive ("Getting historical data": end_date=2020-05-06 ends on 2020-05-05), so
    // the day after `to` is asked for, and anything outside the range is dropped below.
    const body = await this.get('/time_series', {
      symbol,
      interval: '1day',
      start_date: from,
      end_date: dayAfter(to),
      order: 'asc',
      outputsize: '5000',
    });
    if (body === null) return null;
    if (!Array.isArray(body.values)) throw this.badAnswer('/time_series', 'no values');
    const bars: Bar[] = [];
    for (const value of body.values) {
      if (!isRecord(value)) throw this.badAnswer('/time_series', 'a value is not an object');
      const date = toText(value.datetime)?.slice(0, 10) ?? '';
      const open = toNumber(value.open);
      const high = toNumber(value.high);
      const low = toNumber(value.low);
      const close = toNumber(value.close);
      if (!DAY.test(date) || open === null || high === null || low === null || close === null) {
        throw this.badAnswer('/time_series', 'a bar without its date or prices');
      }
      if (date < from || date > to) continue;
      bars.push({ date, open, high, low, close, volume: toNumber(value.volume) });
    }
    return bars.sort((a, b) => a.date.localeCompare(b.date));
  }

  async search(query: string): Promise<SymbolMatch[]> {
    const body = await this.get('/symbol_search', { symbol: query, outputsize: '20' });
    if (body === null) return [];
    if (!Array.isArray(body.data)) throw this.badAnswer('/symbol_search', 'no data');
    return this.symbolMatches(body.data, {
      name: 'instrument_name',
      exchange: 'exchange',
      type: 'instrument_type',
    });
  }

  /** The body, or null when the provider says it does not know the symbol (its 400/404). */
  private async get(
    path: string,
    query: Record<string, string>,
  ): Promise<Record<string, unknown> | null> {
    const { status, body } = await this.getJson(path, query);
    const failure = errorOf(body) ?? (status >= 400 ? { code: status, message: 'error' } : null);
    if (failure) {
      if (failure.code === 400 || failure.code === 404) return null;
      if (failure.code === 429) {
        throw this.failure('rate-limited', `${path}: ${failure.message}`);
      }
      if (failure.code === 401 || failure.code === 403) {
        throw this.failure('refused', `${path}: ${failure.message}`);
      }
      throw this.failure('unavailable', `${path}: code ${failure.code}`);
    }
    if (!isRecord(body)) throw this.badAnswer(path, 'not an object');
    return body;
  }
}
