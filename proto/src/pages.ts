import { CONTENT_CATEGORIES, type ContentCategory } from './categories';
import { TOOL_SLUGS, type ToolSlug } from './tools';

/**
 * The web app's public pages: what the sitemap lists and the build prerenders. Guides and blogs
 * add one page per item (/guide/:slug, /blog/:slug). Checkout results and the account page are
 * personal and stay out.
 */
export const PUBLIC_PAGES = [
  '/',
  '/business',
  '/analysis',
  '/research',
  '/guides',
  '/blogs',
  '/daytrader',
  '/professional-trading',
  '/free-scanner',
  '/demo',
  '/opinion',
  '/subscribe',
  '/faq',
  '/terms',
  '/privacy',
  '/cookies',
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** Every guide of one category: /guides/category/day-trading, one page per known category. */
export function guideCategoryPage(category: ContentCategory): string {
  return `/guides/category/${category}`;
}

export const GUIDE_CATEGORY_PAGES: readonly string[] = CONTENT_CATEGORIES.map(guideCategoryPage);

export const TOOLS_PAGE = '/tools';

export function toolPage(tool: ToolSlug): string {
  return `${TOOLS_PAGE}/${tool}`;
}

/** The tools' index and every tool's page: public, prerendered with a worked example, in the sitemap. */
export const TOOL_PAGES: readonly string[] = [TOOLS_PAGE, ...TOOL_SLUGS.map(toolPage)];

/** Old addresses answered with a permanent redirect to the page, query kept (gateway, nginx, app). */
export const PAGE_REDIRECTS: Readonly<Record<string, PublicPage>> = { '/day-trader': '/daytrader' };

/** The pages a mailed link opens: the services write the links, the web app serves the pages. */
export const MAILED_LINK_PAGES = {
  signInConfirm: '/sign-in/confirm',
  newsletterUnsubscribed: '/newsletter/unsubscribed',
} as const;

/** Pages crawlers are asked to skip. */
export const PRIVATE_PAGES = [
  '/account',
  // Result lists for any words: not pages to index.
  '/search',
  '/subscribe/success',
  '/sign-in',
  MAILED_LINK_PAGES.signInConfirm,
  MAILED_LINK_PAGES.newsletterUnsubscribed,
] as const;

export const SEO_PATHS = { sitemap: '/sitemap.xml', robots: '/robots.txt' } as const;
