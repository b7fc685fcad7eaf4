import {
  GUIDE_CATEGORY_PAGES,
  PAGE_REDIRECTS,
  PRIVATE_PAGES,
  PUBLIC_PAGES,
  TOOL_PAGES,
} from '@probedge/proto';

/** Every guide, blog item and ticker has its page under these prefixes (one segment each). */
const ITEM_PAGE = /^\/(?:guide|blog|stocks)\/[^/]+$/;

/** Old addresses the app answers with a permanent redirect, query kept. */
const REDIRECTS: ReadonlyMap<string, string> = new Map(Object.entries(PAGE_REDIRECTS));

const PAGES = new Set<string>([
  ...PUBLIC_PAGES,
  ...GUIDE_CATEGORY_PAGES,
  ...TOOL_PAGES,
  ...PRIVATE_PAGES,
]);

// The app's router ignores case and a trailing slash, so the status it implies must too.
function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
}

/** Whether the app has a screen for this path; any other path is its not-found screen. */
export function isAppPage(pathname: string): boolean {
  const page = normalise(pathname);
  return PAGES.has(page) || ITEM_PAGE.test(page);
}

/** Where an old address now lives, if it is one. */
export function redirectFor(pathname: string): string | undefined {
  return REDIRECTS.get(normalise(pathname));
}
