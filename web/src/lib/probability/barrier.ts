import { InputChecks, type Outcome } from './checks';

export interface BarrierSetup {
  price: number;
  /** Where the trade takes its profit, and where it is stopped: on either side of the price. */
  target: number;
  stop: number;
  /** Annualised volatility of the price (0.25 for 25 %). */
  volatility: number;
  /** Expected annual return of the price (0 for none, 0.08 for 8 %). */
  drift: number;
}

export interface BarrierFigures {
  side: 'long' | 'short';
  /** Chance the price reaches the target before the stop. */
  targetFirst: number;
  /** The same without drift: the distances alone decide, stop / (target + stop) in log terms. */
  withoutDrift: number;
}

/**
 * Probability that a price following geometric Brownian motion reaches the target before the stop.
 * In log price x = ln(S / S₀) it is a Brownian motion with drift ν = μ − σ² / 2, and the chance of
 * reaching a > 0 before −b < 0 is (1 − e^(2νb/σ²)) / (e^(−2νa/σ²) − e^(2νb/σ²)), b / (a + b) when
 * ν = 0 (Karlin & Taylor, A First Course in Stochastic Processes, 7.5; the scale function of the
 * motion). Time does not enter: the price gets to one of the two in the end.
 */
export function targetBeforeStop(setup: BarrierSetup): Outcome<BarrierFigures> {
  const checks = new InputChecks()
    .number('price', 'Price', setup.price, { above: 0, max: 1e9 })
    .number('target', 'Target', setup.target, { above: 0, max: 1e9 })
    .number('stop', 'Stop', setup.stop, { above: 0, max: 1e9 })
    .number('volatility', 'Volatility', setup.volatility, { above: 0, max: 10 })
    .number('drift', 'Expected return', setup.drift, { min: -10, max: 10 });
  const long = setup.target > setup.price && setup.stop < setup.price;
  const short = setup.target < setup.price && setup.stop > setup.price;
  checks.require(
    'stop',
    long || short,
    'The target and the stop must lie on either side of the price',
  );
  return checks.outcome(() => {
    // Distances in log price towards the target (a) and the stop (b), seen from the trade's side.
    const sign = long ? 1 : -1;
    const a = sign * Math.log(setup.target / setup.price);
    const b = sign * Math.log(setup.price / setup.stop);
    const nu = sign * (setup.drift - setup.volatility ** 2 / 2);
    const withoutDrift = b / (a + b);
    const k = (2 * nu) / setup.volatility ** 2;
    let targetFirst = withoutDrift;
    if (Math.abs(k * (a + b)) > 1e-9) {
      // Written with expm1 so that a small drift keeps its precision.
      targetFirst = -Math.expm1(k * b) / (Math.expm1(-k * a) - Math.expm1(k * b));
    }
    return {
      side: long ? 'long' : 'short',
      targetFirst: Math.min(1, Math.max(0, targetFirst)),
      withoutDrift,
    };
  });
}

export interface MoveInputs {
  price: number;
  /** Annualised implied or historical volatility (0.2 for 20 %). */
  volatility: number;
  /** Calendar days ahead. */
  days: number;
}

export interface MoveFigures {
  /** One standard deviation of the price over the days: price × σ × √(days / 365). */
  move: number;
  low: number;
  high: number;
}

/** The one-standard-deviation expected move, as options desks quote it from implied volatility. */
export function expectedMove(inputs: MoveInputs): Outcome<MoveFigures> {
  return new InputChecks()
    .number('price', 'Price', inputs.price, { above: 0, max: 1e9 })
    .number('volatility', 'Volatility', inputs.volatility, { above: 0, max: 10 })
    .number('days', 'Days', inputs.days, { above: 0, max: 3650 })
    .outcome(() => {
      const move = inputs.price * inputs.volatility * Math.sqrt(inputs.days / 365);
      return { move, low: Math.max(0, inputs.price - move), high: inputs.price + move };
    });
}
