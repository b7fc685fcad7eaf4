import type { Metrics } from '@probedge/kit';
import type { CacheOutcome, MarketObserver } from '../market/market.service';
import type { MarketOperation } from '../providers/market-provider';
import type { ChainObserver, ChainOutcome } from './provider-chain';

/** Provider calls, failures, budget left and cache outcomes per provider, on /metrics. */
export function marketMetrics(metrics: Metrics): ChainObserver & MarketObserver {
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
    help: 'Market figures asked for, by kind, outcome (hit, miss, stale) and the provider behind them',
    labelNames: ['kind', 'outcome', 'provider'],
  });
  return {
    called: (provider: string, operation: MarketOperation, outcome: ChainOutcome) =>
      calls.inc({ provider, operation, outcome }),
    budgetLeft: (provider: string, left: number) => budget.set({ provider }, left),
    cache: (kind: string, outcome: CacheOutcome, provider: string) =>
      cache.inc({ kind, outcome, provider }),
  };
}
