import { PRICE } from '@probedge/proto';
import { CLAIMS } from '../lib/constants';

/** Every figure on /demo is static sample data (spec section 2, "Demo"); none of it is live. */

export type DemoSignalKind = 'BUY SIGNAL' | 'WATCH' | 'SETUP';

export interface DemoSignal {
  kind: DemoSignalKind;
  symbol: string;
  pattern: string;
  probability: string;
  levels: readonly { label: string; value: string }[];
  note: string;
}

export const DEMO_INTRO = {
  banner: 'DEMO MODE: SAMPLE DATA ONLY',
  title: 'Scanner Demo',
  lead: `A walk through one sample scan: ${CLAIMS.demoStocksScanned.toLocaleString('en-US')} stocks scanned, three signals kept, and the maths behind them. Every number on this page is sample data.`,
  scanClaim: `Scanned ${CLAIMS.demoStocksScanned.toLocaleString('en-US')} stocks`,
} as const;

export const DEMO_SIGNALS: readonly DemoSignal[] = [
  {
    kind: 'BUY SIGNAL',
    symbol: 'NVDA',
    pattern: 'Volatility contraction breakout',
    probability: '68%',
    levels: [
      { label: 'Entry', value: '$142.50' },
      { label: 'Stop', value: '$138.90' },
      { label: 'Target', value: '$150.20' },
    ],
    note: 'Range tightened for six sessions on falling volume; breakout confirmed on the close.',
  },
  {
    kind: 'WATCH',
    symbol: 'AMD',
    pattern: 'Gap-fill candidate',
    probability: '57%',
    levels: [
      { label: 'Gap top', value: '$158.40' },
      { label: 'Gap bottom', value: '$153.10' },
    ],
    note: 'Probability is close to the threshold; the scanner waits for volume to confirm.',
  },
  {
    kind: 'SETUP',
    symbol: 'MSFT',
    pattern: 'RSI template match (oversold bounce)',
    probability: '62%',
    levels: [
      { label: 'Trigger', value: '$418.00' },
      { label: 'Invalidation', value: '$409.50' },
    ],
    note: 'The RSI path matches a learned template; the setup becomes a signal above the trigger.',
  },
];

export interface PremiumMetric {
  label: string;
  value: string;
}

export interface PremiumSection {
  id: string;
  title: string;
  summary: string;
  metrics: readonly PremiumMetric[];
}

export const DEMO_PREMIUM_SECTIONS: readonly PremiumSection[] = [
  {
    id: 'mep2',
    title: 'MEP-2 Engine',
    summary: 'Maximum-entropy probability estimates for the signal horizon.',
    metrics: [
      { label: 'Target-before-stop probability', value: '0.682' },
      { label: 'Entropy (nats)', value: '0.627' },
      { label: 'Horizon', value: '1-6 hours' },
    ],
  },
  {
    id: 'choquet',
    title: 'Choquet Bounds',
    summary: 'Robust lower and upper probabilities when the model itself is uncertain.',
    metrics: [
      { label: 'Lower bound', value: '0.591' },
      { label: 'Upper bound', value: '0.744' },
      { label: 'Capacity width', value: '0.153' },
    ],
  },
  {
    id: 'unconfidence',
    title: 'Unconfidence Metrics',
    summary: 'How much the model does not know about this setup.',
    metrics: [
      { label: 'Epistemic uncertainty', value: '0.214' },
      { label: 'Aleatoric uncertainty', value: '0.338' },
      { label: 'Reliability grade', value: 'B+' },
    ],
  },
  {
    id: 'failure-modes',
    title: 'Failure-Mode Percentages',
    summary: 'How similar setups failed in the sample history.',
    metrics: [
      { label: 'False breakout', value: '18%' },
      { label: 'Stopped out by gap', value: '7%' },
      { label: 'Regime change', value: '5%' },
      { label: 'Time stop (no move)', value: '2%' },
    ],
  },
  {
    id: 'dempster-shafer',
    title: 'Dempster-Shafer Belief',
    summary: 'Evidence from independent engines, fused without hiding their disagreement.',
    metrics: [
      { label: 'Belief (up)', value: '0.61' },
      { label: 'Plausibility (up)', value: '0.79' },
      { label: 'Conflict', value: '0.12' },
    ],
  },
  {
    id: 'macro',
    title: 'Macro Panel',
    summary: 'The market backdrop the signal was scored against.',
    metrics: [
      { label: 'VIX', value: '15.8 (calm)' },
      { label: 'DXY', value: '104.2 (flat)' },
      { label: 'TNX', value: '4.31% (rising)' },
    ],
  },
  {
    id: 'hmm',
    title: 'HMM Regime Probabilities',
    summary: 'The hidden Markov model’s read of the current market regime.',
    metrics: [
      { label: 'Calm trend', value: '64%' },
      { label: 'Choppy range', value: '27%' },
      { label: 'Turbulent', value: '9%' },
    ],
  },
];

export const CORRELATION_SYMBOLS = ['NVDA', 'AMD', 'MSFT', 'XLE', 'TLT'] as const;

/** 30-day correlations of daily returns; symmetric, 1.00 on the diagonal. */
export const CORRELATION_MATRIX: readonly (readonly number[])[] = [
  [1.0, 0.82, 0.58, -0.21, -0.46],
  [0.82, 1.0, 0.51, -0.18, -0.39],
  [0.58, 0.51, 1.0, -0.12, -0.33],
  [-0.21, -0.18, -0.12, 1.0, -0.74],
  [-0.46, -0.39, -0.33, -0.74, 1.0],
];

export type CorrelationStrength =
  'strong-positive' | 'moderate-positive' | 'weak' | 'moderate-negative' | 'strong-negative';

/** The colour bands of the matrix: strong is |r| ≥ 0.7, moderate is |r| ≥ 0.3. */
export function correlationStrength(value: number): CorrelationStrength {
  if (value >= 0.7) return 'strong-positive';
  if (value >= 0.3) return 'moderate-positive';
  if (value <= -0.7) return 'strong-negative';
  if (value <= -0.3) return 'moderate-negative';
  return 'weak';
}

export const CORRELATION_LEGEND: readonly { strength: CorrelationStrength; label: string }[] = [
  { strength: 'strong-positive', label: 'Strong positive (0.70 or more): green' },
  { strength: 'moderate-positive', label: 'Moderate positive (0.30 to 0.69): blue' },
  { strength: 'weak', label: 'Weak (between -0.29 and 0.29): grey' },
  { strength: 'moderate-negative', label: 'Moderate negative (-0.30 to -0.69): orange' },
  { strength: 'strong-negative', label: 'Strong negative (-0.70 or less): red' },
];

export interface BayesianFigure {
  label: string;
  value: string;
  explanation: string;
}

/** The spec's exact figures. */
export const DEMO_BAYESIAN: readonly BayesianFigure[] = [
  {
    label: 'Probability mean',
    value: '0.547',
    explanation: 'The average of the posterior probability of reaching the target first.',
  },
  {
    label: '95% interval',
    value: '±0.089',
    explanation: 'The probability lies within this distance of the mean in 95% of posterior draws.',
  },
  {
    label: 'Parameter uncertainty',
    value: '0.163',
    explanation: 'How much the estimate moves when the model parameters are resampled.',
  },
  {
    label: 'Posterior samples',
    value: '1,000',
    explanation: 'Number of draws taken from the posterior distribution.',
  },
  {
    label: 'Status',
    value: 'converged',
    explanation: 'The sampler has settled; its chains agree with each other.',
  },
  {
    label: 'Effective sample size',
    value: '847',
    explanation: 'The number of independent draws the 1,000 correlated samples are worth.',
  },
  {
    label: 'Convergence diagnostic (R-hat)',
    value: '1.003',
    explanation: 'Values close to 1.00 mean the chains have converged.',
  },
];

export const DEMO_VALUE = {
  title: `Everything here is worth ${PRICE.display}/${PRICE.period}`,
  lead: 'The subscription gives you the live version of every panel on this page.',
  groups: [
    {
      title: 'Proprietary algorithms',
      items: [
        'MEP-2 probability engine',
        'Choquet robust bounds',
        'Dempster-Shafer evidence fusion',
        'Bayesian meta-probability',
      ],
    },
    {
      title: 'Risk features',
      items: [
        'Entry, stop and target for every signal',
        'Failure-mode breakdowns',
        'HMM-weighted Kelly position sizing',
      ],
    },
    {
      title: 'Exclusive analysis',
      items: [
        'Macro panel (VIX, DXY, TNX)',
        '30-day correlation matrix',
        'Regime probabilities through the session',
      ],
    },
  ],
} as const;

export const DEMO_CLOSING = {
  title: 'This was sample data',
  text: 'The demo shows how a scan reads, not what the market is doing now. Live signals need a paid subscription.',
  linkLabel: `Professional Trading App - ${PRICE.display}/${PRICE.period}`,
  links: ['/daytrader', '/professional-trading'],
  simulatedNote:
    'Demo data is simulated for illustration and is not an actual trading signal or a record of past results.',
} as const;
