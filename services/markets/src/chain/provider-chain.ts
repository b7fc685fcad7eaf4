import { Logger } from '@nestjs/common';
import {
  ProviderError,
  type MarketDataProvider,
  type MarketOperation,
} from '../providers/market-provider';
import { Breaker } from './breaker';
import type { RequestBudget } from './request-budget';
import {
  MARKET_UNAVAILABLE_MESSAGE,
  MarketError,
  NO_MARKET_PROVIDER_MESSAGE,
} from '../market/market-error';

/** A configured provider with its plan's budget and its breaker. */
export interface ProviderSlot {
  provider: MarketDataProvider;
  budget: RequestBudget;
  breaker: Breaker;
}

/** When a provider asks for a pause without saying how long. */
const DEFAULT_PAUSE_MS = 60_000;

export type ChainOutcome =
  'ok' | 'skipped-breaker' | 'skipped-paused' | 'skipped-budget' | ProviderError['code'] | 'fault';

export interface ChainObserver {
  called(provider: string, operation: MarketOperation, outcome: ChainOutcome): void;
  budgetLeft(provider: string, left: number): void;
}

/** What the providers said about several symbols: each known one with who knew it, and the rest. */
export interface Gathered<V> {
  found: Map<string, { value: V; provider: MarketDataProvider }>;
  /** Asked-for symbols that no provider that answered knew. */
  unknown: string[];
  /** The last provider that answered; the unknown symbols are reported in its name. */
  answeredBy: MarketDataProvider;
  /**
   * True when every provider offering the operation answered about the unknown symbols; false when
   * one was skipped or failed, so it might still know them.
   */
  settled: boolean;
}

type Attempt<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * The providers in their configured order. A call goes to the first one that offers the operation,
 * has its breaker closed and budget left; a rate limit, an outage, a timeout, a refused key or an
 * answer of the wrong shape moves on to the next. Nothing a failed provider said is returned.
 */
export class ProviderChain {
  private readonly logger = new Logger(ProviderChain.name);

  constructor(
    private readonly slots: readonly ProviderSlot[],
    private readonly observer: ChainObserver,
  ) {}

  get configured(): boolean {
    return this.slots.length > 0;
  }

  get providers(): readonly MarketDataProvider[] {
    return this.slots.map((slot) => slot.provider);
  }

  /** The first answer of a provider that offers the operation. */
  async run<T>(
    operation: MarketOperation,
    cost: number,
    call: (provider: MarketDataProvider) => Promise<T>,
  ): Promise<{ value: T; provider: MarketDataProvider }> {
    const reasons: string[] = [];
    for (const slot of this.offering(operation)) {
      const attempt = await this.attempt(slot, operation, cost, () => call(slot.provider));
      if (attempt.ok) return { value: attempt.value, provider: slot.provider };
      reasons.push(attempt.reason);
    }
    throw this.noAnswer(operation, reasons);
  }

  /**
   * Figures by symbol: the symbols a provider that answered did not know go on to the next provider
   * that offers the operation, so each is taken from the first provider that knows it. `cost` is
   * what asking for these symbols takes from a provider's budget.
   */
  async gather<V>(
    operation: MarketOperation,
    symbols: readonly string[],
    cost: (symbols: readonly string[]) => number,
    call: (provider: MarketDataProvider, symbols: readonly string[]) => Promise<Map<string, V>>,
  ): Promise<Gathered<V>> {
    const found: Gathered<V>['found'] = new Map();
    const reasons: string[] = [];
    let wanted = [...symbols];
    let answeredBy: MarketDataProvider | null = null;
    let settled = true;
    for (const slot of this.offering(operation)) {
      if (wanted.length === 0) break;
      const asked = wanted;
      const attempt = await this.attempt(slot, operation, cost(asked), () =>
        call(slot.provider, asked),
      );
      if (!attempt.ok) {
        reasons.push(attempt.reason);
        settled = false;
        continue;
      }
      answeredBy = slot.provider;
      for (const symbol of asked) {
        const value = attempt.value.get(symbol);
        if (value !== undefined) found.set(symbol, { value, provider: slot.provider });
      }
      wanted = asked.filter((symbol) => !found.has(symbol));
    }
    if (answeredBy === null) throw this.noAnswer(operation, reasons);
    return { found, unknown: wanted, answeredBy, settled };
  }

  /** The configured providers that offer the operation, in order. */
  private offering(operation: MarketOperation): ProviderSlot[] {
    if (!this.configured) throw new MarketError('no-provider', NO_MARKET_PROVIDER_MESSAGE);
    const slots = this.slots.filter((slot) => slot.provider.operations.has(operation));
    if (slots.length === 0) {
      throw new MarketError(
        'unavailable',
        `No configured market data provider offers ${operation}`,
      );
    }
    return slots;
  }

  /** One call to one provider, within its breaker and budget; a failure says why, for the log. */
  private async attempt<T>(
    { provider, budget, breaker }: ProviderSlot,
    operation: MarketOperation,
    cost: number,
    call: () => Promise<T>,
  ): Promise<Attempt<T>> {
    const name = provider.name;
    if (!breaker.allow()) {
      this.observer.called(name, operation, 'skipped-breaker');
      return { ok: false, reason: `${name}: breaker open` };
    }
    const taken = await budget.take(cost);
    if (!taken.ok) {
      // Not the provider's fault: a breaker that let a trial through must not stay stuck.
      breaker.release();
      const paused = taken.reason === 'paused';
      this.observer.called(name, operation, paused ? 'skipped-paused' : 'skipped-budget');
      return { ok: false, reason: `${name}: ${paused ? 'paused at its request' : 'budget spent'}` };
    }
    this.observer.budgetLeft(name, taken.left);
    try {
      const value = await call();
      breaker.succeeded();
      this.observer.called(name, operation, 'ok');
      return { ok: true, value };
    } catch (error) {
      breaker.failed();
      if (error instanceof ProviderError) {
        this.observer.called(name, operation, error.code);
        if (error.code === 'rate-limited') {
          await budget.pause(error.retryAfterMs ?? DEFAULT_PAUSE_MS);
        }
        this.logger.warn(`${operation} fell through ${error.message} (${error.code})`);
        return { ok: false, reason: `${name}: ${error.code}` };
      }
      this.observer.called(name, operation, 'fault');
      this.logger.error({ err: error }, `${operation} failed in the ${name} adapter`);
      return { ok: false, reason: `${name}: fault` };
    }
  }

  private noAnswer(operation: MarketOperation, reasons: string[]): MarketError {
    this.logger.warn(`${operation}: no provider answered (${reasons.join('; ')})`);
    return new MarketError('unavailable', MARKET_UNAVAILABLE_MESSAGE);
  }
}
