import { InputChecks, type Outcome } from './checks';

export interface EqualPositions {
  /** Number of positions of equal weight. */
  positions: number;
  /** Volatility of each position (0.3 for 30 %). */
  volatility: number;
  /** The correlation between any two of them, −1 to 1. */
  correlation: number;
}

export interface DiversificationFigures {
  /** σ · √(1/N + (1 − 1/N)·ρ). */
  portfolioVolatility: number;
  /** Independent bets the positions amount to: N / (1 + (N − 1)·ρ). */
  effectiveBets: number;
  /** What correlation leaves of the volatility as N grows without end: σ · √ρ. */
  floor: number;
}

/**
 * Volatility of N equal-weight positions of equal volatility and a common pairwise correlation
 * (Markowitz 1952; the effective number of bets as in Grinold & Kahn, Active Portfolio
 * Management). A correlation below −1 / (N − 1) is impossible for N positions.
 */
export function diversification(inputs: EqualPositions): Outcome<DiversificationFigures> {
  const checks = new InputChecks()
    .integer('positions', 'Positions', inputs.positions, 1, 10_000)
    .number('volatility', 'Volatility', inputs.volatility, { above: 0, max: 10 })
    .number('correlation', 'Correlation', inputs.correlation, { min: -1, max: 1 });
  if (checks.ok && inputs.positions > 1) {
    const lowest = -1 / (inputs.positions - 1);
    checks.require(
      'correlation',
      inputs.correlation >= lowest,
      `With ${inputs.positions} positions the correlation cannot be below ${lowest.toFixed(3)}`,
    );
  }
  return checks.outcome(() => {
    const n = inputs.positions;
    const rho = inputs.correlation;
    const variance = 1 / n + (1 - 1 / n) * rho;
    return {
      portfolioVolatility: inputs.volatility * Math.sqrt(Math.max(0, variance)),
      effectiveBets: n / Math.max(1e-12, 1 + (n - 1) * rho),
      floor: inputs.volatility * Math.sqrt(Math.max(0, rho)),
    };
  });
}
