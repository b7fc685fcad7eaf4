import { InputChecks, type Outcome } from './checks';

export interface TradeRecord {
  /** Share of trades that win, 0 to 1. */
  winRate: number;
  averageWin: number;
  /** The average loss, as a positive amount. */
  averageLoss: number;
  /** Costs per trade (commission, spread, slippage), as a positive amount. */
  costs: number;
}

export interface ExpectedValueFigures {
  /** Per trade, after costs: p·W − (1 − p)·L − costs. */
  expectedValue: number;
  /** The same in units of the average loss (R). */
  expectedR: number;
  /** The win rate at which the expected value is zero: (L + costs) / (W + L). */
  breakEvenWinRate: number;
  hasEdge: boolean;
}

/** Expectancy per trade and the break-even win rate (Tharp, ch. 7). */
export function expectedValue(record: TradeRecord): Outcome<ExpectedValueFigures> {
  return new InputChecks()
    .number('winRate', 'Win rate', record.winRate, { min: 0, max: 1 })
    .number('averageWin', 'Average win', record.averageWin, { above: 0, max: 1e12 })
    .number('averageLoss', 'Average loss', record.averageLoss, { above: 0, max: 1e12 })
    .number('costs', 'Costs', record.costs, { min: 0, max: 1e12 })
    .outcome(() => {
      const { winRate: p, averageWin: w, averageLoss: l, costs } = record;
      const value = p * w - (1 - p) * l - costs;
      return {
        expectedValue: value,
        expectedR: value / l,
        breakEvenWinRate: Math.min(1, (l + costs) / (w + l)),
        hasEdge: value > 0,
      };
    });
}
