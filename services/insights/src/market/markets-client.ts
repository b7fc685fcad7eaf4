import { Inject, Injectable, Logger } from '@nestjs/common';
import { apiPath, type MarketSnapshot, type Quote, type QuoteList } from '@probedge/proto';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';

/** One instrument's move as a text states it: every figure with where and when it comes from. */
export interface MarketMove {
  symbol: string;
  name: string;
  price: number;
  percentChange: number;
  currency: string;
  asOf: string;
  source: string;
  stale: boolean;
}

/** The markets as the day's texts state them. */
export interface DayMarkets {
  /** The watch list (index funds, volatility, rates), in its configured order. */
  watchlist: MarketMove[];
  /** The day's most-mentioned tickers that have a quote, largest move first. */
  movers: MarketMove[];
  /** Every figure is from the sample provider: the texts must say so. */
  sampleData: boolean;
}

const MOVERS = 5;

function moveOf(quote: Quote): MarketMove {
  return {
    symbol: quote.symbol,
    name: quote.name,
    price: quote.price,
    percentChange: quote.percentChange,
    currency: quote.currency,
    asOf: quote.asOf,
    source: quote.source,
    stale: quote.stale,
  };
}

function isQuote(value: unknown): value is Quote {
  const quote = value as Partial<Quote> | null;
  return (
    typeof quote?.symbol === 'string' &&
    typeof quote.price === 'number' &&
    typeof quote.percentChange === 'number' &&
    typeof quote.asOf === 'string' &&
    typeof quote.source === 'string'
  );
}

/**
 * Reads the day's market figures from the markets service's public API (the same answers the site
 * shows). Any failure reads as "no market data": a text then says so and states no figure.
 */
@Injectable()
export class MarketsClient {
  private readonly logger = new Logger(MarketsClient.name);

  constructor(@Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig) {}

  async dayMarkets(tickers: readonly string[]): Promise<DayMarkets | null> {
    try {
      const snapshot = await this.get<MarketSnapshot>(apiPath('market'));
      if (!Array.isArray(snapshot.quotes)) throw new Error('the snapshot has no quotes');
      const watchlist = snapshot.quotes.filter(isQuote).map(moveOf);
      const movers = await this.movers(tickers);
      const all = [...watchlist, ...movers];
      if (all.length === 0) return null;
      return {
        watchlist,
        movers,
        sampleData: all.every((move) => move.source === 'sandbox'),
      };
    } catch (error) {
      this.logger.warn(`market data unavailable for the day's texts: ${(error as Error).message}`);
      return null;
    }
  }

  private async movers(tickers: readonly string[]): Promise<MarketMove[]> {
    const symbols = [...new Set(tickers.map((ticker) => ticker.toUpperCase()))].slice(0, 25);
    if (symbols.length === 0) return [];
    const list = await this.get<QuoteList>(
      `${apiPath('marketQuotes')}?symbols=${encodeURIComponent(symbols.join(','))}`,
      // None of the day's tickers is an instrument the providers know.
      [404],
    );
    if (!list || !Array.isArray(list.quotes)) return [];
    return list.quotes
      .filter(isQuote)
      .map(moveOf)
      .sort((a, b) => Math.abs(b.percentChange) - Math.abs(a.percentChange))
      .slice(0, MOVERS);
  }

  private async get<T>(path: string, empty: number[] = []): Promise<T> {
    const response = await fetch(`${this.config.MARKETS_URL}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.config.MARKETS_TIMEOUT_MS),
    });
    if (empty.includes(response.status)) {
      await response.body?.cancel();
      return null as T;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${path} answered ${response.status}`);
    }
    return (await response.json()) as T;
  }
}
