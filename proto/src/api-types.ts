/**
 * Public HTTP API types, field names exactly as the product spec (section 3).
 * Dates travel as ISO-8601 strings in JSON.
 */
import type { ContentKind } from './categories';

export type IsoDateString = string;

export interface Article {
  id: string;
  title: string;
  description?: string;
  url: string;
  publishedAt: IsoDateString;
  /** The instruments the article names, e.g. ["AAPL"]; the news lists always send it. */
  tickers?: string[];
}

export interface OpinionArticle {
  id: string;
  title: string;
  /** Always a string on the wire; may be empty. */
  description: string;
  publishedAt: IsoDateString;
  url: string;
  /** The instruments the article names; always sent. */
  tickers?: string[];
}

export interface DayTraderArticle {
  id: string;
  title: string;
  url: string;
}

export interface DailyAnalysis {
  /** Text; newlines become line breaks on screen. */
  content: string;
  createdAt: IsoDateString;
}

export interface DailyOpinion {
  analysisDate: IsoDateString;
  content: string;
  sourceArticleTitle: string;
}

export interface StockFundamentals {
  sector: string;
  industry: string;
  /** In US dollars; shown in billions. null for funds and where the provider has none. */
  marketCap: number | null;
  peRatio: number | null;
  pbRatio: number | null;
}

export interface Stock {
  name: string;
  symbol: string;
  price: number;
  change: number;
  percentChange: number;
  fundamentals: StockFundamentals;
}

/** Guide or blog as listed: everything but the body. */
export interface ContentListItem {
  id: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  createdAt: IsoDateString;
}

/** Guide or blog detail: the list item plus its body. */
export interface ContentItem extends ContentListItem {
  content: string;
}

export type Guide = ContentItem;
export type Blog = ContentItem;

/** What a search can be narrowed to: `GET /api/search?type=`. */
export const SEARCH_TYPES = ['guide', 'blog', 'news'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Search limits shared by the services, the gateway and the web. */
export const SEARCH_LIMITS = {
  /** Query length in characters, after trimming. */
  minQuery: 2,
  maxQuery: 200,
  defaultLimit: 10,
  maxLimit: 50,
} as const;

/** A piece of a search snippet: the text as stored, `highlight` where it matched the query. */
export interface SearchSnippetPart {
  text: string;
  highlight: boolean;
}

/** One search hit. `url` is a site path for guides and blogs, the article's own link for news. */
export interface SearchResult {
  type: SearchType;
  /** The slug of a guide or blog; the article id for news. */
  id: string;
  title: string;
  url: string;
  /** Up to two fragments of the body (guides, blogs) or description (news) around the matches. */
  snippet: SearchSnippetPart[];
  /** A guide's or blog's category; a news article's feed (business, analysis, opinion, daytrader). */
  category: string;
  /** The news article's source name; absent for guides and blogs. */
  source?: string;
  publishedAt: IsoDateString;
  /** PostgreSQL ts_rank_cd, one scale for every type (the same weights and normalisation). */
  rank: number;
}

export interface SearchResponse {
  query: string;
  type: SearchType | 'all';
  results: SearchResult[];
}

/**
 * One guide or blog as content hands it to the search index that news keeps:
 * `GET SITE_DOCUMENTS_PATH` on content, never through the gateway.
 */
export interface SiteDocument {
  kind: ContentKind;
  slug: string;
  title: string;
  description: string;
  category: string;
  publishedAt: IsoDateString;
  /** The body as plain text, one passage per line of it (a paragraph, heading, list item, row), in order. */
  passages: string[];
}

export interface SiteDocumentsResponse {
  documents: SiteDocument[];
}

/** Content's internal answer with every guide and blog for the search index (ETag, If-None-Match). */
export const SITE_DOCUMENTS_PATH = '/internal/search-documents';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface SubscriptionCheck {
  hasAccess: boolean;
}

export interface CheckoutRequest {
  tier: string;
}

export interface CheckoutResponse {
  url: string;
}

export interface ActivationRequest {
  sessionId: string;
}

/** Answer of a successful activation (also of a repeated one for the same session). */
export interface ActivationResponse {
  hasAccess: boolean;
  /** The subscription's status at the payment provider: active, trialing, past_due, canceled... */
  status: string;
}

export interface PortalResponse {
  url: string;
}

/** POST /api/members/sign-in: a sign-in link is mailed to the address. */
export interface SignInRequest {
  email: string;
  /** A path on this site to open after signing in (e.g. /professional-trading). */
  returnTo?: string;
}

/** 202 from sign-in: the same for every address, member or not. */
export interface SignInAccepted {
  message: string;
}

/** POST /api/members/sign-in/confirm: the token from the mailed link. */
export interface SignInConfirmRequest {
  token: string;
  /** The link's address, named again: needed when another browser asked for the link. */
  confirmEmail?: string;
  /** The member this browser is signed in as now: needed to switch it to the link's member. */
  switchFrom?: string;
}

/** GET /api/members/sign-in/link: who a mailed link would sign in, read without using it. */
export interface SignInLink {
  /** The address the link signs in. */
  email: string;
  /** Whether this browser asked for the link (it then signs in with one click). */
  sameBrowser: boolean;
  /** The member this browser is signed in as now, if any. */
  signedInAs: string | null;
}

/** GET /api/members/me: the signed-in member and whether they have access. */
export interface Member {
  email: string;
  hasAccess: boolean;
  /** The status of the member's subscription at the payment provider, or 'none'. */
  status: string;
}

/** 200 from sign-in confirmation: the member session cookie is set with it. */
export interface SignInConfirmed extends Member {
  /** Where to go next: the returnTo of the sign-in request, or '/account'. */
  returnTo: string;
}

/** 202 from a generate call whose job is still running; poll the GET endpoint later. */
export interface GenerationPending {
  status: 'pending';
  jobId: string;
  message: string;
}

export interface NewsletterRequest {
  email: string;
}

/** Unsubscribe or resubscribe with the signed token of a link from a newsletter e-mail. */
export interface NewsletterLinkRequest {
  token: string;
}

export interface NewsletterAnswer {
  message: string;
}

/** The one JSON error shape every service and the gateway answer with. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  requestId?: string;
}
