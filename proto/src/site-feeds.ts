import { API_ROUTES } from './routes';

/**
 * The site's Atom feeds: content and insights serve them (see the route table), and the web's pages
 * announce them in <head> under the same titles the feeds carry.
 */
export const SITE_FEEDS = {
  guides: { path: API_ROUTES.guidesFeed.path, name: 'guides' },
  blogs: { path: API_ROUTES.blogsFeed.path, name: 'blog' },
  dailyAnalysis: { path: API_ROUTES.dailyAnalysisFeed.path, name: 'daily market analysis' },
} as const;

export type SiteFeed = keyof typeof SITE_FEEDS;

export const ATOM_MEDIA_TYPE = 'application/atom+xml';

/** "ProbEdge guides": the feed's <title> and the title of the pages' link to it. */
export function siteFeedTitle(feed: SiteFeed, brandName: string): string {
  return `${brandName} ${SITE_FEEDS[feed].name}`;
}
