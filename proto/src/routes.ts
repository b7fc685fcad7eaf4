import type { ServiceName } from './services';

export type HttpMethod = 'GET' | 'POST';

export interface RouteDefinition {
  method: HttpMethod;
  /** Express-style path; `:name` matches one segment. */
  path: string;
  service: ServiceName;
  summary: string;
  /** Also takes an HTML form's body (application/x-www-form-urlencoded), not only JSON. */
  formBody?: true;
  /**
   * Also takes multipart/form-data: the body of an RFC 8058 one-click unsubscribe, which mail
   * providers may send in either form encoding.
   */
  multipartBody?: true;
}

/**
 * Every public /api path: spec section 7 plus the additions of spec/resolutions.md.
 * The gateway builds its proxies from this table and nothing else is exposed.
 */
export const ROUTES: readonly RouteDefinition[] = [
  { method: 'GET', path: '/api/guides', service: 'content', summary: 'List guides' },
  {
    method: 'GET',
    path: '/api/guides/:slug',
    service: 'content',
    summary: 'One guide with its content',
  },
  { method: 'GET', path: '/api/blogs', service: 'content', summary: 'List blogs' },
  {
    method: 'GET',
    path: '/api/blogs/:slug',
    service: 'content',
    summary: 'One blog with its content',
  },
  {
    method: 'GET',
    path: '/api/feeds/guides',
    service: 'content',
    summary: 'Atom feed of the newest guides',
  },
  {
    method: 'GET',
    path: '/api/feeds/blogs',
    service: 'content',
    summary: 'Atom feed of the newest blog posts',
  },
  { method: 'GET', path: '/api/faq', service: 'content', summary: 'Frequently asked questions' },
  {
    method: 'GET',
    path: '/api/search',
    // One index of guides, blogs and articles: news keeps a copy of content's guides and blogs.
    service: 'news',
    summary: 'Full-text search of guides, blogs and news',
  },
  {
    method: 'POST',
    path: '/api/newsletter',
    service: 'content',
    summary: 'Sign up for daily insights (double opt-in)',
  },
  {
    method: 'GET',
    path: '/api/newsletter/confirm',
    service: 'content',
    summary: 'Confirm a newsletter sign-up',
  },
  {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    service: 'content',
    summary: 'Unsubscribe with a signed link (RFC 8058 one-click)',
    formBody: true,
    multipartBody: true,
  },
  {
    method: 'POST',
    path: '/api/newsletter/resubscribe',
    service: 'content',
    summary: 'Back on the newsletter with a signed unsubscribe link',
  },
  {
    method: 'GET',
    path: '/api/newsletter/preview',
    service: 'content',
    summary: "The day's morning briefing as HTML (admin token)",
  },
  { method: 'GET', path: '/api/business', service: 'news', summary: 'Business articles' },
  { method: 'GET', path: '/api/analysis', service: 'news', summary: 'Analysis articles' },
  { method: 'GET', path: '/api/opinion', service: 'news', summary: 'Opinion articles' },
  { method: 'GET', path: '/api/daytrader', service: 'news', summary: 'Day-trader news' },
  {
    method: 'GET',
    path: '/api/articles',
    service: 'news',
    summary: 'Articles, optionally by category',
  },
  { method: 'GET', path: '/api/articles/targeted', service: 'news', summary: 'Targeted articles' },
  {
    method: 'GET',
    path: '/api/market',
    service: 'markets',
    summary: "The watch list's quotes",
  },
  {
    method: 'GET',
    path: '/api/market/quotes',
    service: 'markets',
    summary: 'Quotes of up to 25 symbols',
  },
  {
    method: 'GET',
    path: '/api/market/search',
    service: 'markets',
    summary: 'Symbols and company names matching a text',
  },
  {
    method: 'GET',
    path: '/api/market/symbols/:symbol',
    service: 'markets',
    summary: "A symbol's quote and company figures",
  },
  {
    method: 'GET',
    path: '/api/market/symbols/:symbol/history',
    service: 'markets',
    summary: "A symbol's daily bars over a range",
  },
  {
    method: 'GET',
    path: '/api/daily-analysis',
    service: 'insights',
    summary: "Today's market analysis",
  },
  { method: 'GET', path: '/api/daily-opinion', service: 'insights', summary: "Today's opinion" },
  {
    method: 'GET',
    path: '/api/feeds/daily-analysis',
    service: 'insights',
    summary: 'Atom feed of the newest daily analyses',
  },
  {
    method: 'POST',
    path: '/api/generate-analysis',
    service: 'insights',
    summary: "Generate today's analysis",
  },
  {
    method: 'POST',
    path: '/api/generate-opinion',
    service: 'insights',
    summary: "Generate today's opinion",
  },
  {
    method: 'POST',
    path: '/api/create-checkout-session',
    service: 'billing',
    summary: 'Start checkout',
  },
  {
    method: 'POST',
    path: '/api/activate-subscription',
    service: 'billing',
    summary: 'Activate after checkout',
  },
  {
    method: 'GET',
    path: '/api/check-subscription',
    service: 'billing',
    summary: 'Whether this visitor has access',
  },
  {
    method: 'POST',
    path: '/api/create-portal-session',
    service: 'billing',
    summary: 'Open the billing portal',
  },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    service: 'billing',
    summary: 'Payment provider events',
  },
  {
    method: 'POST',
    path: '/api/members/sign-in',
    service: 'billing',
    summary: 'Mail a single-use sign-in link',
  },
  {
    method: 'GET',
    path: '/api/members/sign-in/link',
    service: 'billing',
    summary: 'Who a sign-in link would sign in',
  },
  {
    method: 'POST',
    path: '/api/members/sign-in/confirm',
    service: 'billing',
    summary: 'Start a member session from a sign-in link',
  },
  {
    method: 'POST',
    path: '/api/members/sign-out',
    service: 'billing',
    summary: 'End the member session',
  },
  {
    method: 'GET',
    path: '/api/members/me',
    service: 'billing',
    summary: 'The signed-in member and their access',
  },
  {
    method: 'GET',
    path: '/api/billing/sandbox-checkout/:id',
    service: 'billing',
    summary: 'Sandbox checkout page (only without a Stripe key)',
  },
  {
    method: 'POST',
    path: '/api/billing/sandbox-checkout/:id',
    service: 'billing',
    summary: 'Pay in the sandbox checkout (a form post)',
    formBody: true,
  },
  {
    method: 'GET',
    path: '/api/billing/sandbox-portal',
    service: 'billing',
    summary: 'Sandbox customer portal (only without a Stripe key)',
  },
  {
    method: 'POST',
    path: '/api/billing/sandbox-portal/cancel',
    service: 'billing',
    summary: 'Cancel the subscription in the sandbox portal',
  },
];

export interface CompiledRoute extends RouteDefinition {
  pattern: RegExp;
}

function compile(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export const COMPILED_ROUTES: readonly CompiledRoute[] = ROUTES.map((route) => ({
  ...route,
  pattern: compile(route.path),
}));

/** Matches a request path (without query string) against the route table. */
export function matchRoute(method: string, pathname: string): CompiledRoute | undefined {
  return COMPILED_ROUTES.find(
    (route) => route.method === method.toUpperCase() && route.pattern.test(pathname),
  );
}

/** Any route (any method) with this path — to tell 404 from 405. */
export function routesForPath(pathname: string): CompiledRoute[] {
  return COMPILED_ROUTES.filter((route) => route.pattern.test(pathname));
}

export function routesOf(service: ServiceName): RouteDefinition[] {
  return ROUTES.filter((route) => route.service === service);
}
