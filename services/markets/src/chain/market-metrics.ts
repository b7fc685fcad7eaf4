import type { Metrics } from '@probedge/kit';
import type { CacheOutcome, MarketObserver } from '../market/market.service';
import type { MarketOperation } from '../providers/market-provider';
import type { StoreObserver, StoreOperation } from '../store/market-store';
import type { ChainObserver, ChainOutcome } from './provider-chain';

/** Provider calls, failures, budget left and cache outcomes per provider, on /metrics. */
export function marketMetrics(metrics: Metrics): ChainObserver & MarketObserver & StoreObserver {
  const calls = metrics.counter({
    name: 'market_provider_calls_total',
    help: 'Market-data provider calls by provider, operation and outcome (ok, a failure code, or skipped)',
    labelNames: ['provider', 'operation', 'outcome'],
  });
  const budget = metrics.gauge({
    name: 'market_provider_budget_remaining',
    help: "Calls left in the provider's current minute, as last counted",
    labelNames: ['provider'],
  });
  const cache = metrics.counter({
    name: 'market_cache_lookups_total',
    help: 'Market figures asked for, by kind, outcome (hit, miss, stale, or stored: from the kept sessions without a provider call) and the provider behind them',
    labelNames: ['kind', 'outcome', 'provider'],
  });
  const storeErrors = metrics.counter({
    name: 'market_store_errors_total',
    help: 'Reads and writes of the kept bars and instruments that failed (the answer then comes from the providers)',
    labelNames: ['operation'],
  });
  return {
    failed: (operation: StoreOperation) => storeErrors.inc({ operation }),
    called: (provider: string, operation: MarketOperation, outcome: ChainOutcome) =>
      calls.inc({ provider, operation, outcome }),
    budgetLeft: (provider: string, left: number) => budget.set({ provider }, left),
    cache: (kind: string, outcome: CacheOutcome, provider: string) =>
      cache.inc({ kind, outcome, provider }),
  };
}
