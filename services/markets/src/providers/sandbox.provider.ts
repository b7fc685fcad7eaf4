import { SANDBOX_MARKET_SOURCE, type Bar, type SymbolMatch } from '@probedge/proto';
import {
  currentSession,
  isTradingDay,
  shiftDate,
  SESSION_CLOSE,
  SESSION_OPEN,
} from '../market/market-session';
import {
  EVERY_OPERATION,
  type MarketDataProvider,
  type ProviderProfile,
  type ProviderQuote,
} from './market-provider';
import { SANDBOX_INSTRUMENTS, type SandboxInstrument } from './sandbox-universe';

/** The generated series start here; history reaches back five years from any later day. */
const SERIES_START = '2018-01-02';
/** Share of the distance to the base price a sample series closes each day. */
const REVERSION = 0.01;
const SESSION_MINUTES = minutesOf(SESSION_CLOSE) - minutesOf(SESSION_OPEN);

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** A number in [0, 1) from a text, the same on every machine and run (FNV-1a, then a mix). */
function unitHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return (hash >>> 0) / 0x1_0000_0000;
}

/** A standard normal draw named by `key` (Box–Muller over two hashes). */
function normal(key: string): number {
  const u = Math.max(unitHash(`${key}:u`), 1e-12);
  const v = unitHash(`${key}:v`);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const round = (value: number) => Math.round(value * 100) / 100;

interface Series {
  dates: string[];
  bars: Bar[];
}

/**
 * Deterministic sample figures for `make up`, compose and demos: the same symbol and day give the
 * same prices on every machine. `isLive` is false and the source is "sandbox", so every screen labels
 * them "Sample data"; it runs only where MARKET_PROVIDERS names it.
 */
export class SandboxProvider implements MarketDataProvider {
  readonly name = SANDBOX_MARKET_SOURCE;
  readonly operations = EVERY_OPERATION;
  readonly isLive = false;
  readonly delayMinutes = 0;
  private readonly bySymbol = new Map(SANDBOX_INSTRUMENTS.map((item) => [item.symbol, item]));
  private readonly series = new Map<string, Series>();

  constructor(
    private readonly timeZone: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  quotes(symbols: readonly string[]): Promise<Map<string, ProviderQuote>> {
    const now = this.clock();
    const found = new Map<string, ProviderQuote>();
    for (const symbol of symbols) {
      const instrument = this.bySymbol.get(symbol);
      if (instrument) found.set(symbol, this.quoteAt(instrument, now));
    }
    return Promise.resolve(found);
  }

  profile(symbol: string): Promise<ProviderProfile | null> {
    const instrument = this.bySymbol.get(symbol);
    if (!instrument) return Promise.resolve(null);
    const price = this.quoteAt(instrument, this.clock()).price;
    const cap = instrument.shares === null ? null : price * instrument.shares;
    return Promise.resolve({
      name: instrument.name,
      sector: instrument.sector,
      industry: instrument.industry,
      marketCap: cap === null ? null : Math.round(cap),
      peRatio:
        cap !== null && instrument.earnings !== null && instrument.earnings > 0
          ? round(cap / instrument.earnings)
          : null,
      pbRatio:
        cap !== null && instrument.bookValue !== null && instrument.bookValue > 0
          ? round(cap / instrument.bookValue)
          : null,
      exchange: instrument.exchange,
      currency: 'USD',
    });
  }

  history(symbol: string, from: string, to: string): Promise<Bar[] | null> {
    const instrument = this.bySymbol.get(symbol);
    if (!instrument) return Promise.resolve(null);
    const session = currentSession(this.clock(), this.timeZone);
    // Bars of whole sessions only: today's appears once it has closed.
    const last = this.clock() >= session.close ? session.date : shiftDate(session.date, -1);
    const until = to < last ? to : last;
    const { bars } = this.seriesTo(instrument, until);
    return Promise.resolve(bars.filter((bar) => bar.date >= from && bar.date <= until));
  }

  search(query: string): Promise<SymbolMatch[]> {
    const wanted = query.trim().toLowerCase();
    const matches = SANDBOX_INSTRUMENTS.filter(
      (item) =>
        item.symbol.toLowerCase().startsWith(wanted) || item.name.toLowerCase().includes(wanted),
    )
      // Exact symbols first, then symbols that start with the query, then names.
      .sort((a, b) => rank(a, wanted) - rank(b, wanted) || a.symbol.localeCompare(b.symbol))
      .map((item) => ({
        symbol: item.symbol,
        name: item.name,
        exchange: item.exchange,
        type: item.type,
      }));
    return Promise.resolve(matches);
  }

  private quoteAt(instrument: SandboxInstrument, now: Date): ProviderQuote {
    const session = currentSession(now, this.timeZone);
    const { bars } = this.seriesTo(instrument, session.date);
    const today = bars[bars.length - 1];
    const previous = bars[bars.length - 2];
    let price: number;
    let asOf: Date;
    if (now >= session.close) {
      price = today.close;
      asOf = session.close;
    } else {
      // Part of the day's move so far, plus a small wiggle that changes each minute.
      const minute = Math.floor((now.getTime() - session.open.getTime()) / 60_000);
      const share = Math.min(1, (minute + 1) / SESSION_MINUTES);
      const wiggle =
        normal(`${instrument.symbol}:${session.date}:${minute}`) * instrument.volatility * 0.1;
      price = round(
        (previous.close + (today.close - previous.close) * share) * (1 + wiggle * (1 - share)),
      );
      asOf = new Date(session.open.getTime() + minute * 60_000);
    }
    const change = round(price - previous.close);
    return {
      symbol: instrument.symbol,
      name: instrument.name,
      price,
      change,
      percentChange: round((change / previous.close) * 100),
      currency: 'USD',
      asOf,
    };
  }

  /** The instrument's daily bars from SERIES_START through `date`, extended as days pass. */
  private seriesTo(instrument: SandboxInstrument, date: string): Series {
    let series = this.series.get(instrument.symbol);
    if (!series) {
      series = { dates: [], bars: [] };
      this.series.set(instrument.symbol, series);
    }
    let cursor =
      series.dates.length === 0
        ? SERIES_START
        : shiftDate(series.dates[series.dates.length - 1], 1);
    let close = series.bars.length === 0 ? instrument.basePrice : series.bars.at(-1)!.close;
    while (cursor <= date) {
      if (isTradingDay(cursor)) {
        const key = `${instrument.symbol}:${cursor}`;
        // Log price mean-reverting to the base price, so sample series wander like prices but
        // stay in a plausible band (about ±7 daily volatilities) over any number of years.
        const level = Math.log(close / instrument.basePrice);
        const nextLevel = level * (1 - REVERSION) + instrument.volatility * normal(key);
        const open = round(close * (1 + instrument.volatility * 0.3 * normal(`${key}:open`)));
        const next = round(instrument.basePrice * Math.exp(nextLevel));
        const spread = Math.abs(normal(`${key}:range`)) * instrument.volatility * 0.5;
        series.dates.push(cursor);
        series.bars.push({
          date: cursor,
          open,
          high: round(Math.max(open, next) * (1 + spread)),
          low: round(Math.min(open, next) * (1 - spread)),
          close: next,
          volume: Math.round(1e6 * (5 + 20 * unitHash(`${key}:volume`))),
        });
        close = next;
      }
      cursor = shiftDate(cursor, 1);
    }
    return series;
  }
}

function rank(item: SandboxInstrument, wanted: string): number {
  const symbol = item.symbol.toLowerCase();
  if (symbol === wanted) return 0;
  if (symbol.startsWith(wanted)) return 1;
  return 2;
}
