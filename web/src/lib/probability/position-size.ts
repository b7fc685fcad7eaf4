import { InputChecks, type Outcome } from './checks';

export interface PositionInputs {
  /** Account value. */
  account: number;
  /** Share of the account to lose if the stop is hit, in per cent (1 for 1 %). */
  riskPercent: number;
  entry: number;
  stop: number;
  /** Shares come in lots of this many (1 for single shares, 100 for round lots). */
  lotSize: number;
}

export interface PositionFigures {
  side: 'long' | 'short';
  /** What the trade may lose: account × risk %. */
  riskBudget: number;
  /** 1R: the loss per share from entry to stop. */
  riskPerShare: number;
  /** Whole lots only, never more than the risk allows; 0 when not even one lot fits. */
  shares: number;
  notional: number;
  /** What the position loses at the stop (at most the risk budget). */
  riskAtStop: number;
  warnings: string[];
}

/**
 * Fixed-fractional position sizing: shares = risk budget / (entry − stop), rounded down to whole
 * lots (Van K. Tharp, Trade Your Way to Financial Freedom, ch. 14). A stop below the entry is a
 * long, above it a short.
 */
export function positionSize(inputs: PositionInputs): Outcome<PositionFigures> {
  return new InputChecks()
    .number('account', 'Account', inputs.account, { above: 0, max: 1e12 })
    .number('riskPercent', 'Risk', inputs.riskPercent, { above: 0, max: 100 })
    .number('entry', 'Entry', inputs.entry, { above: 0, max: 1e9 })
    .number('stop', 'Stop', inputs.stop, { above: 0, max: 1e9 })
    .require('stop', inputs.stop !== inputs.entry, 'The stop must differ from the entry')
    .integer('lotSize', 'Lot size', inputs.lotSize, 1, 1_000_000)
    .outcome(() => {
      const riskBudget = (inputs.account * inputs.riskPercent) / 100;
      const riskPerShare = Math.abs(inputs.entry - inputs.stop);
      // The small allowance keeps 1000 / 2.5 from landing a hair under 400 in binary arithmetic.
      const lots = Math.floor(riskBudget / riskPerShare / inputs.lotSize + 1e-9);
      const shares = lots * inputs.lotSize;
      const notional = shares * inputs.entry;
      const warnings: string[] = [];
      if (shares === 0) {
        warnings.push('The risk allowed does not cover one lot at this stop: no position.');
      }
      if (notional > inputs.account) {
        warnings.push('The position is larger than the account: it needs margin.');
      }
      return {
        side: inputs.stop < inputs.entry ? 'long' : 'short',
        riskBudget,
        riskPerShare,
        shares,
        notional,
        riskAtStop: shares * riskPerShare,
        warnings,
      };
    });
}
