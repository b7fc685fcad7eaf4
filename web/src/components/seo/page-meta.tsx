import { useLocation } from 'react-router-dom';
import { ATOM_MEDIA_TYPE, SITE_FEEDS, siteFeedTitle, type SiteFeed } from '@probedge/proto';
import { appConfig } from '../../lib/config';
import { canonicalUrl, serializeJsonLd, type JsonLd } from './structured-data';

interface PageMetaProps {
  /** The page's own title; the brand is appended. */
  title: string;
  description: string;
  keywords: readonly string[];
  /** Canonical path; defaults to the current path. */
  path?: string;
  type?: 'website' | 'article';
  structuredData?: readonly JsonLd[];
  /** For screens that should stay out of search results, such as not-found. */
  noIndex?: boolean;
  /** Atom feeds of what the page shows, announced to feed readers and browsers. */
  feeds?: readonly SiteFeed[];
}

// React hoists <title>, <meta> and <link> into <head> and removes them when the page unmounts.
export function PageMeta({
  title,
  description,
  keywords,
  path,
  type = 'website',
  structuredData = [],
  noIndex = false,
  feeds = [],
}: PageMetaProps) {
  const location = useLocation();
  const url = canonicalUrl(path ?? location.pathname);
  const fullTitle = `${title} | ${appConfig.brandName}`;

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords.join(', ')} />
      {noIndex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      <meta property="og:site_name" content={appConfig.brandName} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {feeds.map((feed) => (
        <link
          key={feed}
          rel="alternate"
          type={ATOM_MEDIA_TYPE}
          title={siteFeedTitle(feed, appConfig.brandName)}
          href={SITE_FEEDS[feed].path}
        />
      ))}
      {structuredData.length > 0 && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(structuredData) }}
        />
      )}
    </>
  );
}
