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

  async run<T>(
    operation: MarketOperation,
    cost: number,
    call: (provider: MarketDataProvider) => Promise<T>,
  ): Promise<{ value: T; provider: MarketDataProvider }> {
    if (!this.configured) throw new MarketError('no-provider', NO_MARKET_PROVIDER_MESSAGE);
    const reasons: string[] = [];
    for (const { provider, budget, breaker } of this.slots) {
      if (!provider.operations.has(operation)) continue;
      const name = provider.name;
      if (!breaker.allow()) {
        this.observer.called(name, operation, 'skipped-breaker');
        reasons.push(`${name}: breaker open`);
        continue;
      }
      const taken = await budget.take(cost);
      if (!taken.ok) {
        // Not the provider's fault: a breaker that let a trial through must not stay stuck.
        breaker.release();
        this.observer.called(
          name,
          operation,
          `skipped-${taken.reason === 'paused' ? 'paused' : 'budget'}`,
        );
        reasons.push(
          `${name}: ${taken.reason === 'paused' ? 'paused at its request' : 'budget spent'}`,
        );
        continue;
      }
      this.observer.budgetLeft(name, taken.left);
      try {
        const value = await call(provider);
        breaker.succeeded();
        this.observer.called(name, operation, 'ok');
        return { value, provider };
      } catch (error) {
        breaker.failed();
        if (error instanceof ProviderError) {
          this.observer.called(name, operation, error.code);
          if (error.code === 'rate-limited') {
            await budget.pause(error.retryAfterMs ?? DEFAULT_PAUSE_MS);
          }
          this.logger.warn(`${operation} fell through ${error.message} (${error.code})`);
          reasons.push(`${name}: ${error.code}`);
        } else {
          this.observer.called(name, operation, 'fault');
          this.logger.error({ err: error }, `${operation} failed in the ${name} adapter`);
          reasons.push(`${name}: fault`);
        }
      }
    }
    if (reasons.length === 0) {
      throw new MarketError(
        'unavailable',
        `No configured market data provider offers ${operation}`,
      );
    }
    this.logger.warn(`${operation}: no provider answered (${reasons.join('; ')})`);
    throw new MarketError('unavailable', MARKET_UNAVAILABLE_MESSAGE);
  }
}
