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
