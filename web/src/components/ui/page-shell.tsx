import type { ReactNode } from 'react';
import type { SiteFeed } from '@probedge/proto';
import { PageMeta } from '../seo/page-meta';
import { collectionPage, productOffer, webPage, type JsonLd } from '../seo/structured-data';
import { PageContainer, ReadingContainer } from './page.styles';

interface HeadBase {
  /** The page's own title; the brand is appended in the head. */
  title: string;
  description: string;
  keywords: readonly string[];
}

interface ListedHead extends HeadBase {
  /** What the page is to search engines: a page of its own, or a list of other pages. */
  kind: 'page' | 'collection';
  path: string;
  /** The page's name in its structured data, where it differs from the title. */
  name?: string;
}

interface UnlistedHead extends HeadBase {
  /** A screen kept out of search results, such as sign-in or not-found. */
  kind: 'unlisted';
  /** Canonical path; defaults to the current path. */
  path?: string;
}

/** What a page tells browsers and search engines about itself. */
export type PageHead = ListedHead | UnlistedHead;

interface PageShellProps {
  head: PageHead;
  /** Structured data after the page's own, such as the offer it makes. */
  structuredData?: readonly JsonLd[];
  /** The page offers the subscription under its own title and description. */
  offer?: boolean;
  /** Atom feeds of what the page shows. */
  feeds?: readonly SiteFeed[];
  /** The narrower column of a page that is mostly prose. */
  reading?: boolean;
  children: ReactNode;
}

function ownData(head: ListedHead): JsonLd {
  const input = { name: head.name ?? head.title, description: head.description, path: head.path };
  return head.kind === 'collection' ? collectionPage(input) : webPage(input);
}

/** A page's container with its head: title, description, keywords, canonical and structured data. */
export function PageShell({
  head,
  structuredData = [],
  offer = false,
  feeds,
  reading = false,
  children,
}: PageShellProps) {
  const Container = reading ? ReadingContainer : PageContainer;
  const unlisted = head.kind === 'unlisted';
  const offered =
    offer && !unlisted
      ? [productOffer({ name: head.title, description: head.description, path: head.path })]
      : [];
  return (
    <Container>
      <PageMeta
        title={head.title}
        description={head.description}
        keywords={head.keywords}
        path={head.path}
        noIndex={unlisted}
        structuredData={unlisted ? [] : [ownData(head), ...offered, ...structuredData]}
        feeds={feeds}
      />
      {children}
    </Container>
  );
}
