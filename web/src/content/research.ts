/** Static copy of /research (spec section 2, "Research"). Case studies are illustrative, not trade records. */

export interface FrameworkMethod {
  category: string;
  title: string;
  whatItDoes: string;
  whyCritical: string;
}

export const RESEARCH_INTRO = {
  title: 'Research',
  lead: 'The mathematics behind every signal, and worked examples of how it reads a market.',
  frameworkLead:
    'Nine methods, each answering one question a trader should ask before taking a position. None of them predicts the future; together they describe how likely an outcome is and how far that estimate can be trusted.',
  casesLead:
    'Illustrative case studies written for education. They show how the methods reason about a setup; the figures are examples, not a record of real trades or results.',
} as const;

export const FRAMEWORK_METHODS: readonly FrameworkMethod[] = [
  {
    category: 'Probability',
    title: 'Bayesian Meta-Probability',
    whatItDoes:
      'Treats the probability of a setup reaching its target as uncertain itself, and samples its posterior distribution instead of reporting a single number.',
    whyCritical:
      'A 60% estimate built on thin data is not the same as a 60% estimate built on thousands of cases; the interval tells them apart.',
  },
  {
    category: 'Regime Detection',
    title: 'Hidden Markov Regime Model',
    whatItDoes:
      'Estimates whether the market is in a calm trend, a choppy range or a turbulent state from returns and volatility.',
    whyCritical:
      'A pattern that works in a calm trend often fails in turbulence; knowing the regime decides whether a signal applies at all.',
  },
  {
    category: 'Fractal Geometry',
    title: 'Adaptive Hurst Exponent',
    whatItDoes:
      'Measures whether recent price movement is persistent, mean-reverting or close to random, over windows that adapt to volatility.',
    whyCritical:
      'Breakout setups need persistence and reversal setups need mean reversion; the exponent says which one the market is offering.',
  },
  {
    category: 'Uncertainty',
    title: 'Unconfidence Engine',
    whatItDoes:
      'Scores what the model does not know: parameter uncertainty, thin or stale data and disagreement between methods.',
    whyCritical:
      'Overconfident models size positions too large; an explicit uncertainty score lowers confidence before it reaches a decision.',
  },
  {
    category: 'Pattern Recognition',
    title: 'DTW-Matched RSI Templates',
    whatItDoes:
      'Compares the current RSI path with a library of templates using dynamic time warping, which tolerates patterns that unfold faster or slower.',
    whyCritical:
      'Fixed RSI thresholds such as 30 and 70 ignore the shape of the move; template matching looks at the whole path.',
  },
  {
    category: 'Evidence Fusion',
    title: 'Dempster-Shafer Fusion',
    whatItDoes:
      'Combines evidence from independent engines into belief and plausibility, and reports how much they conflict.',
    whyCritical:
      'Averaging disagreeing indicators hides the disagreement; measuring conflict lets a signal be withheld when the evidence is split.',
  },
  {
    category: 'Robust Statistics',
    title: 'Choquet Robust Bounds',
    whatItDoes:
      'Puts lower and upper bounds around each probability using capacities instead of a single distribution.',
    whyCritical:
      'When the model may be wrong, decisions should hold up at the lower bound, not just at the point estimate.',
  },
  {
    category: 'Tail Risk',
    title: 'Heavy-Tailed Return Modelling',
    whatItDoes:
      'Whitens returns and fits Student-t distributions so that rare, large moves are part of the model rather than outliers.',
    whyCritical:
      'Normal-distribution models understate gaps and crashes; stops and sizes must allow for the tails that actually occur.',
  },
  {
    category: 'Position Sizing',
    title: 'Regime-Weighted Fractional Kelly',
    whatItDoes:
      'Sizes a position with the Kelly criterion, weighted by regime probabilities and scaled down for uncertainty.',
    whyCritical:
      'Even a real edge is lost with oversized bets; fractional Kelly keeps drawdowns survivable when estimates are wrong.',
  },
];

export const FRAMEWORK_CTA = {
  title: 'See the framework at work',
  text: 'The Professional Trading App applies all nine methods to every signal it shows.',
  to: '/subscribe?source=research',
  label: 'View Subscription Options',
} as const;

export interface SignalOutput {
  asset: string;
  pattern: string;
  confidence: string;
  entry: string;
  /** The stop, the target, or both, as the case describes them. */
  stopOrTarget: string;
  kellyWeight: string;
}

export interface CaseStudy {
  symbol: string;
  title: string;
  context: string;
  legacyIndicators: string;
  detected: string;
  signal: SignalOutput;
  outcome: string;
}

/** The first case (TSLA) is always open; the others start collapsed. */
export const CASE_STUDIES: readonly CaseStudy[] = [
  {
    symbol: 'TSLA',
    title: 'TSLA: a regime shift before a volatile week',
    context:
      'After a steady climb, the stock traded in a narrowing range while market-wide volatility began to rise.',
    legacyIndicators:
      'Moving averages still pointed up and RSI sat near 60, a reading most screens treat as healthy momentum.',
    detected:
      'The regime model moved its weight from calm trend to turbulent, the Hurst exponent fell towards mean reversion and the engines disagreed on direction.',
    signal: {
      asset: 'TSLA',
      pattern: 'Range compression under regime change',
      confidence: '41% (below threshold)',
      entry: 'No new long entry',
      stopOrTarget: 'Existing stop tightened below the range',
      kellyWeight: '0.00 (new), existing size halved',
    },
    outcome:
      'In this illustrative scenario the range broke lower the following week; a reduced position limited the loss to the tightened stop.',
  },
  {
    symbol: 'AAPL',
    title: 'AAPL: a breakout the template saw early',
    context: 'A six-session volatility contraction formed on falling volume below a prior high.',
    legacyIndicators: 'Bollinger Bands narrowed, but without direction; RSI was flat near 52.',
    detected:
      'The RSI path matched a pre-breakout template closely, persistence rose and the regime read as calm trend.',
    signal: {
      asset: 'AAPL',
      pattern: 'Volatility contraction breakout',
      confidence: '66%',
      entry: 'Above the range high',
      stopOrTarget: 'Stop below the range low; target at 2× the range height',
      kellyWeight: '0.12',
    },
    outcome:
      'In this illustrative scenario the breakout followed through and the target was reached within four sessions.',
  },
  {
    symbol: 'MSFT',
    title: 'MSFT: an oversold reading that was not a buy',
    context:
      'A sharp two-day drop after earnings pushed the stock well below its short-term average.',
    legacyIndicators: 'RSI fell below 30, the classic oversold buy signal.',
    detected:
      'The move came with a regime change to turbulent and heavy-tailed volume; the template library matched continuation, not reversal.',
    signal: {
      asset: 'MSFT',
      pattern: 'Post-earnings continuation',
      confidence: '38% for a bounce (no signal)',
      entry: 'None',
      stopOrTarget: 'Not applicable',
      kellyWeight: '0.00',
    },
    outcome:
      'In this illustrative scenario the price kept drifting lower for several sessions before stabilising, so waiting avoided an early entry.',
  },
  {
    symbol: 'PRCT',
    title: 'PRCT: a small-cap gap filled',
    context: 'A small-cap stock gapped up on light news and stalled in the first hour.',
    legacyIndicators: 'Price held above VWAP, which momentum screens read as strength.',
    detected:
      'Gap-fill templates matched, the Hurst exponent pointed to mean reversion and the evidence engines agreed with low conflict.',
    signal: {
      asset: 'PRCT',
      pattern: 'Gap fill',
      confidence: '61%',
      entry: 'Below the first-hour low',
      stopOrTarget: 'Target at the prior close; stop above the high of day',
      kellyWeight: '0.07 (reduced for small-cap liquidity)',
    },
    outcome:
      'In this illustrative scenario the gap filled by the afternoon; the small size reflected the wider uncertainty of a thinly traded stock.',
  },
  {
    symbol: 'ESAB',
    title: 'ESAB: momentum confirmed by two engines',
    context: 'An industrial stock trended higher for weeks with shallow pullbacks.',
    legacyIndicators: 'RSI above 70 flagged it as overbought, a common reason to stay away.',
    detected:
      'Persistence stayed high, the regime read as calm trend and two independent engines agreed, so overbought was read as strength rather than exhaustion.',
    signal: {
      asset: 'ESAB',
      pattern: 'Momentum continuation',
      confidence: '63%',
      entry: 'On a pullback to the 10-day average',
      stopOrTarget: 'Stop below the last swing low',
      kellyWeight: '0.10',
    },
    outcome:
      'In this illustrative scenario the trend continued for two more weeks; the stop was trailed up behind each swing low.',
  },
];

export const SIGNAL_OUTPUT_LABELS: readonly { key: keyof SignalOutput; label: string }[] = [
  { key: 'asset', label: 'Asset' },
  { key: 'pattern', label: 'Pattern' },
  { key: 'confidence', label: 'Confidence' },
  { key: 'entry', label: 'Entry' },
  { key: 'stopOrTarget', label: 'Stop / target' },
  { key: 'kellyWeight', label: 'Kelly weight' },
];
