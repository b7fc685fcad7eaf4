import { marketDate } from '@probedge/kit';
import {
  SANDBOX_MARKET_SOURCE,
  type Bar,
  type MarketSnapshot,
  type PriceHistory,
  type PriceHistoryRange,
  type Profile,
  type Quote,
  type QuoteList,
  type SymbolDetails,
  type SymbolMatch,
  type SymbolSearch,
} from '@probedge/proto';
import type { ProviderChain } from '../chain/provider-chain';
import type {
  MarketDataProvider,
  MarketOperation,
  ProviderProfile,
  ProviderQuote,
} from '../providers/market-provider';
import type { BarHistory } from '../store/bar-history';
import type { MarketStore } from '../store/market-store';
import type { CacheEntry, MarketCache } from './market-cache';
import { MarketError } from './market-error';
import { quoteFreshSeconds, shiftDate } from './market-session';

export interface MarketSettings {
  timeZone: string;
  watchlist: readonly string[];
  quoteTtlSeconds: number;
  quoteClosedTtlSeconds: number;
}

/** An answer with how long shared caches may keep it. */
export interface Answer<T> {
  body: T;
  /** Seconds until the freshest figure in it ages; a few seconds when it carries stale ones. */
  maxAgeSeconds: number;
}

/** `stored`: answered from the database's kept sessions, without a provider call. */
export type CacheOutcome = 'hit' | 'miss' | 'stale' | 'stored';

export interface MarketObserver {
  cache(kind: string, outcome: CacheOutcome, source: string): void;
}

/** Company figures and names change slowly: a day. */
const PROFILE_SECONDS = 86_400;
const SEARCH_SECONDS = 86_400;
const SEARCH_RESULTS = 20;
/** How long the providers' "no such symbol" is believed, once every one of them said so. */
const UNKNOWN_SECONDS = 3600;
/** When a provider that might know the symbol was skipped or failed: it is asked again soon. */
const UNSETTLED_UNKNOWN_SECONDS = 60;
/** Shared caches keep an answer with stale figures this long, so the providers are tried again soon. */
const STALE_ANSWER_SECONDS = 5;
const RANGE_DAYS: Record<PriceHistoryRange, number> = {
  '1m': 31,
  '6m': 183,
  '1y': 366,
  '5y': 1827,
};

interface Loaded<T> {
  value: T;
  source: string;
  freshUntil: number;
  stale: boolean;
}

/** A provider answer as the cache keeps it: null when no provider that answered knew the symbol. */
interface Fetched<T> {
  value: T | null;
  source: string;
  /** False when a provider that might know the symbol did not answer (see Gathered). */
  settled: boolean;
}

/** A quote as stored: the provider's, with where it came from. */
interface StoredQuote extends Omit<ProviderQuote, 'asOf'> {
  asOf: string;
  isLive: boolean;
  delayMinutes: number;
}

/**
 * Market figures for the API: each one read from the shared cache while fresh, otherwise from the
 * provider chain (concurrent requests for the same thing share one provider call), and when no
 * provider answers, the last good value marked stale until it is too old; then 503.
 */
export class MarketService {
  private readonly inflight = new Map<string, Promise<Loaded<unknown>>>();

  constructor(
    private readonly chain: ProviderChain,
    private readonly cache: MarketCache,
    private readonly settings: MarketSettings,
    private readonly observer: MarketObserver,
    private readonly store: MarketStore,
    private readonly bars: BarHistory,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async snapshot(): Promise<Answer<MarketSnapshot>> {
    const { found, maxAgeSeconds } = await this.quotesOf(this.settings.watchlist);
    const quotes = this.settings.watchlist.flatMap((symbol) => found.get(symbol) ?? []);
    if (quotes.length === 0) {
      throw new MarketError('unavailable', 'No quote of the watch list is available right now');
    }
    const latest = quotes.reduce((a, b) => (a.asOf > b.asOf ? a : b)).asOf;
    return {
      body: {
        asOf: latest,
        sources: this.sourcesOf(quotes),
        sampleData: isSample(quotes),
        quotes,
      },
      maxAgeSeconds,
    };
  }

  async quotes(symbols: readonly string[]): Promise<Answer<QuoteList>> {
    const { found, maxAgeSeconds } = await this.quotesOf(symbols);
    const quotes = symbols.flatMap((symbol) => found.get(symbol) ?? []);
    const unknown = symbols.filter((symbol) => !found.has(symbol));
    if (quotes.length === 0) {
      throw new MarketError('unknown-symbol', `No instrument has the symbol ${unknown.join(', ')}`);
    }
    return { body: { sampleData: isSample(quotes), quotes, unknown }, maxAgeSeconds };
  }

  async details(symbol: string): Promise<Answer<SymbolDetails>> {
    const [quotes, profile] = await Promise.all([
      this.quotesOf([symbol]),
      this.profileOf(symbol).catch((error: unknown) => {
        // The quote is the page; company figures missing for a while do not take it down.
        if (isUnavailable(error)) return null;
        throw error;
      }),
    ]);
    const quote = quotes.found.get(symbol);
    if (!quote) throw unknownSymbol(symbol);
    const maxAge = Math.min(
      quotes.maxAgeSeconds,
      profile ? maxAgeOf(profile, this.clock()) : PROFILE_SECONDS,
    );
    return {
      body: {
        sampleData: isSample([quote]),
        quote,
        profile: profile?.value ? toProfile(profile.value, profile.source) : null,
      },
      maxAgeSeconds: maxAge,
    };
  }

  async history(symbol: string, range: PriceHistoryRange): Promise<Answer<PriceHistory>> {
    const now = this.clock();
    const to = marketDate(now, this.settings.timeZone);
    const from = shiftDate(to, -RANGE_DAYS[range]);
    let loaded: Loaded<Bar[] | null>;
    try {
      loaded = await this.load(
        `history:${symbol}:${range}`,
        'history',
        // Daily bars change once a session: an hour while it runs, else until the next opening.
        () => quoteFreshSeconds(this.clock(), this.settings.timeZone, 3600, 43_200),
        () => this.barsOf(symbol, from, to),
      );
    } catch (error) {
      // No provider answered and the cache has nothing: the kept sessions, marked stale.
      const kept = isUnavailable(error) ? await this.bars.lastKept(symbol, from, to) : null;
      if (!kept) throw error;
      this.observer.cache('history', 'stale', kept.source);
      loaded = { value: kept.bars, source: kept.source, freshUntil: 0, stale: true };
    }
    if (loaded.value === null) throw unknownSymbol(symbol);
    return {
      body: {
        symbol,
        range,
        source: loaded.source,
        sampleData: loaded.source === SANDBOX_MARKET_SOURCE,
        stale: loaded.stale,
        bars: loaded.value,
      },
      maxAgeSeconds: maxAgeOf(loaded, now),
    };
  }

  /** Daily bars from the store when it holds every session of the range, else from the providers. */
  private async barsOf(symbol: string, from: string, to: string): Promise<Fetched<Bar[]>> {
    const kept = await this.bars.kept(symbol, from, to);
    if (kept) {
      this.observer.cache('history', 'stored', kept.source);
      return { value: kept.bars, source: kept.source, settled: true };
    }
    return this.fromFirstKnowing('history', symbol, 1, await this.bars.asking(symbol, from, to));
  }

  async search(query: string): Promise<Answer<SymbolSearch>> {
    const normalised = query.trim().toLowerCase();
    let loaded: Loaded<SymbolMatch[] | null>;
    try {
      loaded = await this.load(
        `search:${normalised}`,
        'search',
        () => SEARCH_SECONDS,
        // A provider that finds nothing passes the query on, as it does a symbol it does not know.
        () =>
          this.fromFirstKnowing('search', normalised, 1, async (p) => {
            const found = await p.search(normalised);
            await this.store.keepInstruments(p.name, found);
            return found.length > 0 ? found : null;
          }),
      );
    } catch (error) {
      // No provider answered and the cache has nothing: the instruments they named before.
      const kept = isUnavailable(error) ? await this.keptInstruments(normalised) : null;
      if (!kept) throw error;
      this.observer.cache('search', 'stale', kept.source);
      loaded = { value: kept.value, source: kept.source, freshUntil: 0, stale: true };
    }
    return {
      body: {
        query: query.trim(),
        sampleData: loaded.source === SANDBOX_MARKET_SOURCE,
        results: dedupe(loaded.value ?? []).slice(0, SEARCH_RESULTS),
      },
      maxAgeSeconds: maxAgeOf(loaded, this.clock()),
    };
  }

  private async keptInstruments(
    query: string,
  ): Promise<{ value: SymbolMatch[]; source: string } | null> {
    const sources = this.chain.providers
      .filter((provider) => provider.operations.has('search'))
      .map((provider) => provider.name);
    const found = await this.store.searchInstruments(query, sources, SEARCH_RESULTS);
    if (!found || found.length === 0) return null;
    // Labelled by the first provider among them, as a sample only when every one is the sample.
    const source = found.every((row) => row.source === SANDBOX_MARKET_SOURCE)
      ? SANDBOX_MARKET_SOURCE
      : (found.find((row) => row.source !== SANDBOX_MARKET_SOURCE)?.source ?? found[0].source);
    return { value: found.map((row) => row.match), source };
  }

  private profileOf(symbol: string): Promise<Loaded<ProviderProfile | null>> {
    return this.load(
      `profile:${symbol}`,
      'profile',
      () => PROFILE_SECONDS,
      () =>
        this.fromFirstKnowing('profile', symbol, 2, async (p) => {
          const profile = await p.profile(symbol);
          if (profile?.name) {
            const { name, exchange } = profile;
            await this.store.keepInstruments(p.name, [{ symbol, name, exchange, type: null }]);
          }
          return profile;
        }),
    );
  }

  /**
   * The quotes of `symbols` by symbol (unknown ones absent): fresh ones from the cache, the rest in
   * one provider call, which concurrent requests for the same symbols share.
   */
  private async quotesOf(
    symbols: readonly string[],
  ): Promise<{ found: Map<string, Quote>; maxAgeSeconds: number }> {
    const keys = symbols.map((symbol) => `quote:${symbol}`);
    const entries = await this.cache.read<StoredQuote | null>(keys);
    const now = this.clock().getTime();
    const loads = new Map<string, Promise<Loaded<StoredQuote | null>>>();
    const missing: string[] = [];
    symbols.forEach((symbol, i) => {
      const entry = entries[i];
      if (entry && now < entry.freshUntil) {
        this.observer.cache('quotes', 'hit', entry.source);
        loads.set(symbol, Promise.resolve({ ...entry, stale: false }));
        return;
      }
      const running = this.inflight.get(keys[i]) as Promise<Loaded<StoredQuote | null>> | undefined;
      if (running) loads.set(symbol, running);
      else missing.push(symbol);
    });
    if (missing.length > 0) {
      const batch = this.fetchQuotes(missing, entries, symbols);
      for (const symbol of missing) {
        const key = `quote:${symbol}`;
        const one = batch.then((results) => results.get(symbol)!);
        this.inflight.set(key, one);
        void one.finally(() => this.inflight.delete(key)).catch(() => undefined);
        loads.set(symbol, one);
      }
    }
    const settled = await Promise.all(symbols.map((symbol) => loads.get(symbol)!));
    const found = new Map<string, Quote>();
    let maxAgeSeconds = Number.POSITIVE_INFINITY;
    const names = await this.namesOf(
      symbols.filter((symbol, i) => settled[i].value !== null && settled[i].value?.name === null),
    );
    symbols.forEach((symbol, i) => {
      const loaded = settled[i];
      maxAgeSeconds = Math.min(maxAgeSeconds, maxAgeOf(loaded, this.clock()));
      if (loaded.value === null) return;
      found.set(symbol, {
        ...loaded.value,
        name: loaded.value.name ?? names.get(symbol) ?? symbol,
        source: loaded.source,
        stale: loaded.stale,
      });
    });
    return { found, maxAgeSeconds: Number.isFinite(maxAgeSeconds) ? maxAgeSeconds : 1 };
  }

  private async fetchQuotes(
    missing: string[],
    entries: (CacheEntry<StoredQuote | null> | null)[],
    symbols: readonly string[],
  ): Promise<Map<string, Loaded<StoredQuote | null>>> {
    const results = new Map<string, Loaded<StoredQuote | null>>();
    try {
      // A quote costs each provider one per symbol asked of it; unknown ones go on to the next.
      const { found, answeredBy, settled } = await this.chain.gather(
        'quotes',
        missing,
        (asked) => asked.length,
        (provider, asked) => provider.quotes(asked),
      );
      const now = this.clock().getTime();
      const freshSeconds = quoteFreshSeconds(
        this.clock(),
        this.settings.timeZone,
        this.settings.quoteTtlSeconds,
        this.settings.quoteClosedTtlSeconds,
      );
      for (const symbol of missing) {
        const known = found.get(symbol);
        const source = known?.provider.name ?? answeredBy.name;
        const entry: CacheEntry<StoredQuote | null> = {
          value: known ? storedQuote(known.value, known.provider) : null,
          source,
          fetchedAt: now,
          freshUntil: now + (known ? freshSeconds : unknownSeconds(settled)) * 1000,
        };
        await this.cache.write(`quote:${symbol}`, entry);
        this.observer.cache('quotes', 'miss', source);
        results.set(symbol, { ...entry, stale: false });
      }
      return results;
    } catch (error) {
      for (const symbol of missing) {
        const entry = entries[symbols.indexOf(symbol)];
        if (!(error instanceof MarketError) || error.code !== 'unavailable' || !entry) throw error;
        this.observer.cache('quotes', 'stale', entry.source);
        results.set(symbol, { ...entry, stale: true });
      }
      return results;
    }
  }

  /** Company names for quotes whose provider gave none, from the cached profiles. */
  private async namesOf(symbols: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    await Promise.all(
      symbols.map(async (symbol) => {
        const profile = await this.profileOf(symbol).catch(() => null);
        if (profile?.value?.name) names.set(symbol, profile.value.name);
      }),
    );
    return names;
  }

  /** One symbol's figures from the first provider that knows the symbol. */
  private async fromFirstKnowing<T>(
    operation: MarketOperation,
    symbol: string,
    cost: number,
    call: (provider: MarketDataProvider) => Promise<T | null>,
  ): Promise<Fetched<T>> {
    const { found, answeredBy, settled } = await this.chain.gather(
      operation,
      [symbol],
      () => cost,
      async (provider) => {
        const value = await call(provider);
        return new Map(value === null ? [] : [[symbol, value]]);
      },
    );
    const known = found.get(symbol);
    return known
      ? { value: known.value, source: known.provider.name, settled: true }
      : { value: null, source: answeredBy.name, settled };
  }

  /** One cached provider answer, shared by concurrent callers, stale when the providers fail. */
  private async load<T>(
    key: string,
    kind: MarketOperation,
    freshSeconds: () => number,
    fetch: () => Promise<Fetched<T>>,
  ): Promise<Loaded<T | null>> {
    const [entry] = await this.cache.read<T | null>([key]);
    if (entry && this.clock().getTime() < entry.freshUntil) {
      this.observer.cache(kind, 'hit', entry.source);
      return { ...entry, stale: false };
    }
    const running = this.inflight.get(key) as Promise<Loaded<T | null>> | undefined;
    if (running) return running;
    const loading = (async (): Promise<Loaded<T | null>> => {
      try {
        const { value, source, settled } = await fetch();
        const now = this.clock().getTime();
        const seconds = value === null ? unknownSeconds(settled) : freshSeconds();
        const fresh: CacheEntry<T | null> = {
          value,
          source,
          fetchedAt: now,
          freshUntil: now + seconds * 1000,
        };
        await this.cache.write(key, fresh);
        this.observer.cache(kind, 'miss', source);
        return { ...fresh, stale: false };
      } catch (error) {
        if (isUnavailable(error) && entry) {
          this.observer.cache(kind, 'stale', entry.source);
          return { ...entry, stale: true };
        }
        throw error;
      }
    })();
    this.inflight.set(key, loading);
    try {
      return await loading;
    } finally {
      this.inflight.delete(key);
    }
  }

  private sourcesOf(quotes: Quote[]): string[] {
    const used = new Set(quotes.map((quote) => quote.source));
    return this.chain.providers.map((p) => p.name).filter((name) => used.has(name));
  }
}

function isUnavailable(error: unknown): boolean {
  return error instanceof MarketError && error.code === 'unavailable';
}

function unknownSeconds(settled: boolean): number {
  return settled ? UNKNOWN_SECONDS : UNSETTLED_UNKNOWN_SECONDS;
}

function storedQuote(quote: ProviderQuote, provider: MarketDataProvider): StoredQuote {
  return {
    ...quote,
    asOf: quote.asOf.toISOString(),
    isLive: provider.isLive,
    delayMinutes: provider.delayMinutes,
  };
}

function toProfile(profile: ProviderProfile, source: string): Profile {
  return {
    sector: profile.sector,
    industry: profile.industry,
    marketCap: profile.marketCap,
    peRatio: profile.peRatio,
    pbRatio: profile.pbRatio,
    exchange: profile.exchange,
    source,
  };
}

function maxAgeOf(loaded: Loaded<unknown>, now: Date): number {
  if (loaded.stale) return STALE_ANSWER_SECONDS;
  return Math.max(1, Math.floor((loaded.freshUntil - now.getTime()) / 1000));
}

function isSample(quotes: Quote[]): boolean {
  return quotes.every((quote) => quote.source === SANDBOX_MARKET_SOURCE);
}

function unknownSymbol(symbol: string): MarketError {
  return new MarketError('unknown-symbol', `No instrument has the symbol ${symbol}`);
}

function dedupe(matches: SymbolMatch[]): SymbolMatch[] {
  const seen = new Set<string>();
  return matches.filter((match) => !seen.has(match.symbol) && seen.add(match.symbol));
}
