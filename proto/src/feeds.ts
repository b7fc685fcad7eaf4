/** Feeds a news source can belong to; each public list endpoint reads one of them. */
export const FEEDS = ['business', 'analysis', 'opinion', 'daytrader', 'stocks', 'general'] as const;
export type Feed = (typeof FEEDS)[number];

export function isFeed(value: string): value is Feed {
  return (FEEDS as readonly string[]).includes(value);
}
