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

export function checkDrawdownRun(run: DrawdownRun): InputChecks {
  return new InputChecks()
    .number('winRate', 'Win rate', run.winRate, { min: 0, max: 1 })
    .number('payoff', 'Payoff', run.payoff, { above: 0, max: 100 })
    .number('riskPerTrade', 'Risk per trade', run.riskPerTrade, { above: 0, below: 1 })
    .integer('trades', 'Trades', run.trades, 1, 10_000)
    .number('drawdown', 'Drawdown', run.drawdown, { above: 0, below: 1 });
}

/** Bins of the worst-drawdown distribution: one per whole per cent, 0 % to 99 %. */
export const DRAWDOWN_BINS = 100;

/** What simulated runs showed so far; slices of a simulation add into the same tally. */
export interface DrawdownTally {
  paths: number;
  /** Runs that fell `drawdown` or more from a peak within their trades. */
  hits: number;
  /** `bins[k]`: runs whose worst fall from a peak was k % to under k + 1 %. */
  bins: number[];
}

export function emptyTally(): DrawdownTally {
  return { paths: 0, hits: 0, bins: new Array<number>(DRAWDOWN_BINS).fill(0) };
}

/**
 * Simulates `paths` runs with `random`, adding to `tally` each run's worst fall from its running
 * peak and whether it reached `drawdown`. Called in slices (a worker reports progress between
 * them); the same generator and tally carried across slices give the same figures as one call.
 */
export function tallyDrawdowns(
  run: DrawdownRun,
  random: () => number,
  paths: number,
  tally: DrawdownTally = emptyTally(),
): DrawdownTally {
  const win = Math.log1p(run.riskPerTrade * run.payoff);
  const loss = Math.log1p(-run.riskPerTrade);
  // In log equity the fall from the peak is a sum; it reaches the threshold at this depth.
  const depth = -Math.log1p(-run.drawdown);
  const { bins } = tally;
  for (let path = 0; path < paths; path += 1) {
    let below = 0;
    let worst = 0;
    for (let trade = 0; trade < run.trades; trade += 1) {
      below = random() < run.winRate ? Math.max(0, below - win) : below - loss;
      if (below > worst) worst = below;
    }
    if (worst >= depth) tally.hits += 1;
    // Back from log equity to the share lost from the peak.
    const bin = Math.min(DRAWDOWN_BINS - 1, Math.floor(-Math.expm1(-worst) * 100));
    bins[bin] = (bins[bin] ?? 0) + 1;
  }
  tally.paths += paths;
  return tally;
}

export interface DrawdownFigures {
  paths: number;
  hits: number;
  probability: number;
  /** One standard error of the estimate: √(p(1 − p) / paths). */
  standardError: number;
  /** The worst fall from a peak of the median run, and of the run worse than 95 % of them, as the lower edge of its whole per cent. */
  medianWorst: number;
  worst95: number;
}

/** The share of runs at or below which the quantile lies, read from the tally's bins. */
function quantile(bins: readonly number[], paths: number, share: number): number {
  let seen = 0;
  for (let bin = 0; bin < bins.length; bin += 1) {
    seen += bins[bin] ?? 0;
    if (seen >= share * paths) return bin / 100;
  }
  return (bins.length - 1) / 100;
}

export function drawdownFigures({ paths, hits, bins }: DrawdownTally): DrawdownFigures {
  const probability = paths === 0 ? 0 : hits / paths;
  return {
    paths,
    hits,
    probability,
    standardError: paths === 0 ? 0 : Math.sqrt((probability * (1 - probability)) / paths),
    medianWorst: quantile(bins, paths, 0.5),
    worst95: quantile(bins, paths, 0.95),
  };
}

/** The most runs one simulation may ask for. */
export const MAX_SIMULATED_PATHS = 1_000_000;

/** The probability of the drawdown within the run's trades, by `paths` seeded simulations at once. */
export function drawdownProbability(
  run: DrawdownRun,
  paths: number,
  seed: number,
): Outcome<DrawdownFigures> {
  return checkDrawdownRun(run)
    .integer('paths', 'Simulated runs', paths, 1, MAX_SIMULATED_PATHS)
    .outcome(() => drawdownFigures(tallyDrawdowns(run, seededRandom(seed), paths)));
}
