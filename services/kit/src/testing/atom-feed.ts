import { parseAtomFeed, type AtomFeed } from 'feedsmith';
import { SaxesParser } from 'saxes';

export type ParsedAtomFeed = AtomFeed.Feed<string>;

/**
 * Throws the first well-formedness error of `xml` as an XML 1.0 document. saxes, because it is a
 * conforming parser: feedsmith (fast-xml-parser) reads past bare ampersands and control characters.
 */
export function assertWellFormedXml(xml: string): void {
  const parser = new SaxesParser({ xmlns: true });
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.write(xml).close();
  if (failure) throw failure;
}

/** Reads an Atom document back with an independent feed parser, once it is known well-formed. */
export function parseAtom(xml: string): ParsedAtomFeed {
  assertWellFormedXml(xml);
  return parseAtomFeed(xml);
}

const isAbsolute = (value: string | undefined) => value !== undefined && URL.canParse(value);
const isDate = (value: string | undefined) =>
  value !== undefined && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * What RFC 4287 requires that the feed lacks, one line each ([] when nothing): feed id, title,
 * updated, author (or one on every entry) and self link; entry id, title, updated, alternate link,
 * and a summary or content.
 */
export function atomFeedProblems(feed: ParsedAtomFeed): string[] {
  const problems: string[] = [];
  const entries = feed.entries ?? [];
  if (!isAbsolute(feed.id)) problems.push(`feed id is not an absolute IRI: ${feed.id}`);
  if (!feed.title?.value) problems.push('feed has no title');
  if (!isDate(feed.updated)) problems.push(`feed updated is not an RFC 3339 date: ${feed.updated}`);
  const hasAuthor = (authors: { name?: string }[] | undefined) =>
    (authors ?? []).some((author) => author.name);
  if (!hasAuthor(feed.authors) && !entries.every((entry) => hasAuthor(entry.authors))) {
    problems.push('neither the feed nor every entry has an author');
  }
  if (!feed.links?.some((link) => link.rel === 'self' && isAbsolute(link.href))) {
    problems.push('feed has no rel="self" link');
  }
  entries.forEach((entry, index) => {
    const where = `entry ${index} (${entry.id})`;
    if (!isAbsolute(entry.id)) problems.push(`${where}: id is not an absolute IRI`);
    if (!entry.title?.value) problems.push(`${where}: no title`);
    if (!isDate(entry.updated)) problems.push(`${where}: updated is not an RFC 3339 date`);
    const alternate = entry.links?.find((link) => (link.rel ?? 'alternate') === 'alternate');
    if (!isAbsolute(alternate?.href)) problems.push(`${where}: no rel="alternate" link`);
    if (!entry.summary?.value && !entry.content?.value)
      problems.push(`${where}: no summary or content`);
  });
  const ids = entries.map((entry) => entry.id);
  if (new Set(ids).size !== ids.length) problems.push('entry ids are not unique');
  return problems;
}
