import { FREE_SCANNER } from '../lib/constants';

/** Static copy of /free-scanner (spec section 2, "Free scanner preview"). Cards are samples, not live. */

export const FREE_SCANNER_HERO = {
  title: 'Free Scanner Preview',
  lead: `The free scanner shows the top ${FREE_SCANNER.topOpportunities} highest-scoring opportunities, each with a quality score from ${FREE_SCANNER.scoreMin} to ${FREE_SCANNER.scoreMax} and a grade of ${FREE_SCANNER.grades.join(', ')}.`,
  notice: 'Free Preview Mode: sample data with limited detail. Upgrade for full access.',
} as const;

export interface PreviewSignal {
  symbol: string;
  pattern: string;
  status: string;
  change: string;
  confidence: string;
}

export const FREE_SCANNER_SIGNALS: readonly PreviewSignal[] = [
  {
    symbol: 'NVDA',
    pattern: 'VCP Breakout',
    status: 'Active',
    change: '+2.4%',
    confidence: '87 (A)',
  },
  { symbol: 'AMD', pattern: 'Gap Fill', status: 'Watching', change: '-1.1%', confidence: '74 (B)' },
  { symbol: 'PLTR', pattern: 'Momentum', status: 'Setup', change: '+0.8%', confidence: '68 (B)' },
];

export const FREE_SCANNER_LOCKED = 'Available in Pro';

export const FREE_SCANNER_STEPS: readonly { title: string; text: string }[] = [
  {
    title: 'Scan',
    text: 'The scanner checks the market for VCP, breakout, gap-fill and momentum setups.',
  },
  {
    title: 'Score',
    text: `Each setup gets a quality score from ${FREE_SCANNER.scoreMin} to ${FREE_SCANNER.scoreMax} and a grade of ${FREE_SCANNER.grades.join(', ')}.`,
  },
  {
    title: 'Rank',
    text: `The free scanner shows the top ${FREE_SCANNER.topOpportunities}; the Professional Trading App adds entry, stop and target for every signal.`,
  },
];

export const FREE_SCANNER_UPGRADE = {
  title: 'Ready for the full picture?',
  text: 'Unlock entry and exit prices, every signal of the day and the full analysis behind each one.',
} as const;

export const FREE_SCANNER_DISCLAIMER =
  'Preview signals are sample data for illustration. Trading involves risk, including the loss of your capital.';
