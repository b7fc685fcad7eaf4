import type { ServiceName } from './services';

export type HttpMethod = 'GET' | 'POST';

/**
 * The gateway's tight per-client buckets (on top of the general one every /api request counts in):
 * each limits the routes that name it, together.
 */
export type RateBucket =
  'generate' | 'checkout' | 'activation' | 'newsletter' | 'signin' | 'search';

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
  /** The gateway's tight bucket this route also counts in (its limit: the gateway's RATE_LIMIT_* of that name). */
  rateBucket?: RateBucket;
  /**
   * The payment provider's event deliveries: bodies up to WEBHOOK_BODY_LIMIT, and connections to
   * the service held in reserve for them.
   */
  webhook?: true;
  /** Its `q` is one query however it is spaced or encoded: the gateway writes it one way. */
  searchQuery?: true;
}

/**
 * Every public /api path: spec section 7 plus the additions of spec/resolutions.md.
 * The gateway builds its proxies from this table and nothing else is exposed.
 */
export const API_ROUTES = {
  guides: { method: 'GET', path: '/api/guides', service: 'content', summary: 'List guides' },
  guide: {
    method: 'GET',
    path: '/api/guides/:slug',
    service: 'content',
    summary: 'One guide with its content',
  },
  blogs: { method: 'GET', path: '/api/blogs', service: 'content', summary: 'List blogs' },
  blog: {
    method: 'GET',
    path: '/api/blogs/:slug',
    service: 'content',
    summary: 'One blog with its content',
  },
  guidesFeed: {
    method: 'GET',
    path: '/api/feeds/guides',
    service: 'content',
    summary: 'Atom feed of the newest guides',
  },
  blogsFeed: {
    method: 'GET',
    path: '/api/feeds/blogs',
    service: 'content',
    summary: 'Atom feed of the newest blog posts',
  },
  faq: {
    method: 'GET',
    path: '/api/faq',
    service: 'content',
    summary: 'Frequently asked questions',
  },
  search: {
    method: 'GET',
    path: '/api/search',
    // One index of guides, blogs and articles: news keeps a copy of content's guides and blogs.
    service: 'news',
    summary: 'Full-text search of guides, blogs and news',
    rateBucket: 'search',
    searchQuery: true,
  },
  newsletterSignUp: {
    method: 'POST',
    path: '/api/newsletter',
    service: 'content',
    summary: 'Sign up for daily insights (double opt-in)',
    rateBucket: 'newsletter',
  },
  newsletterConfirm: {
    method: 'GET',
    path: '/api/newsletter/confirm',
    service: 'content',
    summary: 'Confirm a newsletter sign-up',
  },
  newsletterUnsubscribe: {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    service: 'content',
    summary: 'Unsubscribe with a signed link (RFC 8058 one-click)',
    formBody: true,
    multipartBody: true,
  },
  newsletterResubscribe: {
    method: 'POST',
    path: '/api/newsletter/resubscribe',
    service: 'content',
    summary: 'Back on the newsletter with a signed unsubscribe link',
  },
  newsletterPreview: {
    method: 'GET',
    path: '/api/newsletter/preview',
    service: 'content',
    summary: "The day's morning briefing as HTML (admin token)",
  },
  business: { method: 'GET', path: '/api/business', service: 'news', summary: 'Business articles' },
  analysis: { method: 'GET', path: '/api/analysis', service: 'news', summary: 'Analysis articles' },
  opinion: { method: 'GET', path: '/api/opinion', service: 'news', summary: 'Opinion articles' },
  daytrader: { method: 'GET', path: '/api/daytrader', service: 'news', summary: 'Day-trader news' },
  articles: {
    method: 'GET',
    path: '/api/articles',
    service: 'news',
    summary: 'Articles, optionally by category',
  },
  targetedArticles: {
    method: 'GET',
    path: '/api/articles/targeted',
    service: 'news',
    summary: 'Targeted articles',
  },
  market: {
    method: 'GET',
    path: '/api/market',
    service: 'markets',
    summary: "The watch list's quotes",
  },
  marketQuotes: {
    method: 'GET',
    path: '/api/market/quotes',
    service: 'markets',
    summary: 'Quotes of up to 25 symbols',
  },
  marketSearch: {
    method: 'GET',
    path: '/api/market/search',
    service: 'markets',
    summary: 'Symbols and company names matching a text',
  },
  marketSymbol: {
    method: 'GET',
    path: '/api/market/symbols/:symbol',
    service: 'markets',
    summary: "A symbol's quote and company figures",
  },
  marketSymbolHistory: {
    method: 'GET',
    path: '/api/market/symbols/:symbol/history',
    service: 'markets',
    summary: "A symbol's daily bars over a range",
  },
  dailyAnalysis: {
    method: 'GET',
    path: '/api/daily-analysis',
    service: 'insights',
    summary: "Today's market analysis",
  },
  dailyOpinion: {
    method: 'GET',
    path: '/api/daily-opinion',
    service: 'insights',
    summary: "Today's opinion",
  },
  dailyAnalysisFeed: {
    method: 'GET',
    path: '/api/feeds/daily-analysis',
    service: 'insights',
    summary: 'Atom feed of the newest daily analyses',
  },
  generateAnalysis: {
    method: 'POST',
    path: '/api/generate-analysis',
    service: 'insights',
    summary: "Generate today's analysis",
    rateBucket: 'generate',
  },
  generateOpinion: {
    method: 'POST',
    path: '/api/generate-opinion',
    service: 'insights',
    summary: "Generate today's opinion",
    rateBucket: 'generate',
  },
  createCheckoutSession: {
    method: 'POST',
    path: '/api/create-checkout-session',
    service: 'billing',
    summary: 'Start checkout',
    rateBucket: 'checkout',
  },
  activateSubscription: {
    method: 'POST',
    path: '/api/activate-subscription',
    service: 'billing',
    summary: 'Activate after checkout',
    rateBucket: 'activation',
  },
  checkSubscription: {
    method: 'GET',
    path: '/api/check-subscription',
    service: 'billing',
    summary: 'Whether this visitor has access',
  },
  createPortalSession: {
    method: 'POST',
    path: '/api/create-portal-session',
    service: 'billing',
    summary: 'Open the billing portal',
  },
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    service: 'billing',
    summary: 'Payment provider events',
    webhook: true,
  },
  memberSignIn: {
    method: 'POST',
    path: '/api/members/sign-in',
    service: 'billing',
    summary: 'Mail a single-use sign-in link',
    rateBucket: 'signin',
  },
  memberSignInLink: {
    method: 'GET',
    path: '/api/members/sign-in/link',
    service: 'billing',
    summary: 'Who a sign-in link would sign in',
  },
  memberSignInConfirm: {
    method: 'POST',
    path: '/api/members/sign-in/confirm',
    service: 'billing',
    summary: 'Start a member session from a sign-in link',
    rateBucket: 'signin',
  },
  memberSignOut: {
    method: 'POST',
    path: '/api/members/sign-out',
    service: 'billing',
    summary: 'End the member session',
  },
  memberMe: {
    method: 'GET',
    path: '/api/members/me',
    service: 'billing',
    summary: 'The signed-in member and their access',
  },
  sandboxCheckout: {
    method: 'GET',
    path: '/api/billing/sandbox-checkout/:id',
    service: 'billing',
    summary: 'Sandbox checkout page (only without a Stripe key)',
  },
  sandboxCheckoutPay: {
    method: 'POST',
    path: '/api/billing/sandbox-checkout/:id',
    service: 'billing',
    summary: 'Pay in the sandbox checkout (a form post)',
    formBody: true,
  },
  sandboxPortal: {
    method: 'GET',
    path: '/api/billing/sandbox-portal',
    service: 'billing',
    summary: 'Sandbox customer portal (only without a Stripe key)',
  },
  sandboxPortalCancel: {
    method: 'POST',
    path: '/api/billing/sandbox-portal/cancel',
    service: 'billing',
    summary: 'Cancel the subscription in the sandbox portal',
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;

/** The routes in the table's order. */
export const ROUTES: readonly RouteDefinition[] = Object.values(API_ROUTES);

export type ApiRouteName = keyof typeof API_ROUTES;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The `:name` segments of a route's path, each a string to put in its place. */
export type ApiPathParams<N extends ApiRouteName> = Record<
  ParamNames<(typeof API_ROUTES)[N]['path']>,
  string
>;

/**
 * A route's path with its `:name` segments filled in (each encoded as one segment): callers name
 * the route, so a path is written in this table and nowhere else.
 */
export function apiPath<N extends ApiRouteName>(
  name: N,
  ...params: ParamNames<(typeof API_ROUTES)[N]['path']> extends never ? [] : [ApiPathParams<N>]
): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return API_ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`apiPath(${name}): no value for :${key}`);
    return encodeURIComponent(value);
  });
}

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
