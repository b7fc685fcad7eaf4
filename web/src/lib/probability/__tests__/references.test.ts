import {
  diversification,
  drawdownProbability,
  expectedMove,
  expectedValue,
  kellyBinary,
  kellyContinuous,
  positionSize,
  riskOfRuin,
  targetBeforeStop,
} from '..';
import { valueOf } from './outcome';

describe('the tools against published figures', () => {
  it('Kelly for a binary bet: Thorp (2006), section 2', () => {
    // p = 0.6 at even odds: f* = 0.2 and growth 0.6 ln 1.2 + 0.4 ln 0.8 ≈ 0.0201 per bet.
    const even = valueOf(kellyBinary({ winProbability: 0.6, odds: 1 }));
    expect(even.kelly).toBeCloseTo(0.2, 12);
    expect(even.kellyGrowth).toBeCloseTo(0.020136, 6);
    // p = 0.53 at even odds: f* = 0.06, growth ≈ 0.0018.
    const thin = valueOf(kellyBinary({ winProbability: 0.53, odds: 1 }));
    expect(thin.kelly).toBeCloseTo(0.06, 12);
    expect(thin.kellyGrowth).toBeCloseTo(0.0018, 4);
    // A bet without an edge is not made: no negative stake.
    expect(valueOf(kellyBinary({ winProbability: 0.4, odds: 1 })).kelly).toBe(0);
    // Half Kelly at 2 to 1 with p = 0.5: f* = 0.25, stake 0.125.
    expect(valueOf(kellyBinary({ winProbability: 0.5, odds: 2 }, 0.5)).stake).toBeCloseTo(
      0.125,
      12,
    );
  });

  it('Kelly for continuous returns: f* = μ/σ², half Kelly keeps 75 % of the growth (Thorp 2006, section 7)', () => {
    const figures = valueOf(kellyContinuous({ excessReturn: 0.08, volatility: 0.2 }, 0.5));
    expect(figures.kelly).toBeCloseTo(2, 12);
    expect(figures.kellyGrowth).toBeCloseTo(0.08, 12);
    expect(figures.growthShare).toBeCloseTo(0.75, 12);
    expect(figures.growth / figures.kellyGrowth).toBeCloseTo(0.75, 12);
  });

  it("risk of ruin: the gambler's ruin (Feller, vol. I, XIV.2)", () => {
    // p = 0.6, ten units: (0.4 / 0.6)^10 ≈ 0.01734.
    expect(valueOf(riskOfRuin({ winProbability: 0.6, units: 10 })).probability).toBeCloseTo(
      0.017342,
      6,
    );
    expect(valueOf(riskOfRuin({ winProbability: 0.5, units: 100 })).probability).toBe(1);
  });

  it('a drawdown that needs three losses in a row: the chance of a run of three in ten fair tosses (Feller, XIII.7)', () => {
    // Each loss costs 10 % (three take the account past 25 % down, two do not); a win pays 100 times
    // the risk, so it always makes a new peak. Sequences of ten tosses without three tails in a
    // row number 504 (a tribonacci count), so the chance is 1 − 504/1024 ≈ 0.5078.
    const figures = valueOf(
      drawdownProbability(
        { winRate: 0.5, payoff: 100, riskPerTrade: 0.1, trades: 10, drawdown: 0.25 },
        200_000,
        20261129,
      ),
    );
    expect(Math.abs(figures.probability - (1 - 504 / 1024))).toBeLessThan(0.005);
    expect(figures.standardError).toBeLessThan(0.0012);
    // Always losing: 0.9³ = 0.729 is past 25 % down after three trades, 0.9² = 0.81 is not.
    const losing = { winRate: 0, payoff: 1, riskPerTrade: 0.1, drawdown: 0.25 };
    const threeLosses = valueOf(drawdownProbability({ ...losing, trades: 3 }, 10, 1));
    expect(threeLosses.probability).toBe(1);
    // Every run's worst fall is 1 − 0.729 = 27.1 %, in the 27 % bin.
    expect(threeLosses).toMatchObject({ medianWorst: 0.27, worst95: 0.27 });
    expect(valueOf(drawdownProbability({ ...losing, trades: 2 }, 10, 1)).probability).toBe(0);
  });

  it('position size: 1 % of 100,000 with entry 50 and stop 47 is 333 shares (Tharp, ch. 14)', () => {
    const long = valueOf(
      positionSize({ account: 100_000, riskPercent: 1, entry: 50, stop: 47, lotSize: 1 }),
    );
    expect(long).toMatchObject({ side: 'long', shares: 333, notional: 16_650, riskAtStop: 999 });
    expect(long.riskBudget).toBe(1000);
    expect(long.warnings).toEqual([]);
    // Round lots of 100 leave 300; a short has its stop above.
    const short = valueOf(
      positionSize({ account: 100_000, riskPercent: 1, entry: 50, stop: 53, lotSize: 100 }),
    );
    expect(short).toMatchObject({ side: 'short', shares: 300 });
    // 1000 / 2.5 is 400 exactly, not 399.
    expect(
      valueOf(positionSize({ account: 100_000, riskPercent: 1, entry: 20, stop: 17.5, lotSize: 1 }))
        .shares,
    ).toBe(400);
    // A tight stop on a small account needs margin, and says so.
    const margin = valueOf(
      positionSize({ account: 10_000, riskPercent: 2, entry: 100, stop: 99.5, lotSize: 1 }),
    );
    expect(margin.shares).toBe(400);
    expect(margin.warnings).toEqual(['The position is larger than the account: it needs margin.']);
  });

  it('expected value: 40 % winners of 3R against 1R losers make 0.6R, break-even at 25 % (Tharp, ch. 7)', () => {
    const figures = valueOf(
      expectedValue({ winRate: 0.4, averageWin: 300, averageLoss: 100, costs: 0 }),
    );
    expect(figures.expectedValue).toBeCloseTo(60, 10);
    expect(figures.expectedR).toBeCloseTo(0.6, 12);
    expect(figures.breakEvenWinRate).toBeCloseTo(0.25, 12);
    // Costs of 10 a trade move the break-even to 110 / 400.
    const costly = valueOf(
      expectedValue({ winRate: 0.4, averageWin: 300, averageLoss: 100, costs: 10 }),
    );
    expect(costly.breakEvenWinRate).toBeCloseTo(0.275, 12);
    expect(costly.expectedValue).toBeCloseTo(50, 10);
  });

  it('target before stop: distances alone without drift, and a drift that helps the long (Karlin & Taylor, 7.5)', () => {
    const flat = valueOf(
      targetBeforeStop({ price: 100, target: 110, stop: 90, volatility: 0.2, drift: 0.02 }),
    );
    // μ = σ²/2 makes the log price driftless: ln(100/90) / ln(110/90).
    expect(flat.targetFirst).toBeCloseTo(Math.log(100 / 90) / Math.log(110 / 90), 9);
    expect(flat.withoutDrift).toBeCloseTo(flat.targetFirst, 9);
    // Symmetric in log price: one half.
    expect(
      valueOf(
        targetBeforeStop({ price: 100, target: 125, stop: 80, volatility: 0.3, drift: 0.045 }),
      ).targetFirst,
    ).toBeCloseTo(0.5, 9);
    // The closed form with drift: ν = 0.1 − 0.02 = 0.08, σ² = 0.04, so 2ν/σ² = 4.
    const a = Math.log(1.1);
    const b = Math.log(100 / 90);
    const drifting = valueOf(
      targetBeforeStop({ price: 100, target: 110, stop: 90, volatility: 0.2, drift: 0.1 }),
    );
    expect(drifting.targetFirst).toBeCloseTo(
      (1 - Math.exp(4 * b)) / (Math.exp(-4 * a) - Math.exp(4 * b)),
      9,
    );
    expect(drifting.targetFirst).toBeGreaterThan(flat.targetFirst);
  });

  it('expected move: 100 at 20 % implied volatility over 30 days is ±5.73', () => {
    const figures = valueOf(expectedMove({ price: 100, volatility: 0.2, days: 30 }));
    expect(figures.move).toBeCloseTo(100 * 0.2 * Math.sqrt(30 / 365), 12);
    expect(figures.move).toBeCloseTo(5.7338, 4);
    expect(figures.low).toBeCloseTo(94.2662, 4);
    expect(figures.high).toBeCloseTo(105.7338, 4);
  });

  it('diversification: ten positions correlated 0.5 are 1.8 independent bets (Grinold & Kahn)', () => {
    const figures = valueOf(diversification({ positions: 10, volatility: 0.3, correlation: 0.5 }));
    expect(figures.portfolioVolatility).toBeCloseTo(0.3 * Math.sqrt(0.55), 12);
    expect(figures.effectiveBets).toBeCloseTo(10 / 5.5, 12);
    expect(figures.floor).toBeCloseTo(0.3 * Math.sqrt(0.5), 12);
    // Uncorrelated: σ / √N and N bets.
    const independent = valueOf(diversification({ positions: 4, volatility: 0.3, correlation: 0 }));
    expect(independent.portfolioVolatility).toBeCloseTo(0.15, 12);
    expect(independent.effectiveBets).toBeCloseTo(4, 12);
  });
});

describe('the tools with inputs they cannot use', () => {
  it('name each input that is wrong, and compute nothing', () => {
    expect(kellyBinary({ winProbability: 1.2, odds: 0 })).toEqual({
      ok: false,
      problems: {
        winProbability: 'Win probability must be at most 1',
        odds: 'Odds must be more than 0',
      },
    });
    expect(
      positionSize({ account: 1000, riskPercent: 1, entry: 50, stop: 50, lotSize: 1 }),
    ).toEqual({ ok: false, problems: { stop: 'The stop must differ from the entry' } });
    expect(
      targetBeforeStop({ price: 100, target: 90, stop: 80, volatility: 0.2, drift: 0 }),
    ).toEqual({
      ok: false,
      problems: { stop: 'The target and the stop must lie on either side of the price' },
    });
    expect(diversification({ positions: 3, volatility: 0.2, correlation: -0.9 })).toEqual({
      ok: false,
      problems: { correlation: 'With 3 positions the correlation cannot be below -0.500' },
    });
    expect(riskOfRuin({ winProbability: Number.NaN, units: 2.5 })).toEqual({
      ok: false,
      problems: {
        winProbability: 'Win probability must be a number',
        units: 'Units of capital must be a whole number',
      },
    });
    expect(
      expectedValue({ winRate: 0.5, averageWin: -1, averageLoss: 1, costs: Infinity }),
    ).toEqual({
      ok: false,
      problems: { averageWin: 'Average win must be more than 0', costs: 'Costs must be a number' },
    });
  });
});
