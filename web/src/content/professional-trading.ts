export interface ProScreenshot {
  caption: string;
  alt: string;
  /** Candle bodies of the drawn chart as [open, close] in a 0-100 box (0 is the top). */
  candles: readonly (readonly [number, number])[];
  /** A probability band drawn over the chart, as [upper, lower] per candle. */
  band: readonly (readonly [number, number])[];
}

export const PRO_INTRO = {
  title: 'Professional Trading App',
  lead: 'Institutional-grade probability maths for individual traders.',
  description: [
    'The Professional Trading App turns the research behind every signal into a working screen: each setup comes with its probability of reaching the target before the stop, how sure the model is of that probability, and a position size that respects both.',
    'It scans the market through the session, matches price action against learned templates, checks the current market regime and fuses the evidence into one calibrated read, so you spend your time deciding rather than searching.',
  ],
} as const;

export const PRO_SCREENSHOTS: readonly ProScreenshot[] = [
  {
    caption: 'Signal view: a setup with its probability band and entry, stop and target',
    alt: 'Illustration of the signal view: a candlestick chart rising through a shaded probability band, with entry, stop and target lines.',
    candles: [
      [70, 64],
      [64, 66],
      [66, 58],
      [58, 60],
      [60, 52],
      [52, 46],
      [46, 48],
      [48, 38],
      [38, 34],
      [34, 28],
    ],
    band: [
      [56, 80],
      [54, 78],
      [50, 74],
      [48, 72],
      [44, 68],
      [40, 64],
      [36, 62],
      [32, 58],
      [28, 54],
      [24, 50],
    ],
  },
  {
    caption: 'Regime view: volatility regimes and the position size they allow',
    alt: 'Illustration of the regime view: a candlestick chart that turns from calm to volatile, with the probability band widening as the regime changes.',
    candles: [
      [50, 48],
      [48, 50],
      [50, 47],
      [47, 49],
      [49, 40],
      [40, 58],
      [58, 36],
      [36, 62],
      [62, 44],
      [44, 54],
    ],
    band: [
      [42, 56],
      [42, 56],
      [42, 56],
      [41, 57],
      [34, 64],
      [28, 70],
      [24, 76],
      [22, 78],
      [22, 78],
      [24, 76],
    ],
  },
];

export const PRO_PRICE_BLOCK = {
  title: 'One plan, everything included',
  note: 'Billed monthly. Cancel anytime from the billing portal.',
  includes: [
    'Live probability-ranked signals through the session',
    'Entry, stop and target for every setup',
    'Regime-aware position sizing',
    'All five algorithm engines',
  ],
} as const;

export interface FrameworkStep {
  title: string;
  text: string;
}

export const PRO_FRAMEWORK = {
  title: 'The Mathematical Framework',
  lead: 'Every signal passes through the same four stages, and each stage can veto it.',
  steps: [
    {
      title: 'Measure',
      text: 'Returns are whitened and their heavy tails modelled with Student-t distributions, so rare moves are priced in rather than ignored.',
    },
    {
      title: 'Match',
      text: 'Price and momentum are compared with a library of historical templates by dynamic time warping, tolerant of setups that unfold faster or slower.',
    },
    {
      title: 'Check the regime',
      text: 'A hidden Markov model estimates whether the market is calm, trending or turbulent, and robust bounds widen when the regime is uncertain.',
    },
    {
      title: 'Fuse and size',
      text: 'Independent evidence is combined with Dempster-Shafer theory, and the Kelly criterion, scaled down for uncertainty, sets the position size.',
    },
  ] as readonly FrameworkStep[],
} as const;

export interface AlgorithmEngine {
  name: string;
  summary: string;
  outputs: readonly string[];
}

/** The five engines, in the spec's order. */
export const PRO_ENGINES: readonly AlgorithmEngine[] = [
  {
    name: 'Unconfidence Engine',
    summary:
      'Scores how much the model does not know: parameter uncertainty, thin data and disagreement between methods lower a signal’s confidence before it reaches you.',
    outputs: ['Epistemic uncertainty score', 'Reliability grade', 'Whitened residuals'],
  },
  {
    name: 'DTW RSI Templates',
    summary:
      'Matches the current RSI path against learned templates with dynamic time warping, so a pattern is recognised even when it plays out at a different speed.',
    outputs: ['Best-matching template', 'Match distance', 'Adaptive Hurst exponent'],
  },
  {
    name: 'Regime + Robust Bounds',
    summary:
      'Detects the market regime and puts robust bounds around every probability, widening them when the regime is changing.',
    outputs: ['Current regime', 'Lower and upper probability bounds', 'Regime capacity'],
  },
  {
    name: 'Dempster-Shafer Fusion',
    summary:
      'Combines evidence from independent engines and keeps track of conflict between them, instead of averaging disagreements away.',
    outputs: ['Belief and plausibility', 'Conflict measure', 'Fused signal strength'],
  },
  {
    name: 'HMM Kelly Sizing',
    summary:
      'Sizes each position with the Kelly criterion, weighted by the hidden Markov model’s regime probabilities and cut back when uncertainty is high.',
    outputs: ['Suggested position size', 'Regime-weighted edge', 'Maximum risk per trade'],
  },
];

export const PRO_ACCESS = {
  checking: 'Checking subscription...',
  launch: 'Launch Professional Trading App',
  locked: 'Subscription Required',
  subscribeLink: 'Subscribe to the Professional Trading App',
  subscribedNote: 'Your subscription is active. The app opens in a new window.',
  lockedNote: 'The Professional Trading App is available with an active subscription.',
} as const;
