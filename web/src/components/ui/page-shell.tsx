import type { ReactNode } from 'react';
import type { SiteFeed } from '@probedge/proto';
import { PageMeta } from '../seo/page-meta';
import { collectionPage, webPage, type JsonLd } from '../seo/structured-data';
import { PageContainer, ReadingContainer } from './page.styles';

interface ShellBase {
  /** The page's own title; the brand is appended in the head. */
  title: string;
  description: string;
  keywords: readonly string[];
  /** Atom feeds of what the page shows. */
  feeds?: readonly SiteFeed[];
  /** The narrower column of a page that is mostly prose. */
  reading?: boolean;
  children: ReactNode;
}

interface ListedShell extends ShellBase {
  /** What the page is to search engines: a page of its own, or a list of other pages. */
  kind: 'page' | 'collection';
  path: string;
  /** The page's name in its structured data, where it differs from the title. */
  name?: string;
  /** Structured data after the page's own, such as the offer it makes. */
  structuredData?: readonly JsonLd[];
}

interface UnlistedShell extends ShellBase {
  /** A screen kept out of search results, such as sign-in or not-found. */
  kind: 'unlisted';
  /** Canonical path; defaults to the current path. */
  path?: string;
}

type PageShellProps = ListedShell | UnlistedShell;

function ownData(props: ListedShell): JsonLd[] {
  const input = {
    name: props.name ?? props.title,
    description: props.description,
    path: props.path,
  };
  const own = props.kind === 'collection' ? collectionPage(input) : webPage(input);
  return [own, ...(props.structuredData ?? [])];
}

/** A page's container with its head: title, description, keywords, canonical and structured data. */
export function PageShell(props: PageShellProps) {
  const { title, description, keywords, feeds, reading = false, children } = props;
  const Container = reading ? ReadingContainer : PageContainer;
  const unlisted = props.kind === 'unlisted';
  return (
    <Container>
      <PageMeta
        title={title}
        description={description}
        keywords={keywords}
        path={props.path}
        noIndex={unlisted}
        structuredData={unlisted ? [] : ownData(props)}
        feeds={feeds}
      />
      {children}
    </Container>
  );
}
