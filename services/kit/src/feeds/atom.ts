import { ATOM_MEDIA_TYPE } from '@probedge/proto';

export const ATOM_CONTENT_TYPE = `${ATOM_MEDIA_TYPE}; charset=utf-8`;

export interface AtomCategory {
  term: string;
  label?: string;
}

export interface AtomEntry {
  /** A stable, absolute IRI: readers tell entries apart by it, so it never changes. */
  id: string;
  /** Plain text. */
  title: string;
  /** The entry's page (rel="alternate"). */
  url: string;
  published?: Date;
  updated: Date;
  /** Plain text. */
  summary?: string;
  /** HTML, written escaped into <content type="html">; the caller decides what it may contain. */
  contentHtml?: string;
  categories?: readonly AtomCategory[];
}

export interface AtomFeed {
  /** A stable, absolute IRI. */
  id: string;
  title: string;
  subtitle?: string;
  /** Where the feed itself is served (rel="self"). */
  selfUrl: string;
  /** The site page the feed follows (rel="alternate"). */
  alternateUrl: string;
  updated: Date;
  /** The feed's author, which every entry inherits. */
  authorName: string;
  entries: readonly AtomEntry[];
}

/**
 * Every character XML 1.0 does not allow (its `Char` production): C0 controls but tab, newline and
 * carriage return; lone surrogates; U+FFFE and U+FFFF. A parser refuses a document with any of them.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const TEXT_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A literal carriage return would be read back as a newline.
  '\r': '&#13;',
};

// An attribute value's tabs and newlines would be read back as spaces.
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '\t': '&#9;', '\n': '&#10;' };

/** Text as XML character data: forbidden characters dropped, markup characters escaped. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, '').replace(/[&<>"'\r]/g, (char) => TEXT_ESCAPES[char]!);
}

function xmlAttribute(value: string): string {
  return value
    .replace(NOT_XML_CHAR, '')
    .replace(/[&<>"'\t\n\r]/g, (char) => ATTRIBUTE_ESCAPES[char]!);
}

/** RFC 3339 in UTC, to the second. */
export function rfc3339(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('An Atom date must be a valid date');
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function absoluteIri(value: string, what: string): string {
  if (!URL.canParse(value)) throw new TypeError(`${what} must be an absolute IRI: ${value}`);
  return value;
}

function element(name: string, text: string, attributes = ''): string {
  return `<${name}${attributes}>${xmlText(text)}</${name}>`;
}

function link(rel: string, type: string, href: string): string {
  return `<link rel="${rel}" type="${type}" href="${xmlAttribute(href)}"/>`;
}

function entryXml(entry: AtomEntry): string[] {
  if (entry.summary === undefined && entry.contentHtml === undefined) {
    throw new TypeError(`Atom entry ${entry.id} needs a summary or content`);
  }
  return [
    '  <entry>',
    `    ${element('id', absoluteIri(entry.id, 'An entry id'))}`,
    `    ${element('title', entry.title)}`,
    `    ${link('alternate', 'text/html', absoluteIri(entry.url, 'An entry link'))}`,
    ...(entry.published ? [`    ${element('published', rfc3339(entry.published))}`] : []),
    `    ${element('updated', rfc3339(entry.updated))}`,
    ...(entry.categories ?? []).map(
      ({ term, label }) =>
        `    <category term="${xmlAttribute(term)}"${label === undefined ? '' : ` label="${xmlAttribute(label)}"`}/>`,
    ),
    ...(entry.summary === undefined ? [] : [`    ${element('summary', entry.summary)}`]),
    ...(entry.contentHtml === undefined
      ? []
      : [`    ${element('content', entry.contentHtml, ' type="html"')}`]),
    '  </entry>',
  ];
}

/** An Atom 1.0 document (RFC 4287) with the elements it requires, as UTF-8 text. */
export function renderAtomFeed(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  ${element('id', absoluteIri(feed.id, 'The feed id'))}`,
    `  ${element('title', feed.title)}`,
    ...(feed.subtitle === undefined ? [] : [`  ${element('subtitle', feed.subtitle)}`]),
    `  ${element('updated', rfc3339(feed.updated))}`,
    `  <author>${element('name', feed.authorName)}</author>`,
    `  ${link('self', ATOM_MEDIA_TYPE, absoluteIri(feed.selfUrl, 'The self link'))}`,
    `  ${link('alternate', 'text/html', absoluteIri(feed.alternateUrl, 'The alternate link'))}`,
    ...feed.entries.flatMap(entryXml),
    '</feed>',
    '',
  ].join('\n');
}
