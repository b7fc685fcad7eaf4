import type { Bar } from '@probedge/proto';
import type { ProviderChain } from '../chain/provider-chain';
import { currentSession, settledSession, shiftDate } from '../market/market-session';
import type { MarketDataProvider } from '../providers/market-provider';
import type { MarketStore, Span } from './market-store';

/** A session's bar is kept once its close is this old: providers settle the closing figures. */
export const SETTLE_MS = 2 * 3600 * 1000;

/** Bars of one symbol over a range, with the provider they came from. */
export interface Bars {
  bars: Bar[];
  source: string;
}

/**
 * Daily bars from the store where a provider's sessions are already kept, otherwise from the first
 * provider that knows the symbol, asked only for the sessions the store lacks; the completed
 * sessions it gives are kept. So a range once fetched answers every shorter range, a restart and
 * an empty cache without a provider call, and a new day costs a call for that day's bar only.
 */
export class BarHistory {
  constructor(
    private readonly chain: ProviderChain,
    private readonly store: MarketStore,
    private readonly timeZone: string,
    private readonly clock: () => Date,
  ) {}

  /** The kept bars, when a provider's span holds every session from `from` to now. */
  kept(symbol: string, from: string, to: string): Promise<Bars | null> {
    const newest = currentSession(this.clock(), this.timeZone).date;
    const until = newest < to ? newest : to;
    return this.firstKept(symbol, from, to, (span) => span.to >= until, false);
  }

  /**
   * When no provider answers: the kept bars of the first provider whose span reaches back to
   * `from`, however far it runs (a history missing its latest sessions, to be marked stale).
   */
  lastKept(symbol: string, from: string, to: string): Promise<Bars | null> {
    return this.firstKept(symbol, from, to, () => true, true);
  }

  /**
   * How to ask one provider for the bars (only for the sessions the store lacks of it, the settled
   * ones it gives kept): the call the service hands to the provider chain.
   */
  async asking(
    symbol: string,
    from: string,
    to: string,
  ): Promise<(provider: MarketDataProvider) => Promise<Bar[] | null>> {
    const spans = await this.spansOf(symbol);
    return (provider) => this.fromProvider(provider, symbol, from, to, spans?.get(provider.name));
  }

  /** The kept bars of the first provider whose span starts by `from` and passes `reaches`. */
  private async firstKept(
    symbol: string,
    from: string,
    to: string,
    reaches: (span: Span) => boolean,
    nonEmpty: boolean,
  ): Promise<Bars | null> {
    const spans = await this.spansOf(symbol);
    for (const provider of this.historyProviders()) {
      const span = spans?.get(provider.name);
      if (!span || span.from > from || !reaches(span)) continue;
      const bars = await this.store.bars(provider.name, symbol, from, to);
      if (bars && (!nonEmpty || bars.length > 0)) return { bars, source: provider.name };
    }
    return null;
  }

  private async fromProvider(
    provider: MarketDataProvider,
    symbol: string,
    from: string,
    to: string,
    span: Span | undefined,
  ): Promise<Bar[] | null> {
    // The kept part of the range is read first: when it cannot be read, the provider is asked for all.
    const continues = span !== undefined && span.from <= from && span.to >= shiftDate(from, -1);
    const earlier =
      continues && span.to >= from
        ? await this.store.bars(provider.name, symbol, from, span.to)
        : [];
    const askFrom = continues && earlier !== null && span.to >= from ? shiftDate(span.to, 1) : from;
    if (askFrom > to) return earlier;
    const asked = await provider.history(symbol, askFrom, to);
    // Asked only for the sessions after its kept ones, a provider that knew the symbol may answer
    // "no data" (Twelve Data's 400) for sessions it has not published yet.
    if (asked === null) return askFrom === from ? null : earlier;
    const fresh = asked.filter((bar) => bar.date >= askFrom && bar.date <= to);
    await this.keep(provider.name, symbol, fresh, askFrom, to, continues ? span : undefined);
    return askFrom === from ? fresh : [...(earlier ?? []), ...fresh];
  }

  /** Keeps the settled bars of an answer for `askFrom`..`to` and widens the span it continues. */
  private async keep(
    source: string,
    symbol: string,
    bars: Bar[],
    askFrom: string,
    to: string,
    span: Span | undefined,
  ): Promise<void> {
    const settled = settledSession(this.clock(), this.timeZone, SETTLE_MS);
    const final = bars.filter((bar) => bar.date <= settled);
    // The span reaches the last settled session the answer holds: one the provider has not
    // published yet is asked for again next time.
    const reach = final.at(-1)?.date;
    if (reach === undefined) return;
    // `span` is given only when the answer continues it.
    await this.store.keepBars(source, symbol, final, { from: span?.from ?? askFrom, to: reach });
  }

  private spansOf(symbol: string) {
    return this.store.spans(
      symbol,
      this.historyProviders().map((provider) => provider.name),
    );
  }

  private historyProviders(): MarketDataProvider[] {
    return this.chain.providers.filter((provider) => provider.operations.has('history'));
  }
}
