export interface HomeStartCard {
  to: string;
  title: string;
  text: string;
  action: string;
}

export const HOME_START_CARDS: readonly HomeStartCard[] = [
  {
    to: '/guides',
    title: 'Trading Guides',
    text: 'Structured lessons on day trading, swing trading, exits, risk management and position sizing.',
    action: 'Browse Guides →',
  },
  {
    to: '/blogs',
    title: 'Trading Blogs',
    text: 'Commentary on market analysis, technical patterns, options, crypto and trading psychology.',
    action: 'Read Blogs →',
  },
  {
    to: '/faq',
    title: 'FAQ',
    text: 'How the platform works, what the subscription includes, billing and how to reach support.',
    action: 'Read the FAQ →',
  },
];

/** Four example trade stories for the hero: illustrations of how a signal reads, not results. */
export interface TradeStory {
  symbol: string;
  setup: string;
  story: string;
}

export const HOME_HERO = {
  lead: 'Probability-based stock analysis, market news and trading education. See the odds, the risk and the position size behind a setup before you decide. Everything here is educational content, not investment advice.',
  storiesTitle: 'How a signal reads: four examples',
  storiesNote: 'Illustrative examples written for education, not records of real trades.',
} as const;

export const HOME_TRADE_STORIES: readonly TradeStory[] = [
  {
    symbol: 'NVDA',
    setup: 'Volatility contraction breakout',
    story:
      'Six quiet sessions on falling volume, then a close above the range. Probability of target before stop: 68%, with the stop just below the range.',
  },
  {
    symbol: 'TSLA',
    setup: 'Regime shift warning',
    story:
      'Trend indicators still read bullish, but the regime model turned turbulent. The suggested position size fell by half before the range broke.',
  },
  {
    symbol: 'AMD',
    setup: 'Gap fill',
    story:
      'An opening gap stalled in the first hour. The gap-fill template matched and the target was set at the prior close, with a stop above the high.',
  },
  {
    symbol: 'MSFT',
    setup: 'Oversold, but no signal',
    story:
      'RSI fell below 30, yet the templates matched continuation rather than reversal. Confidence stayed under the threshold, so no signal was issued.',
  },
];

export const HOME_ACCESS = {
  title: 'What you get access to',
  groups: [
    {
      title: 'Analysis tools',
      items: [
        'Core analysis: a ticker and an intraday (1-6 hr), swing (1-5 day) or mixed horizon, giving probabilities and a PDF report',
        'AI analysis: upload a PDF or CSV with a ticker for a report with buy and sell reasoning',
        'Super signals: a ticker plus a day or swing trading style',
        'Validator: hit probabilities and validation scores for a ticker',
        'Unified scanner: VCP, breakout, gap-fill and momentum setups across the market, ranked and exportable',
      ],
    },
    {
      title: 'Signals and research',
      items: [
        '20+ live signals daily, each with entry, stop and target prices',
        'A pattern scanner with 10+ patterns and 20+ templates',
        'Regime detection, fractal geometry and uncertainty scoring',
        'DTW-matched RSI templates and Kelly position sizing',
      ],
    },
    {
      title: 'Education and news',
      items: [
        '50+ daily news updates',
        'Trading guides and blogs',
        'Research case studies and a sample-data demo',
        'A daily market analysis and opinion',
      ],
    },
  ],
} as const;

export interface PlanCard {
  id: 'free' | 'pro';
  name: string;
  price: string;
  items: readonly string[];
  action: string;
}

export const HOME_PLANS: readonly PlanCard[] = [
  {
    id: 'free',
    name: 'Free Scanner',
    price: 'Free',
    items: [
      'The top 5 highest-scoring opportunities',
      'Quality score from 0 to 100 and a grade of A, B or C',
      'No account needed',
    ],
    action: 'Try Free Scanner',
  },
  {
    id: 'pro',
    name: 'Professional Trading App',
    price: '$29.99/month',
    items: [
      'Live probability-ranked signals with entry, stop and target',
      'Regime detection and Kelly position sizing',
      'All five algorithm engines',
      'Cancel anytime',
    ],
    action: 'Subscribe Now',
  },
];

export const HOME_POWERS = {
  title: 'What powers the analysis',
  items: [
    'Real-time probability maths for every setup',
    'Regime detection with hidden Markov models',
    'Fractal geometry: adaptive Hurst exponents',
    'Uncertainty scoring before any signal is shown',
    'DTW-matched RSI templates',
    'Kelly position sizing, scaled for uncertainty',
  ],
} as const;

export interface HomeScreenshot {
  caption: string;
  alt: string;
  /** Bar heights (0-100) of the drawn chart. */
  bars: readonly number[];
  /** The drawn probability line, in a 0-100 box (0 is the top). */
  line: readonly number[];
}

export const HOME_SCREENSHOTS: readonly HomeScreenshot[] = [
  {
    caption: 'Scanner results ranked by probability',
    alt: 'Illustration of the scanner: a ranked list drawn as bars of decreasing probability, with a rising price line.',
    bars: [88, 81, 76, 70, 64, 59, 52],
    line: [70, 66, 68, 58, 52, 46, 40, 30],
  },
  {
    caption: 'A signal with its probability band and trade plan',
    alt: 'Illustration of a signal: a price line inside a shaded probability band with entry, stop and target marked.',
    bars: [35, 42, 38, 50, 46, 58, 62],
    line: [60, 58, 54, 56, 48, 44, 40, 36],
  },
];

/** Shown in the ticker when the targeted headlines are missing or still loading. */
export const HOME_TICKER_FALLBACK: readonly string[] = [
  'Markets open: watch the first hour’s range before trading breakouts',
  'Volatility regimes change faster than trend indicators react',
  'Position size is the one risk you fully control',
  'A stop is a plan, not a prediction',
  'Probability is not certainty: size every trade for being wrong',
];

export const HOME_NEWSLETTER = {
  title: 'Get Daily Insights',
  text: 'One e-mail each market morning: the day’s analysis, new guides and what to watch. We send a confirmation link first; nothing arrives until you confirm.',
  success: 'Check your inbox to confirm',
  successDetail: 'We sent a confirmation link. Your subscription starts once you click it.',
  invalid: 'Enter a valid e-mail address.',
  tooMany: 'Too many sign-ups from here; try again later',
  failed: 'We could not sign you up right now. Please try again in a moment.',
} as const;

export interface InfoColumn {
  title: string;
  items: readonly string[];
}

export const HOME_INFO_COLUMNS: readonly InfoColumn[] = [
  {
    title: 'Help',
    items: [
      'Read the FAQ for how the platform works',
      'E-mail support; we reply within about 24 hours on business days',
      'Guides explain every method in plain language',
    ],
  },
  {
    title: 'Security',
    items: [
      'Payments handled by our payment provider; we never see card numbers',
      'Access tied to a secure, http-only cookie',
      'Encrypted connections throughout',
    ],
  },
  {
    title: 'Risk-free',
    items: [
      'Start with the free scanner and the demo',
      'Cancel your subscription anytime',
      '30-day money-back guarantee on the plan',
    ],
  },
  {
    title: 'Trust',
    items: [
      'Every signal shows its probability and its uncertainty',
      'Sample data is always labelled as sample data',
      'Educational content, never personal investment advice',
    ],
  },
];
