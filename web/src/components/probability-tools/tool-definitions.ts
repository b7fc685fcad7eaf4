import type { ToolSlug } from '@probedge/proto';
import {
  checkDrawdownRun,
  diversification,
  expectedMove,
  expectedValue,
  kellyBinary,
  positionSize,
  riskOfRuin,
  targetBeforeStop,
  MAX_SIMULATED_PATHS,
  type Outcome,
} from '../../lib/probability';
import type { ToolChart } from './line-chart';
import { percent } from './tool-format';
import type { SimulationRequest } from './simulation/drawdown-simulation';

/** One input as the reader types it; `scale` turns the shown figure into the model's (% → share). */
export interface ToolInput {
  name: string;
  label: string;
  unit?: string;
  default: number;
  min: number;
  max: number;
  /** Whether the bounds themselves are allowed (a risk of 0 % is not). */
  minIncluded?: boolean;
  integer?: boolean;
  scale?: number;
}

export interface ToolResult {
  rows: { label: string; value: string }[];
  /** Warnings about the figures (a position that needs margin), shown under them. */
  notes: string[];
  /** The tool's curve, drawn and tabled. */
  chart?: ToolChart;
  /** A Monte Carlo the page runs off its thread (the drawdown tool), with progress and cancel. */
  simulation?: SimulationRequest;
}

export interface ToolDefinition {
  slug: ToolSlug;
  title: string;
  /** One sentence for the list and the page's description. */
  summary: string;
  inputs: ToolInput[];
  compute(values: Record<string, number>): Outcome<ToolResult>;
  /** What the figures mean, in plain words. */
  meaning: string;
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const money = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const signedMoney = (value: number) => `${value < 0 ? '−' : ''}${money.format(Math.abs(value))}`;

/** A price in dollars, above zero. */
const price = (name: string, label: string, value: number): ToolInput => ({
  name,
  label,
  unit: '$',
  default: value,
  min: 0,
  max: 1e9,
});

/** The chance a bet or trade wins, typed in per cent. */
const WIN_PROBABILITY: ToolInput = {
  name: 'winProbability',
  label: 'Win probability',
  unit: '%',
  default: 55,
  min: 0,
  max: 100,
  minIncluded: true,
  scale: 0.01,
};

/** `count` evenly spaced figures from `from` to `to`, both included. */
function steps(from: number, to: number, count = 25): number[] {
  return Array.from({ length: count }, (_, i) => from + ((to - from) * i) / (count - 1));
}

/** Whole numbers from 1 to `to`, about `count` of them, `also` among them. */
function wholeSteps(to: number, also: number, count = 25): number[] {
  const step = Math.max(1, Math.round(to / count));
  const values = new Set([1, also]);
  for (let value = step; value <= to; value += step) values.add(value);
  return [...values].sort((a, b) => a - b);
}

/** The curve of a model's figure as one input moves, the others held; points it cannot compute are left out. */
function curve(xs: number[], y: (x: number) => number | undefined): { x: number; y: number }[] {
  return xs.flatMap((x) => {
    const value = y(x);
    return value === undefined || !Number.isFinite(value) ? [] : [{ x, y: value }];
  });
}

const dollars = (value: number) => `${value < 0 ? '−' : ''}$${money.format(Math.abs(value))}`;
const share = (value: number) => percent(value);

/** The share of trades that win, typed in per cent. */
const WIN_RATE: ToolInput = {
  name: 'winRate',
  label: 'Win rate',
  unit: '%',
  default: 45,
  min: 0,
  max: 100,
  minIncluded: true,
  scale: 0.01,
};

/** An annual volatility, typed in per cent. */
const volatility = (label: string, value: number): ToolInput => ({
  name: 'volatility',
  label,
  unit: '%',
  default: value,
  min: 0,
  max: 1000,
  scale: 0.01,
});

function map<T>(outcome: Outcome<T>, present: (value: T) => ToolResult): Outcome<ToolResult> {
  return outcome.ok ? { ok: true, value: present(outcome.value) } : outcome;
}

const record = (v: Record<string, number>) => ({
  winRate: v.winRate!,
  averageWin: v.averageWin!,
  averageLoss: v.averageLoss!,
  costs: v.costs!,
});

export const TOOLS: readonly ToolDefinition[] = [
  {
    slug: 'position-size',
    title: 'Position size calculator',
    summary:
      'How many shares to buy so that a stop-out costs exactly the share of the account you chose.',
    inputs: [
      { name: 'account', label: 'Account value', unit: '$', default: 25_000, min: 0, max: 1e12 },
      { name: 'riskPercent', label: 'Risk per trade', unit: '%', default: 1, min: 0, max: 100 },
      price('entry', 'Entry price', 50),
      price('stop', 'Stop price', 47),
      {
        name: 'lotSize',
        label: 'Lot size',
        unit: 'shares',
        default: 1,
        min: 1,
        max: 1e6,
        minIncluded: true,
        integer: true,
      },
    ],
    compute: (v) =>
      map(
        positionSize({
          account: v.account!,
          riskPercent: v.riskPercent!,
          entry: v.entry!,
          stop: v.stop!,
          lotSize: v.lotSize!,
        }),
        (figures) => ({
          rows: [
            {
              label: 'Side',
              value:
                figures.side === 'long' ? 'Long (stop below entry)' : 'Short (stop above entry)',
            },
            { label: 'Shares', value: number.format(figures.shares) },
            { label: 'Position value', value: `$${money.format(figures.notional)}` },
            { label: 'Risk budget', value: `$${money.format(figures.riskBudget)}` },
            { label: 'Risk per share (1R)', value: `$${money.format(figures.riskPerShare)}` },
            { label: 'Loss at the stop', value: `$${money.format(figures.riskAtStop)}` },
          ],
          notes: figures.warnings,
          chart: (() => {
            const long = figures.side === 'long' ? 1 : -1;
            const r = figures.riskPerShare;
            const exits = steps(v.entry! - long * 2 * r, v.entry! + long * 3 * r).sort(
              (a, b) => a - b,
            );
            return {
              title: 'Profit or loss by exit price',
              x: { label: 'Exit price', format: dollars },
              y: { label: 'Profit or loss', format: dollars },
              points: curve(exits, (exit) => figures.shares * (exit - v.entry!) * long),
              marks: [
                { x: v.stop!, label: 'Stop' },
                { x: v.entry!, label: 'Entry' },
                { x: v.entry! + long * 2 * r, label: 'Target at 2R' },
              ],
            };
          })(),
        }),
      ),
    meaning:
      'Fixed-fractional sizing: the distance from entry to stop sets the loss per share, and the risk budget divided by it sets the size. Rounding down to whole lots keeps the loss at the stop within the budget, before slippage and gaps.',
  },
  {
    slug: 'expected-value',
    title: 'Expected value calculator',
    summary:
      'What a trading rule makes per trade on average, after costs, and the win rate it needs to break even.',
    inputs: [
      WIN_RATE,
      { name: 'averageWin', label: 'Average win', unit: '$', default: 300, min: 0, max: 1e12 },
      { name: 'averageLoss', label: 'Average loss', unit: '$', default: 150, min: 0, max: 1e12 },
      {
        name: 'costs',
        label: 'Costs per trade',
        unit: '$',
        default: 5,
        min: 0,
        max: 1e12,
        minIncluded: true,
      },
    ],
    compute: (v) =>
      map(expectedValue(record(v)), (figures) => ({
        rows: [
          { label: 'Expected value per trade', value: `$${signedMoney(figures.expectedValue)}` },
          {
            label: 'In units of the average loss',
            value: `${figures.expectedR < 0 ? '−' : ''}${number.format(Math.abs(figures.expectedR))} R`,
          },
          { label: 'Break-even win rate', value: percent(figures.breakEvenWinRate) },
        ],
        notes: figures.hasEdge ? [] : ['At these figures the rule loses money on average.'],
        chart: {
          title: 'Expected value per trade by win rate',
          x: { label: 'Win rate', format: (rate) => percent(rate, 0) },
          y: { label: 'Expected value per trade', format: dollars },
          points: curve(steps(0, 1, 21), (winRate) => {
            const at = expectedValue({ ...record(v), winRate });
            return at.ok ? at.value.expectedValue : undefined;
          }),
          marks: [
            { x: v.winRate!, label: 'Your win rate' },
            { x: figures.breakEvenWinRate, label: 'Break-even' },
          ],
        },
      })),
    meaning:
      'Expected value is what the rule makes per trade over many trades: wins times their size, minus losses times theirs, minus costs. A rule can win most of its trades and still lose money, or win few and make it.',
  },
  {
    slug: 'kelly',
    title: 'Kelly criterion calculator',
    summary:
      'The share of the bankroll that grows it fastest on a repeated bet with an edge, and what fractions of it keep.',
    inputs: [
      WIN_PROBABILITY,
      {
        name: 'odds',
        label: 'Payoff per unit risked',
        unit: 'to 1',
        default: 1,
        min: 0,
        max: 1000,
      },
      {
        name: 'share',
        label: 'Share of Kelly to stake',
        unit: '%',
        default: 50,
        min: 0,
        max: 100,
        minIncluded: true,
        scale: 0.01,
      },
    ],
    compute: (v) =>
      map(
        kellyBinary({ winProbability: v.winProbability!, odds: v.odds! }, v.share!),
        (figures) => ({
          rows: [
            { label: 'Kelly fraction', value: percent(figures.kelly) },
            { label: 'Stake', value: percent(figures.stake) },
            {
              label: 'Edge per unit staked',
              value: `${figures.edge < 0 ? '−' : ''}${number.format(Math.abs(figures.edge))}`,
            },
            { label: 'Growth per bet at the stake', value: percent(figures.growth, 2) },
            { label: 'Growth per bet at full Kelly', value: percent(figures.kellyGrowth, 2) },
          ],
          notes: figures.kelly === 0 ? ['The bet has no edge: Kelly stakes nothing.'] : [],
          chart: {
            title: 'Growth per bet by the fraction staked',
            x: { label: 'Fraction staked', format: share },
            y: { label: 'Growth per bet', format: (growth) => percent(growth, 3) },
            points: figures.curve.map((point) => ({ x: point.fraction, y: point.growth })),
            marks: [
              ...(figures.kelly > 0 ? [{ x: figures.kelly, label: 'Kelly fraction' }] : []),
              ...(figures.stake > 0 && figures.stake !== figures.kelly
                ? [{ x: figures.stake, label: 'Your stake' }]
                : []),
            ],
          },
        }),
      ),
    meaning:
      'Kelly stakes the fraction that maximises the long-run growth of the bankroll. Staking more grows it more slowly and, past twice Kelly, shrinks it; most traders stake a fraction of Kelly, which gives up a little growth for much smaller swings.',
  },
  {
    slug: 'risk-of-ruin',
    title: 'Risk of ruin calculator',
    summary:
      'The chance of losing every unit of capital with even-money bets of one unit, played without end.',
    inputs: [
      WIN_PROBABILITY,
      {
        name: 'units',
        label: 'Units of capital',
        unit: 'bets',
        default: 20,
        min: 1,
        max: 10_000,
        minIncluded: true,
        integer: true,
      },
    ],
    compute: (v) =>
      map(riskOfRuin({ winProbability: v.winProbability!, units: v.units! }), (figures) => ({
        rows: [{ label: 'Risk of ruin', value: percent(figures.probability, 2) }],
        notes:
          figures.probability === 1
            ? ['Without an edge, ruin comes in the end, however much capital there is.']
            : [],
        chart: {
          title: 'Risk of ruin by units of capital',
          x: { label: 'Units of capital', format: (units) => number.format(units) },
          y: { label: 'Risk of ruin', format: (risk) => percent(risk, 2) },
          points: curve(
            wholeSteps(Math.min(10_000, Math.max(40, 2 * v.units!)), v.units!),
            (units) => {
              const at = riskOfRuin({ winProbability: v.winProbability!, units });
              return at.ok ? at.value.probability : undefined;
            },
          ),
          marks: [{ x: v.units!, label: 'Your units' }],
        },
      })),
    meaning:
      'With an edge the risk of ruin falls fast as the capital grows in betting units: smaller bets are the same as more units. Without an edge it is certain in the long run.',
  },
  {
    slug: 'target-before-stop',
    title: 'Target before stop probability',
    summary:
      'The chance a price reaches your target before your stop, from the distances, the volatility and the drift.',
    inputs: [
      price('price', 'Current price', 100),
      price('target', 'Target', 110),
      price('stop', 'Stop', 95),
      volatility('Volatility (annual)', 25),
      {
        name: 'drift',
        label: 'Expected return (annual)',
        unit: '%',
        default: 0,
        min: -1000,
        max: 1000,
        minIncluded: true,
        scale: 0.01,
      },
    ],
    compute: (v) =>
      map(
        targetBeforeStop({
          price: v.price!,
          target: v.target!,
          stop: v.stop!,
          volatility: v.volatility!,
          drift: v.drift!,
        }),
        (figures) => ({
          rows: [
            { label: 'Side', value: figures.side === 'long' ? 'Long' : 'Short' },
            { label: 'Target first', value: percent(figures.targetFirst) },
            { label: 'Stop first', value: percent(1 - figures.targetFirst) },
            { label: 'Target first without drift', value: percent(figures.withoutDrift) },
          ],
          notes: [],
          chart: (() => {
            // Targets from a quarter of the stop's distance to four times it, on the trade's side.
            const away = v.price! - v.stop!;
            const targets = steps(v.price! + away * 0.25, v.price! + away * 4).sort(
              (a, b) => a - b,
            );
            return {
              title: 'Chance the target comes first, by target',
              x: { label: 'Target', format: dollars },
              y: { label: 'Target first', format: share },
              points: curve(targets, (target) => {
                const at = targetBeforeStop({
                  price: v.price!,
                  target,
                  stop: v.stop!,
                  volatility: v.volatility!,
                  drift: v.drift!,
                });
                return at.ok ? at.value.targetFirst : undefined;
              }),
              marks: [{ x: v.target!, label: 'Your target' }],
            };
          })(),
        }),
      ),
    meaning:
      'For a price that moves at random, the nearer barrier is the likelier to be hit first: a target twice as far as the stop is reached first about a third of the time. A drift in the trade’s favour raises the chance; how much depends on the drift against the volatility.',
  },
  {
    slug: 'expected-move',
    title: 'Expected move calculator',
    summary:
      'The range a price stays within about two times in three over the days ahead, from its implied or historical volatility.',
    inputs: [
      price('price', 'Current price', 100),
      volatility('Volatility (annual)', 20),
      { name: 'days', label: 'Days ahead', unit: 'calendar days', default: 30, min: 0, max: 3650 },
    ],
    compute: (v) =>
      map(
        expectedMove({ price: v.price!, volatility: v.volatility!, days: v.days! }),
        (figures) => ({
          rows: [
            {
              label: 'Expected move (one standard deviation)',
              value: `±$${money.format(figures.move)}`,
            },
            {
              label: 'Range, about 68 % of outcomes',
              value: `$${money.format(figures.low)} to $${money.format(figures.high)}`,
            },
            {
              label: 'Range, about 95 % of outcomes',
              value: `$${money.format(Math.max(0, v.price! - 2 * figures.move))} to $${money.format(v.price! + 2 * figures.move)}`,
            },
            { label: 'Move as a share of the price', value: percent(figures.move / v.price!) },
          ],
          notes:
            figures.move * 2 > v.price!
              ? [
                  'Two standard deviations reach below zero: at this volatility and horizon a normal range says little.',
                ]
              : [],
          chart: {
            title: 'Expected move by days ahead',
            x: { label: 'Days ahead', format: (days) => number.format(days) },
            y: { label: 'Expected move', format: dollars },
            points: [
              { x: 0, y: 0 },
              ...curve(steps(0, Math.min(3650, Math.max(10, 2 * v.days!))).slice(1), (days) => {
                const at = expectedMove({ price: v.price!, volatility: v.volatility!, days });
                return at.ok ? at.value.move : undefined;
              }),
            ],
            marks: [{ x: v.days!, label: 'Your horizon' }],
          },
        }),
      ),
    meaning:
      'Volatility is quoted per year and grows with the square root of time: a month is about √(30/365) ≈ 0.29 of a year’s move. Options desks quote this range from implied volatility; real moves have fatter tails than the normal curve, so a move past the range is more common than one in three.',
  },
  {
    slug: 'drawdown',
    title: 'Drawdown simulator',
    summary:
      'The chance a trading rule falls a given share from its peak within a number of trades, by simulating many runs of it.',
    inputs: [
      WIN_RATE,
      {
        name: 'payoff',
        label: 'Average win per unit lost',
        unit: 'to 1',
        default: 1.8,
        min: 0,
        max: 100,
      },
      {
        name: 'riskPerTrade',
        label: 'Risk per trade',
        unit: '%',
        default: 1,
        min: 0,
        max: 99,
        scale: 0.01,
      },
      {
        name: 'trades',
        label: 'Trades',
        default: 250,
        min: 1,
        max: 10_000,
        minIncluded: true,
        integer: true,
      },
      {
        name: 'drawdown',
        label: 'Drawdown',
        unit: '%',
        default: 20,
        min: 0,
        max: 99,
        scale: 0.01,
      },
      {
        name: 'paths',
        label: 'Simulated runs',
        default: 100_000,
        min: 100,
        max: MAX_SIMULATED_PATHS,
        minIncluded: true,
        integer: true,
      },
      {
        name: 'seed',
        label: 'Seed',
        default: 1,
        min: 0,
        max: 4_294_967_295,
        minIncluded: true,
        integer: true,
      },
    ],
    compute: (v) => {
      const run = {
        winRate: v.winRate!,
        payoff: v.payoff!,
        riskPerTrade: v.riskPerTrade!,
        trades: v.trades!,
        drawdown: v.drawdown!,
      };
      return map(
        checkDrawdownRun(run).outcome(() => run),
        () => {
          // Each loss takes riskPerTrade of what is left: this many in a row reach the drawdown.
          const streak = Math.ceil(
            Math.log1p(-run.drawdown) / Math.log1p(-run.riskPerTrade) - 1e-9,
          );
          const growth =
            run.winRate * Math.log1p(run.riskPerTrade * run.payoff) +
            (1 - run.winRate) * Math.log1p(-run.riskPerTrade);
          return {
            rows: [{ label: 'Losses in a row that reach it', value: number.format(streak) }],
            notes:
              growth < 0
                ? [
                    'At these figures the account shrinks on average: in enough trades any drawdown comes.',
                  ]
                : [],
            simulation: { run, paths: v.paths!, seed: v.seed! },
          };
        },
      );
    },
    meaning:
      'Even a rule with an edge meets losing streaks, and at a fixed risk per trade a streak is a drawdown. The simulation plays the rule many times over with the same seed, so the same figures give the same answer; the ± is two standard errors of that estimate. Risking less per trade is the lever that shrinks the chance most.',
  },
  {
    slug: 'diversification',
    title: 'Diversification calculator',
    summary:
      'How much volatility equal positions remove together, and how many independent bets they amount to.',
    inputs: [
      {
        name: 'positions',
        label: 'Positions',
        unit: 'equal weight',
        default: 10,
        min: 1,
        max: 10_000,
        minIncluded: true,
        integer: true,
      },
      volatility('Volatility of each', 30),
      {
        name: 'correlation',
        label: 'Correlation between any two',
        default: 0.3,
        min: -1,
        max: 1,
        minIncluded: true,
      },
    ],
    compute: (v) =>
      map(
        diversification({
          positions: v.positions!,
          volatility: v.volatility!,
          correlation: v.correlation!,
        }),
        (figures) => ({
          rows: [
            { label: 'Portfolio volatility', value: percent(figures.portfolioVolatility) },
            { label: 'Independent bets', value: number.format(figures.effectiveBets) },
            { label: 'Volatility left with many more positions', value: percent(figures.floor) },
          ],
          notes: [],
          chart: {
            title: 'Portfolio volatility by number of positions',
            x: { label: 'Positions', format: (positions) => number.format(positions) },
            y: { label: 'Portfolio volatility', format: share },
            points: curve(
              wholeSteps(Math.min(10_000, Math.max(20, 2 * v.positions!)), v.positions!),
              (positions) => {
                const at = diversification({
                  positions,
                  volatility: v.volatility!,
                  correlation: v.correlation!,
                });
                return at.ok ? at.value.portfolioVolatility : undefined;
              },
            ),
            marks: [{ x: v.positions!, label: 'Your positions' }],
          },
        }),
      ),
    meaning:
      'Correlation sets a floor under what diversification can remove: ten positions correlated 0.3 behave like about three independent ones, and no number of them brings the volatility below √0.3 of a single one.',
  },
];

export function toolOf(slug: string | undefined): ToolDefinition | undefined {
  return TOOLS.find((tool) => tool.slug === slug);
}
