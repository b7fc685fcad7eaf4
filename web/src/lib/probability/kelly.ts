import { InputChecks, type Outcome } from './checks';

export interface BinaryBet {
  /** Chance the bet wins, 0 to 1. */
  winProbability: number;
  /** Net odds b: what a win pays per unit staked (2 to 1 is 2). */
  odds: number;
}

export interface GrowthPoint {
  fraction: number;
  /** Expected log growth of the bankroll per bet at that fraction. */
  growth: number;
}

export interface KellyFigures {
  /** The Kelly fraction itself; 0 when the bet has no edge (never a negative stake). */
  kelly: number;
  /** The fraction to stake: the Kelly fraction times the share of it chosen. */
  stake: number;
  /** Expected profit per unit staked (b·p − q); the bet has an edge when it is positive. */
  edge: number;
  /** Expected log growth per bet at the stake, and at full Kelly. */
  growth: number;
  kellyGrowth: number;
  /** Growth at each fraction from 0 to past Kelly, for the curve. */
  curve: GrowthPoint[];
}

/** Expected log growth per bet staking `f` of the bankroll: p·ln(1 + b·f) + q·ln(1 − f). */
export function binaryGrowth({ winProbability: p, odds: b }: BinaryBet, f: number): number {
  return p * Math.log1p(b * f) + (1 - p) * Math.log1p(-f);
}

const CURVE_POINTS = 41;

/**
 * Kelly for a bet that wins `odds` per unit with probability p and otherwise loses the stake:
 * f* = p − q / b = (b·p − q) / b (Kelly 1956; Thorp 2006, section 2). `share` is the fraction of
 * Kelly staked (0.5: half Kelly).
 */
export function kellyBinary(bet: BinaryBet, share = 1): Outcome<KellyFigures> {
  const checks = new InputChecks()
    .number('winProbability', 'Win probability', bet.winProbability, { min: 0, max: 1 })
    .number('odds', 'Odds', bet.odds, { above: 0, max: 1000 })
    .number('share', 'Share of Kelly', share, { min: 0, max: 1 });
  return checks.outcome(() => {
    const p = bet.winProbability;
    const edge = bet.odds * p - (1 - p);
    const kelly = Math.max(0, edge / bet.odds);
    const stake = kelly * share;
    // Up to twice Kelly, where growth is back near zero; a fraction of 1 loses everything on a loss.
    const end = Math.min(0.99, Math.max(2 * kelly, 0.1));
    const curve = Array.from({ length: CURVE_POINTS }, (_, i) => {
      const fraction = (end * i) / (CURVE_POINTS - 1);
      return { fraction, growth: binaryGrowth(bet, fraction) };
    });
    return {
      kelly,
      stake,
      edge,
      growth: binaryGrowth(bet, stake),
      kellyGrowth: binaryGrowth(bet, kelly),
      curve,
    };
  });
}

export interface ContinuousReturns {
  /** Expected return per period above the risk-free rate (0.08 for 8 %). */
  excessReturn: number;
  /** Standard deviation of the return per period (0.2 for 20 %). */
  volatility: number;
}

/** Expected log growth per period at leverage f: f·μ − f²·σ² / 2 (continuous returns). */
export function continuousGrowth(
  { excessReturn: mu, volatility: s }: ContinuousReturns,
  f: number,
) {
  return f * mu - (f * f * s * s) / 2;
}

export interface ContinuousKellyFigures {
  /** μ / σ²: may be above 1 (leverage) or below 0 (a short) for continuous returns. */
  kelly: number;
  stake: number;
  growth: number;
  kellyGrowth: number;
  /** The stake's growth as a share of full Kelly's: 1 − (1 − share)², so 0.75 at half Kelly. */
  growthShare: number;
  curve: GrowthPoint[];
}

/**
 * Kelly for returns with mean μ and volatility σ per period: f* = μ / σ², the growth then μ² / 2σ²
 * (Thorp 2006, section 7; Merton 1969).
 */
export function kellyContinuous(
  returns: ContinuousReturns,
  share = 1,
): Outcome<ContinuousKellyFigures> {
  const checks = new InputChecks()
    .number('excessReturn', 'Excess return', returns.excessReturn, { min: -10, max: 10 })
    .number('volatility', 'Volatility', returns.volatility, { above: 0, max: 10 })
    .number('share', 'Share of Kelly', share, { min: 0, max: 1 });
  return checks.outcome(() => {
    const kelly = returns.excessReturn / returns.volatility ** 2;
    const stake = kelly * share;
    const kellyGrowth = continuousGrowth(returns, kelly);
    const curve = Array.from({ length: CURVE_POINTS }, (_, i) => {
      const fraction = (2 * kelly * i) / (CURVE_POINTS - 1);
      return { fraction, growth: continuousGrowth(returns, fraction) };
    });
    return {
      kelly,
      stake,
      growth: continuousGrowth(returns, stake),
      kellyGrowth,
      growthShare: kelly === 0 ? 0 : 1 - (1 - share) ** 2,
      curve,
    };
  });
}
