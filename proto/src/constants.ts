/** Constants of the product spec (section 9) and of spec/resolutions.md, defined once. */

export const PRICE = {
  amount: 29.99,
  currency: 'USD',
  period: 'month',
  display: '$29.99',
} as const;

export const PLAN_TIERS = ['professional'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const PAGE_SIZES = {
  business: 12,
  analysis: 12,
  opinion: 12,
  daytraderLanding: 12,
  category: 8,
  targeted: 6,
  analysisPreview: 1,
  freePreviewFetch: 5,
  freePreviewShown: 3,
  professionalStocks: 12,
} as const;

/** Bounds for the `limit` query parameter of every list endpoint. */
export const LIST_LIMIT = { min: 1, max: 50 } as const;

/** Articles per page of the internal NewsService.ListArticles (proto/news/v1/news.proto). */
export const INTERNAL_LIST_LIMIT = { fallback: 100, max: 500 } as const;

export const DESCRIPTION_MAX_LENGTH = 150;

/** Toasts: Radix's own defaults match these, so they are configuration, not code. */
/**
 * The spec's tooltip delays. No page shows a tooltip today; one that does wraps itself in Radix's
 * Tooltip.Provider with these, so the tooltip code loads with that page and not the landing route.
 */
/** Local-storage key for the checkout session id, named for the payment provider's session. */
/** A mailed sign-in link works once, for this long. */
export const SIGN_IN_LINK_MINUTES = 20;

/** The sign-in page offers to send the link again after this long. */
/** Slugs are lowercase letters, digits and hyphens, at most 120 characters. */
export const SLUG_PATTERN = /^[a-z0-9-]{1,120}$/;
export const SLUG_MAX_LENGTH = 120;

export const DEFAULT_BRAND_NAME = 'ProbEdge';
export const DEFAULT_SUPPORT_EMAIL = 'support@probedge.example';
/** The largest Stripe webhook body: the gateway passes it, so billing must accept it. */
export const WEBHOOK_BODY_LIMIT = '1mb';

export const NOT_ADVICE_LINE = 'Educational content only, not investment advice.';
