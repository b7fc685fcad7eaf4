export interface TradingEdgeCase {
  title: string;
  text: string;
}

export const TRADING_EDGE_INTRO =
  'Example signals, written up after the fact, showing how probability-based pattern detection reads a market that classic indicators read late.';

export const TRADING_EDGE_CASES: readonly TradingEdgeCase[] = [
  {
    title: 'Breakout confirmed before the crowd',
    text: 'A tight range compressed for six sessions while volume dried up. The template match flagged a high-probability expansion a day before the move, with a defined stop below the range.',
  },
  {
    title: 'Regime shift, position cut',
    text: 'Volatility regime detection moved from calm to turbulent while trend indicators still read bullish. The suggested position size fell by half ahead of a sharp pullback.',
  },
  {
    title: 'A signal that was not taken',
    text: 'Two independent checks disagreed on a popular reversal setup, so confidence stayed below the threshold and no signal was issued. The pattern failed the next week.',
  },
];

export interface TradingEdgeScreenshot {
  caption: string;
  alt: string;
  /** Points of the illustrated price line, in a 0-100 box. */
  line: readonly (readonly [number, number])[];
}

export const TRADING_EDGE_SCREENSHOTS: readonly TradingEdgeScreenshot[] = [
  {
    caption: 'Pattern detection',
    alt: 'Illustration of a price chart with a consolidation range followed by an upward breakout marked as detected.',
    line: [
      [0, 70],
      [20, 62],
      [40, 66],
      [60, 63],
      [80, 40],
      [100, 22],
    ],
  },
  {
    caption: 'Regime detection',
    alt: 'Illustration of a price chart whose smooth trend turns choppy, with the changed volatility regime highlighted.',
    line: [
      [0, 60],
      [20, 50],
      [40, 42],
      [55, 60],
      [70, 35],
      [85, 70],
      [100, 50],
    ],
  },
  {
    caption: 'Position sizing',
    alt: 'Illustration of bars showing a suggested position size shrinking as measured risk rises.',
    line: [
      [0, 30],
      [25, 35],
      [50, 50],
      [75, 65],
      [100, 78],
    ],
  },
];

export const TRADING_EDGE_WHY =
  'Headlines move prices, but the order of events matters more than the headline itself. Reading news next to measured probabilities helps separate a story that changes the odds from one that only changes the mood.';
