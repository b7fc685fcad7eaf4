import { InputChecks, type Outcome } from './checks';
import { seededRandom } from './random';

export interface UnitBets {
  /** Chance each even-money bet of one unit wins, 0 to 1. */
  winProbability: number;
  /** Units of capital at the start: how many losses in a row ruin. */
  units: number;
}

/**
 * Probability of ever losing all `units` with even-money bets of one unit, played without end: 1
 * when p ≤ ½, else (q / p)^units (the gambler's ruin against an infinitely rich opponent; Feller,
 * An Introduction to Probability Theory, vol. I, XIV.2).
 */
export function riskOfRuin(bets: UnitBets): Outcome<{ probability: number }> {
  return new InputChecks()
    .number('winProbability', 'Win probability', bets.winProbability, { min: 0, max: 1 })
    .integer('units', 'Units of capital', bets.units, 1, 10_000)
    .outcome(() => {
      const p = bets.winProbability;
      return { probability: p <= 0.5 ? 1 : ((1 - p) / p) ** bets.units };
    });
}

export interface DrawdownRun {
  /** Chance a trade wins, 0 to 1. */
  winRate: number;
  /** What a win makes in units of what a loss costs (2: a win is twice a loss). */
  payoff: number;
  /** Share of the account risked (lost on a loss) on each trade, compounding: 0.01 for 1 %. */
  riskPerTrade: number;
  /** Trades in each simulated run. */
  trades: number;
  /** The fall from a peak that counts, as a share: 0.2 for 20 %. */
  drawdown: number;
}

export interface DrawdownCount {
  /** Runs simulated, and how many fell `drawdown` or more from a peak within their trades. */
  paths: number;
  hits: number;
}

export function checkDrawdownRun(run: DrawdownRun): InputChecks {
  return new InputChecks()
    .number('winRate', 'Win rate', run.winRate, { min: 0, max: 1 })
    .number('payoff', 'Payoff', run.payoff, { above: 0, max: 100 })
    .number('riskPerTrade', 'Risk per trade', run.riskPerTrade, { above: 0, below: 1 })
    .integer('trades', 'Trades', run.trades, 1, 10_000)
    .number('drawdown', 'Drawdown', run.drawdown, { above: 0, below: 1 });
}

/**
 * Simulates `paths` runs with `random` and counts those whose equity fell `drawdown` or more below
 * its running peak. Called in slices (a worker reports progress between them); the same generator
 * carried across slices gives the same count as one call.
 */
export function countDrawdowns(run: DrawdownRun, random: () => number, paths: number): number {
  const win = Math.log1p(run.riskPerTrade * run.payoff);
  const loss = Math.log1p(-run.riskPerTrade);
  // In log equity the fall from the peak is a sum; it reaches the threshold at this depth.
  const depth = -Math.log1p(-run.drawdown);
  let hits = 0;
  for (let path = 0; path < paths; path += 1) {
    let below = 0;
    for (let trade = 0; trade < run.trades; trade += 1) {
      below = random() < run.winRate ? Math.max(0, below - win) : below - loss;
      if (below >= depth) {
        hits += 1;
        break;
      }
    }
  }
  return hits;
}

export interface DrawdownFigures extends DrawdownCount {
  probability: number;
  /** One standard error of the estimate: √(p(1 − p) / paths). */
  standardError: number;
}

export function drawdownFigures({ paths, hits }: DrawdownCount): DrawdownFigures {
  const probability = paths === 0 ? 0 : hits / paths;
  return {
    paths,
    hits,
    probability,
    standardError: paths === 0 ? 0 : Math.sqrt((probability * (1 - probability)) / paths),
  };
}

/** The probability of the drawdown within the run's trades, by `paths` seeded simulations at once. */
export function drawdownProbability(
  run: DrawdownRun,
  paths: number,
  seed: number,
): Outcome<DrawdownFigures> {
  return checkDrawdownRun(run)
    .integer('paths', 'Simulated runs', paths, 1, 1_000_000)
    .outcome(() =>
      drawdownFigures({ paths, hits: countDrawdowns(run, seededRandom(seed), paths) }),
    );
}
