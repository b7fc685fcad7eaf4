import { offerValidUntil, PRICE } from '@probedge/proto';
import { appConfig } from '../../lib/config';

export type JsonLd = Record<string, unknown>;

const ORGANIZATION_ID = `${appConfig.publicUrl}/#organization`;
const WEBSITE_ID = `${appConfig.publicUrl}/#website`;

/** Absolute canonical URL for an app path; query strings and trailing slashes never reach it. */
export function canonicalUrl(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '/';
  const trimmed = pathname.replace(/\/+$/, '');
  return `${appConfig.publicUrl}${trimmed === '' ? '/' : trimmed}`;
}

export function organization(): JsonLd {
  return {
    '@type': 'Organization',
    '@id': ORGANIZATION_ID,
    name: appConfig.brandName,
    url: canonicalUrl('/'),
    email: appConfig.supportEmail,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: appConfig.supportEmail,
    },
  };
}

export function webSite(): JsonLd {
  return {
    '@type': 'WebSite',
    '@id': WEBSITE_ID,
    name: appConfig.brandName,
    description: appConfig.brandSubtitle,
    url: canonicalUrl('/'),
    publisher: { '@id': ORGANIZATION_ID },
  };
}

interface PageInput {
  name: string;
  description: string;
  path: string;
}

export function webPage({ name, description, path }: PageInput, type = 'WebPage'): JsonLd {
  return {
    '@type': type,
    name,
    description,
    url: canonicalUrl(path),
    isPartOf: { '@id': WEBSITE_ID },
  };
}

export function collectionPage(input: PageInput): JsonLd {
  return webPage(input, 'CollectionPage');
}

interface ArticleInput {
  headline: string;
  description: string;
  path: string;
  datePublished: string;
  section: string;
}

export function article({
  headline,
  description,
  path,
  datePublished,
  section,
}: ArticleInput): JsonLd {
  return {
    '@type': 'Article',
    headline,
    description,
    articleSection: section,
    datePublished,
    dateModified: datePublished,
    mainEntityOfPage: canonicalUrl(path),
    author: { '@type': 'Organization', name: appConfig.brandName },
    publisher: { '@type': 'Organization', name: appConfig.brandName, url: canonicalUrl('/') },
  };
}

export function faqPage(
  questions: readonly { question: string; answer: string }[],
  path: string,
): JsonLd {
  return {
    '@type': 'FAQPage',
    url: canonicalUrl(path),
    mainEntity: questions.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

interface ProductInput {
  name: string;
  description: string;
  /** The page the offer is made on. */
  path: string;
}

/**
 * The subscription as a Product with its Offer. The end date is the build's PRICE_VALID_UNTIL while
 * it lasts, else the end of the year the page is rendered in (the gateway applies the same rule
 * to prerendered pages), so a page never advertises an expired offer.
 */
export function productOffer({ name, description, path }: ProductInput): JsonLd {
  return {
    '@type': 'Product',
    name,
    description,
    brand: { '@type': 'Brand', name: appConfig.brandName },
    offers: {
      '@type': 'Offer',
      price: PRICE.amount.toFixed(2),
      priceCurrency: PRICE.currency,
      priceValidUntil: offerValidUntil(appConfig.priceValidUntil, new Date()),
      availability: 'https://schema.org/InStock',
      url: canonicalUrl(path),
    },
  };
}

// `<` is escaped so text from the API can never close the script element early.
export function serializeJsonLd(nodes: readonly JsonLd[]): string {
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes }).replace(
    /</g,
    '\\u003c',
  );
}
