import fc from 'fast-check';
import {
  binaryGrowth,
  tallyDrawdowns,
  diversification,
  emptyTally,
  kellyBinary,
  positionSize,
  riskOfRuin,
  seededRandom,
  targetBeforeStop,
} from '..';
import { valueOf } from './outcome';

/** Every number in the figures, however deep, is finite: nothing on screen reads NaN or Infinity. */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}

const probability = fc.double({ min: 0, max: 1, noNaN: true });
const positive = (min: number, max: number) => fc.double({ min, max, noNaN: true });

describe('invariants of the tools', () => {
  it('Kelly is never negative, never above p, equals edge / odds, and no fraction grows faster', () => {
    fc.assert(
      fc.property(probability, positive(0.01, 100), (p, b) => {
        const figures = valueOf(kellyBinary({ winProbability: p, odds: b }));
        expect(figures.kelly).toBeGreaterThanOrEqual(0);
        expect(figures.kelly).toBeLessThanOrEqual(p + 1e-12);
        expect(figures.kelly).toBeCloseTo(Math.max(0, figures.edge) / b, 9);
        if (figures.kelly > 0 && figures.kelly < 0.99) {
          for (const f of [0, figures.kelly / 2, (figures.kelly + 0.99) / 2]) {
            expect(binaryGrowth({ winProbability: p, odds: b }, f)).toBeLessThanOrEqual(
              figures.kellyGrowth + 1e-12,
            );
          }
        }
        expect(allFinite(figures.curve.filter((point) => point.fraction < 1))).toBe(true);
      }),
    );
  });

  it('risk of ruin is a probability, and falls as capital or the win rate grows', () => {
    fc.assert(
      fc.property(probability, fc.integer({ min: 1, max: 500 }), (p, units) => {
        const risk = valueOf(riskOfRuin({ winProbability: p, units })).probability;
        expect(risk).toBeGreaterThanOrEqual(0);
        expect(risk).toBeLessThanOrEqual(1);
        expect(
          valueOf(riskOfRuin({ winProbability: p, units: units + 1 })).probability,
        ).toBeLessThanOrEqual(risk);
        const better = Math.min(1, p + 0.05);
        expect(
          valueOf(riskOfRuin({ winProbability: better, units })).probability,
        ).toBeLessThanOrEqual(risk);
      }),
    );
  });

  it('on the same simulated runs, a deeper drawdown is reached by no more of them', () => {
    fc.assert(
      fc.property(
        probability,
        positive(0.1, 5),
        positive(0.001, 0.2),
        positive(0.05, 0.5),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (winRate, payoff, riskPerTrade, drawdown, seed) => {
          const run = { winRate, payoff, riskPerTrade, trades: 50, drawdown };
          const shallow = tallyDrawdowns(run, seededRandom(seed), 200);
          const deep = tallyDrawdowns(
            { ...run, drawdown: drawdown + 0.2 },
            seededRandom(seed),
            200,
          );
          expect(deep.hits).toBeLessThanOrEqual(shallow.hits);
          expect(shallow.hits).toBeLessThanOrEqual(200);
          // Every run lands in one bin of the worst-drawdown distribution.
          expect(shallow.bins.reduce((sum, count) => sum + count, 0)).toBe(200);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a simulation run in slices, as the worker runs it, tallies what one call tallies', () => {
    fc.assert(
      fc.property(
        probability,
        positive(0.1, 5),
        positive(0.001, 0.2),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }),
        (winRate, payoff, riskPerTrade, seed, slices) => {
          const run = { winRate, payoff, riskPerTrade, trades: 30, drawdown: 0.1 };
          const paths = slices.reduce((sum, slice) => sum + slice, 0);
          const random = seededRandom(seed);
          const sliced = emptyTally();
          for (const slice of slices) tallyDrawdowns(run, random, slice, sliced);
          expect(sliced).toEqual(tallyDrawdowns(run, seededRandom(seed), paths));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a position never risks more than its budget, and one more lot would', () => {
    fc.assert(
      fc.property(
        positive(100, 1e7),
        positive(0.1, 10),
        positive(1, 1000),
        positive(0.001, 0.5),
        fc.boolean(),
        fc.constantFrom(1, 10, 100),
        (account, riskPercent, entry, stopShare, long, lotSize) => {
          const stop = long ? entry * (1 - stopShare) : entry * (1 + stopShare);
          const figures = valueOf(positionSize({ account, riskPercent, entry, stop, lotSize }));
          expect(figures.shares).toBeGreaterThanOrEqual(0);
          expect(figures.shares % lotSize).toBe(0);
          expect(figures.riskAtStop).toBeLessThanOrEqual(figures.riskBudget * (1 + 1e-9));
          expect((figures.shares + lotSize) * figures.riskPerShare).toBeGreaterThan(
            figures.riskBudget * (1 - 1e-9),
          );
          expect(figures.side).toBe(long ? 'long' : 'short');
          expect(allFinite(figures)).toBe(true);
        },
      ),
    );
  });

  it('target before stop is a probability that a better drift raises', () => {
    fc.assert(
      fc.property(
        positive(0.01, 0.5),
        positive(0.01, 0.5),
        positive(0.05, 1),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (up, down, volatility, drift) => {
          const setup = { price: 100, target: 100 * (1 + up), stop: 100 * (1 - down), volatility };
          const chance = valueOf(targetBeforeStop({ ...setup, drift })).targetFirst;
          expect(chance).toBeGreaterThanOrEqual(0);
          expect(chance).toBeLessThanOrEqual(1);
          const better = valueOf(targetBeforeStop({ ...setup, drift: drift + 0.1 })).targetFirst;
          expect(better).toBeGreaterThanOrEqual(chance - 1e-12);
        },
      ),
    );
  });

  it('diversification never adds volatility, and the bets lie between one and the positions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        positive(0.01, 2),
        probability,
        (positions, volatility, correlation) => {
          const figures = valueOf(diversification({ positions, volatility, correlation }));
          expect(figures.portfolioVolatility).toBeLessThanOrEqual(volatility * (1 + 1e-12));
          expect(figures.effectiveBets).toBeGreaterThanOrEqual(1 - 1e-9);
          expect(figures.effectiveBets).toBeLessThanOrEqual(positions * (1 + 1e-9));
        },
      ),
    );
  });
});
