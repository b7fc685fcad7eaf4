import { CLAIMS } from '../lib/constants';
import type { TradingEdgeScreenshot } from './trading-edge';

/** Static copy of /daytrader (spec section 2, "Day-trader landing page"). Signals are samples, not live. */

export const DAYTRADER_HERO = {
  title: 'Day Trading, Backed by Probabilities',
  lead: `Pattern detection and risk-aware sizing for intraday setups: ${CLAIMS.patterns} patterns, ${CLAIMS.templates} templates and ${CLAIMS.liveSignalsDaily} signals a day, each with entry, stop and target.`,
} as const;

export const DAYTRADER_SCREENSHOT: TradingEdgeScreenshot = {
  caption: 'The day trading scanner: ranked intraday setups with probability and levels',
  alt: 'Illustration of the day trading scanner: an intraday price line breaking out of a range, with the breakout marked.',
  line: [
    [0, 62],
    [12, 58],
    [24, 64],
    [36, 57],
    [48, 63],
    [60, 56],
    [70, 44],
    [80, 36],
    [90, 30],
    [100, 22],
  ],
};

export interface Step {
  title: string;
  text: string;
}

export const DAYTRADER_STEPS: readonly Step[] = [
  {
    title: 'Market scan',
    text: 'Through the session the scanner checks liquid US stocks for volume, volatility and range conditions worth a closer look.',
  },
  {
    title: 'Pattern detection',
    text: `Candidates are matched against ${CLAIMS.templates} learned templates and ${CLAIMS.patterns} classic patterns, tolerant of setups that form faster or slower.`,
  },
  {
    title: 'Dual validation',
    text: 'A setup becomes a signal only when two independent engines agree and the market regime suits the pattern.',
  },
];

export interface TemplateCard {
  name: string;
  text: string;
  timeframe: string;
}

export const DAYTRADER_TEMPLATES: readonly TemplateCard[] = [
  {
    name: 'Opening Range Breakout',
    text: 'A break of the first 15 or 30 minutes’ range with rising volume.',
    timeframe: 'First 2 hours',
  },
  {
    name: 'Volatility Contraction (VCP)',
    text: 'Successively tighter pullbacks on drying volume before an expansion.',
    timeframe: 'Intraday to 2 days',
  },
  {
    name: 'Gap Fill',
    text: 'An opening gap that stalls and trades back towards the prior close.',
    timeframe: '1-4 hours',
  },
  {
    name: 'Momentum Continuation',
    text: 'A shallow flag in a strong trend, resuming in the trend’s direction.',
    timeframe: '1-6 hours',
  },
  {
    name: 'RSI Template Bounce',
    text: 'An RSI path matched by dynamic time warping to learned reversal shapes.',
    timeframe: '1-6 hours',
  },
  {
    name: 'VWAP Reclaim',
    text: 'Price recovers the volume-weighted average price and holds it on a retest.',
    timeframe: '30 min-3 hours',
  },
];

export interface SampleSignal {
  symbol: string;
  template: string;
  probability: string;
  entry: string;
  stop: string;
  target: string;
}

export const DAYTRADER_SAMPLE_SIGNALS: readonly SampleSignal[] = [
  {
    symbol: 'AAPL',
    template: 'Opening Range Breakout',
    probability: '64%',
    entry: '$231.40',
    stop: '$229.80',
    target: '$234.60',
  },
  {
    symbol: 'AMD',
    template: 'VWAP Reclaim',
    probability: '61%',
    entry: '$156.20',
    stop: '$154.90',
    target: '$158.80',
  },
  {
    symbol: 'XOM',
    template: 'Gap Fill',
    probability: '58%',
    entry: '$112.10',
    stop: '$113.00',
    target: '$110.40',
  },
];

export interface SkillLevel {
  level: string;
  items: readonly string[];
}

export const DAYTRADER_SKILL_LEVELS: readonly SkillLevel[] = [
  {
    level: 'Beginner',
    items: [
      'Paper-trade the signals before risking money',
      'Learn why each setup has a stop and a target',
      'Keep to one or two templates at first',
    ],
  },
  {
    level: 'Intermediate',
    items: [
      'Filter signals by probability and regime',
      'Use the suggested size as a ceiling, not a target',
      'Review every trade against the signal’s plan',
    ],
  },
  {
    level: 'Advanced',
    items: [
      'Combine templates with your own market read',
      'Scale in and out around the probability bands',
      'Track your results by template and regime',
    ],
  },
];

export interface CurrentSignal {
  symbol: string;
  pattern: string;
  probability: string;
  entry: string;
  stop: string;
  target: string;
  status: string;
}

export const DAYTRADER_CURRENT_SIGNALS: readonly CurrentSignal[] = [
  {
    symbol: 'NVDA',
    pattern: 'Momentum Continuation',
    probability: '66%',
    entry: '$142.50',
    stop: '$140.80',
    target: '$146.20',
    status: 'Active',
  },
  {
    symbol: 'MSFT',
    pattern: 'RSI Template Bounce',
    probability: '62%',
    entry: '$418.00',
    stop: '$414.20',
    target: '$425.50',
    status: 'Triggered',
  },
  {
    symbol: 'TSLA',
    pattern: 'Opening Range Breakout',
    probability: '59%',
    entry: '$248.30',
    stop: '$244.90',
    target: '$255.10',
    status: 'Watching',
  },
  {
    symbol: 'META',
    pattern: 'Volatility Contraction (VCP)',
    probability: '63%',
    entry: '$587.40',
    stop: '$581.00',
    target: '$600.20',
    status: 'Active',
  },
  {
    symbol: 'JPM',
    pattern: 'VWAP Reclaim',
    probability: '57%',
    entry: '$221.60',
    stop: '$219.90',
    target: '$225.00',
    status: 'Watching',
  },
];

export const DAYTRADER_PRICING = {
  title: 'One plan for active traders',
  includes: [
    `${CLAIMS.liveSignalsDaily} live signals daily with entry, stop and target`,
    `${CLAIMS.patterns} patterns and ${CLAIMS.templates} templates`,
    'Regime-aware position sizing',
    `${CLAIMS.dailyNewsUpdates} daily news updates`,
  ],
  note: 'Billed monthly, renews automatically. Cancel anytime from the billing portal.',
  cta: 'Subscribe Now',
} as const;
