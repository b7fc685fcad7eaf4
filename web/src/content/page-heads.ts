import { MAILED_LINK_PAGES, NOT_ADVICE_LINE, PRICE, TOOLS_PAGE } from '@probedge/proto';
import type { PageHead } from '../components/ui/page-shell';
import { DEMO_INTRO } from './demo';
import { PRO_INTRO } from './professional-trading';
import { RESEARCH_INTRO } from './research';
import { PROFESSIONAL_PLAN } from './subscribe';

/** What each fixed page tells browsers and search engines: its title, description, keywords and address. */
export const PAGE_HEADS = {
  analysis: {
    title: 'Analysis',
    description:
      'Market analysis articles and a daily read of the market, updated through the day.',
    keywords: ['market analysis', 'stock analysis', 'daily market analysis', 'trading news'],
    path: '/analysis',
    kind: 'collection',
  },
  business: {
    title: 'Trading Edge',
    description:
      'Case studies of probability-based trading signals and the latest business news that moves markets.',
    keywords: ['trading edge', 'business news', 'trading case studies', 'market signals'],
    path: '/business',
    kind: 'collection',
  },
  opinion: {
    title: 'Opinion',
    description: 'Expert opinions and market commentary from across the financial press.',
    keywords: ['market opinion', 'market commentary', 'expert opinion', 'financial news'],
    path: '/opinion',
    kind: 'collection',
  },
  freeScanner: {
    title: 'Free Scanner Preview',
    description:
      'A free preview of the stock scanner: sample signals and a taste of the daily market news feed.',
    keywords: ['free stock scanner', 'scanner preview', 'trading signals', 'market news'],
    path: '/free-scanner',
    kind: 'page',
  },
  daytrader: {
    title: 'Day Trading Signals',
    description: `Probability-based day trading signals and active trading news for ${PRICE.display}/${PRICE.period}.`,
    keywords: ['day trading', 'day trading signals', 'active trading news', 'stock scanner'],
    path: '/daytrader',
    kind: 'page',
  },
  blogs: {
    title: 'Trading Blogs',
    description:
      'Articles on trading psychology, market analysis, technical patterns, options and crypto, written as education.',
    keywords: ['trading blog', 'market analysis', 'trading psychology', 'technical patterns'],
    path: '/blogs',
    kind: 'collection',
  },
  guides: {
    title: 'Trading Guides',
    description:
      'Educational trading guides by topic: day trading, swing trading, exit strategy, risk management, position sizing and more.',
    keywords: [
      'trading guides',
      'day trading',
      'swing trading',
      'risk management',
      'position sizing',
    ],
    path: '/guides',
    kind: 'collection',
  },
  tools: {
    title: 'Probability tools',
    description:
      'Calculators for the probabilities our guides teach: position size, expected value, Kelly, risk of ruin, target before stop, expected move, drawdown and diversification, on your own numbers.',
    keywords: ['trading calculators', 'position size', 'kelly criterion', 'risk of ruin'],
    path: TOOLS_PAGE,
    kind: 'collection',
  },
  subscribe: {
    title: 'Pricing',
    description: `${PROFESSIONAL_PLAN.name}: ${PRICE.display}/${PRICE.period}, cancel anytime. Probability-based signals, regime detection and Kelly sizing.`,
    keywords: ['trading app pricing', 'subscription', 'professional trading app', 'signals'],
    path: '/subscribe',
    kind: 'page',
  },
  account: {
    title: 'Manage Subscription & Billing',
    description: 'Update your payment method, see invoices or cancel your subscription.',
    keywords: ['billing', 'subscription', 'customer portal'],
    path: '/account',
    kind: 'unlisted',
  },
  signIn: {
    title: 'Sign in',
    description: 'Sign in with a link sent to your e-mail address: no password needed.',
    keywords: ['sign in', 'member', 'subscription'],
    path: '/sign-in',
    kind: 'unlisted',
  },
  signInConfirm: {
    title: 'Sign in',
    description: 'Sign in with the link from your e-mail.',
    keywords: ['sign in'],
    path: MAILED_LINK_PAGES.signInConfirm,
    kind: 'unlisted',
  },
  subscribeSuccess: {
    title: 'Subscription',
    description: `Activating your ${PROFESSIONAL_PLAN.name} subscription.`,
    keywords: ['subscription', 'activation'],
    path: '/subscribe/success',
    kind: 'unlisted',
  },
  newsletter: {
    title: 'Newsletter',
    description: 'Leave or rejoin the Daily Insights e-mail with the link from an e-mail.',
    keywords: ['newsletter'],
    path: MAILED_LINK_PAGES.newsletterUnsubscribed,
    kind: 'unlisted',
  },
  professionalTrading: {
    title: 'Professional Trading App',
    description: `${PRO_INTRO.lead} Probability-ranked signals, regime detection and Kelly sizing for ${PRICE.display}/${PRICE.period}.`,
    keywords: [
      'professional trading app',
      'probability signals',
      'kelly sizing',
      'regime detection',
    ],
    path: '/professional-trading',
    kind: 'page',
  },
  research: {
    title: 'Research: Mathematical Framework and Case Studies',
    name: RESEARCH_INTRO.title,
    description: `The mathematical framework behind probability-based trading signals, with illustrative case studies. ${NOT_ADVICE_LINE}`,
    keywords: [
      'quantitative trading research',
      'regime detection',
      'kelly criterion',
      'trading case studies',
    ],
    path: '/research',
    kind: 'page',
  },
  demo: {
    title: 'Scanner Demo (Sample Data)',
    name: DEMO_INTRO.title,
    description: `A sample scan with static demo data: three example signals, premium engine read-outs, a correlation matrix and a Bayesian meta-probability panel. ${NOT_ADVICE_LINE}`,
    keywords: ['stock scanner demo', 'sample trading signals', 'correlation matrix', 'bayesian'],
    path: '/demo',
    kind: 'page',
  },
  notFound: {
    title: 'Page Not Found',
    description: 'The page you are looking for does not exist.',
    keywords: ['404', 'page not found'],
    kind: 'unlisted',
  },
} as const satisfies Record<string, PageHead>;
