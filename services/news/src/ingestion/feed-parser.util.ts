import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeXmlEntities } from './text.util';

export type FeedFormat = 'rss' | 'atom' | 'rdf';

export interface ParsedFeedItem {
  guid?: string;
  link?: string;
  title?: string;
  /** Still HTML-ish: sanitised when it becomes an article. */
  description?: string;
  publishedAt?: Date;
}

export interface ParsedFeed {
  format: FeedFormat;
  items: ParsedFeedItem[];
}

export type FeedParseErrorCode = 'malformed' | 'not-a-feed' | 'dtd-not-allowed';

export class FeedParseError extends Error {
  constructor(
    readonly code: FeedParseErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FeedParseError';
  }
}

const ARRAY_PATHS = new Set([
  'rss.channel.item',
  'rdf:RDF.item',
  'feed.entry',
  'feed.entry.link',
  'rss.channel.item.category',
]);

// Entities are never processed by the parser (no DTD expansion at all); we decode the five predefined ones.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name, jpath) => ARRAY_PATHS.has(String(jpath)),
});

type XmlNode = string | number | boolean | null | undefined | { [key: string]: unknown };

function text(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'string') return node === '' ? undefined : decodeXmlEntities(node);
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return text(node[0]);
  if (typeof node === 'object') return text((node as Record<string, unknown>)['#text']);
  return undefined;
}

function attr(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const value = (node as Record<string, unknown>)[`@_${name}`];
  return typeof value === 'string' ? decodeXmlEntities(value) : undefined;
}

function parseDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? undefined : new Date(time);
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

function field(node: unknown, key: string): unknown {
  return node && typeof node === 'object' && !Array.isArray(node)
    ? (node as Record<string, unknown>)[key]
    : undefined;
}

function rssItem(item: unknown): ParsedFeedItem {
  return {
    guid: text(field(item, 'guid')),
    link: text(field(item, 'link')),
    title: text(field(item, 'title')),
    description: text(field(item, 'description')) ?? text(field(item, 'content:encoded')),
    publishedAt: parseDate(text(field(item, 'pubDate')) ?? text(field(item, 'dc:date'))),
  };
}

function atomLink(entry: unknown): string | undefined {
  const links = asArray(field(entry, 'link'));
  const alternate =
    links.find((link) => (attr(link, 'rel') ?? 'alternate') === 'alternate') ?? links[0];
  return attr(alternate, 'href') ?? text(alternate);
}

function atomEntry(entry: unknown): ParsedFeedItem {
  return {
    guid: text(field(entry, 'id')),
    link: atomLink(entry),
    title: text(field(entry, 'title')),
    description: text(field(entry, 'summary')) ?? text(field(entry, 'content')),
    publishedAt: parseDate(text(field(entry, 'published')) ?? text(field(entry, 'updated'))),
  };
}

/**
 * A document type declaration is only accepted without an internal subset: entity declarations are
 * how "billion laughs" and external-entity attacks start, and no real feed needs them.
 */
function withoutDoctype(xml: string): string {
  const start = xml.search(/<!DOCTYPE/i);
  if (start === -1) return xml;
  const end = xml.indexOf('>', start);
  const declaration = end === -1 ? xml.slice(start) : xml.slice(start, end + 1);
  if (end === -1 || declaration.includes('[') || /<!ENTITY/i.test(xml)) {
    throw new FeedParseError('dtd-not-allowed', 'The document declares a DTD or entities');
  }
  if (/^<!DOCTYPE\s+html/i.test(declaration)) {
    throw new FeedParseError('not-a-feed', 'The document is an HTML page, not a feed');
  }
  return xml.slice(0, start) + xml.slice(end + 1);
}

/** RSS 2.0 (and 0.9x/1.0) or Atom to items; anything else is a typed error. */
export function parseFeed(body: string): ParsedFeed {
  const xml = withoutDoctype(body.replace(/^\uFEFF/, '').trim());
  if (!xml.startsWith('<')) throw new FeedParseError('not-a-feed', 'The response is not XML');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    if (/^<(!--[\s\S]*?-->\s*)*<html[\s>]/i.test(xml.replace(/^<\?xml[^>]*>\s*/, ''))) {
      throw new FeedParseError('not-a-feed', 'The document is an HTML page, not a feed');
    }
    throw new FeedParseError(
      'malformed',
      `Malformed XML: ${valid.err.msg} (line ${valid.err.line})`,
    );
  }
  const root = parser.parse(xml) as Record<string, XmlNode>;
  const rss = field(root, 'rss');
  if (rss !== undefined) {
    const channel = field(rss, 'channel');
    if (channel === undefined)
      throw new FeedParseError('not-a-feed', 'RSS document without a channel');
    return { format: 'rss', items: asArray(field(channel, 'item')).map(rssItem) };
  }
  const atom = field(root, 'feed');
  if (atom !== undefined) {
    return { format: 'atom', items: asArray(field(atom, 'entry')).map(atomEntry) };
  }
  const rdf = field(root, 'rdf:RDF');
  if (rdf !== undefined) {
    return { format: 'rdf', items: asArray(field(rdf, 'item')).map(rssItem) };
  }
  if (field(root, 'html') !== undefined) {
    throw new FeedParseError('not-a-feed', 'The document is an HTML page, not a feed');
  }
  const name = Object.keys(root)[0] ?? 'nothing';
  throw new FeedParseError('not-a-feed', `The document is <${name}>, not an RSS or Atom feed`);
}
