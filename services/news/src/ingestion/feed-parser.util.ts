import { SaxesParser } from 'saxes';

export type FeedFormat = 'rss' | 'atom' | 'rdf' | 'json';

export interface ParsedFeedItem {
  guid?: string;
  link?: string;
  title?: string;
  /** Still HTML-ish: sanitised when it becomes an article. */
  description?: string;
  publishedAt?: Date;
  /** Atom's xml:base in force for the entry (entry over feed), to resolve a relative link against. */
  base?: string;
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

/**
 * Elements whose content may be markup (escaped, in CDATA, or plain XHTML children): kept as the
 * text between their tags with child elements written back as tags, so nothing inside is lost to
 * the tree.
 */
const TEXT_ELEMENTS = new Set(['title', 'description', 'content:encoded', 'content', 'summary']);

/**
 * Slips real feeds make that cost no text, so the document is still read: an undeclared named
 * reference (`&nbsp;`, `&ouml;`) or a reference to a character XML forbids stays as written and is
 * decoded as HTML later; a raw control character is dropped when the text is cleaned.
 */
const TOLERATED = /: (undefined entity|malformed character entity|disallowed character)\.$/;

type XmlObject = { [key: string]: unknown };

interface OpenElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlObject | undefined;
  text: string;
}

function addChild(parent: XmlObject, name: string, value: unknown): void {
  const existing = parent[name];
  if (existing === undefined) parent[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

/**
 * The document as a tree, in one pass of a conforming XML parser (saxes), which is also the
 * well-formedness check: an element is its text when it has neither attributes nor children, else
 * an object of its children by name (repeated names as arrays), attributes as `@_name` and text as
 * `#text`. Entity and character references are decoded by the parser; no DTD is ever read.
 */
function parseXml(xml: string): XmlObject {
  const parser = new SaxesParser({ xmlns: false, position: true } as const);
  const root: XmlObject = {};
  const stack: OpenElement[] = [];
  /** Depth of child elements inside the text element being read; -1 outside one. */
  let markupDepth = -1;
  /** A self-closed child inside a text element: its close event follows at once and is skipped. */
  let selfClosed = false;
  parser.on('error', (error) => {
    if (TOLERATED.test(error.message)) return;
    throw new FeedParseError('malformed', `Malformed XML: ${error.message}`);
  });
  parser.on('opentag', (tag) => {
    if (markupDepth >= 0) {
      const current = stack[stack.length - 1]!;
      current.text += `<${tag.name}>`;
      if (tag.isSelfClosing) selfClosed = true;
      else markupDepth += 1;
      return;
    }
    stack.push({ name: tag.name, attributes: tag.attributes, children: undefined, text: '' });
    if (TEXT_ELEMENTS.has(tag.name)) markupDepth = 0;
  });
  const onText = (text: string) => {
    const current = stack[stack.length - 1];
    if (current) current.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    if (selfClosed) {
      selfClosed = false;
      return;
    }
    if (markupDepth > 0) {
      markupDepth -= 1;
      stack[stack.length - 1]!.text += `</${tag.name}>`;
      return;
    }
    markupDepth = -1;
    const element = stack.pop()!;
    const text = element.text.trim();
    const names = Object.keys(element.attributes);
    let value: unknown = text;
    if (element.children || names.length > 0) {
      const node: XmlObject = element.children ?? {};
      for (const name of names) node[`@_${name}`] = element.attributes[name];
      if (text !== '') node['#text'] = text;
      value = node;
    }
    const parent = stack[stack.length - 1];
    if (parent) addChild((parent.children ??= {}), element.name, value);
    else addChild(root, element.name, value);
  });
  parser.write(xml).close();
  return root;
}

function text(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'string') return node.trim() === '' ? undefined : node.trim();
  if (Array.isArray(node)) return text(node[0]);
  if (typeof node === 'object') return text((node as Record<string, unknown>)['#text']);
  return undefined;
}

function attr(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const value = (node as Record<string, unknown>)[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
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
    // Whichever holds text: many feeds leave one of the two empty or put only a teaser in it.
    description: text(field(item, 'description')) ?? text(field(item, 'content:encoded')),
    publishedAt: parseDate(text(field(item, 'pubDate')) ?? text(field(item, 'dc:date'))),
  };
}

/** xml:base of a node resolved against the base it sits in; kept as given when it cannot be. */
function baseOf(node: unknown, outer: string | undefined): string | undefined {
  const own = attr(node, 'xml:base');
  if (!own) return outer;
  if (!outer) return own;
  try {
    return new URL(own, outer).href;
  } catch {
    return own;
  }
}

function atomLink(entry: unknown): string | undefined {
  const links = asArray(field(entry, 'link'));
  const alternate =
    links.find((link) => (attr(link, 'rel') ?? 'alternate') === 'alternate') ?? links[0];
  return attr(alternate, 'href') ?? text(alternate);
}

function atomEntry(entry: unknown, feedBase: string | undefined): ParsedFeedItem {
  const base = baseOf(entry, feedBase);
  return {
    base,
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

/** An HTML page (a site's front page or an error page where a feed was expected), not broken XML. */
function looksLikeHtml(document: string): boolean {
  const head = document.slice(0, 2048).replace(/<!--[\s\S]*?-->/g, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(head);
}

const JSON_FEED_VERSION = /^https?:\/\/jsonfeed\.org\/version\/1(\.\d+)?$/;

function jsonString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** JSON Feed 1.0/1.1 (https://www.jsonfeed.org/version/1.1/): its items in the same shape. */
function parseJsonFeed(body: string): ParsedFeed {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch (error) {
    throw new FeedParseError('malformed', `Malformed JSON: ${(error as Error).message}`);
  }
  const version = jsonString(field(document, 'version'));
  if (!version || !JSON_FEED_VERSION.test(version)) {
    throw new FeedParseError('not-a-feed', 'The document is JSON, but not a JSON Feed');
  }
  const items = asArray(field(document, 'items')).map((item): ParsedFeedItem => {
    const id = field(item, 'id');
    return {
      guid: typeof id === 'number' ? String(id) : jsonString(id),
      link: jsonString(field(item, 'url')) ?? jsonString(field(item, 'external_url')),
      title: jsonString(field(item, 'title')),
      description:
        jsonString(field(item, 'summary')) ??
        jsonString(field(item, 'content_html')) ??
        jsonString(field(item, 'content_text')),
      publishedAt: parseDate(
        jsonString(field(item, 'date_published')) ?? jsonString(field(item, 'date_modified')),
      ),
    };
  });
  return { format: 'json', items };
}

/** RSS 2.0 (and 0.9x/1.0), RDF, Atom or JSON Feed to items; anything else is a typed error. */
export function parseFeed(body: string): ParsedFeed {
  const trimmed = body.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('{')) return parseJsonFeed(trimmed);
  const xml = withoutDoctype(trimmed);
  if (!xml.startsWith('<')) throw new FeedParseError('not-a-feed', 'The response is not XML');
  let root: XmlObject;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof FeedParseError && looksLikeHtml(xml)) {
      throw new FeedParseError('not-a-feed', 'The document is an HTML page, not a feed');
    }
    throw error;
  }
  const rss = field(root, 'rss');
  if (rss !== undefined) {
    const channel = field(rss, 'channel');
    if (channel === undefined)
      throw new FeedParseError('not-a-feed', 'RSS document without a channel');
    return { format: 'rss', items: asArray(field(channel, 'item')).map(rssItem) };
  }
  const atom = field(root, 'feed');
  if (atom !== undefined) {
    const feedBase = baseOf(atom, undefined);
    return {
      format: 'atom',
      items: asArray(field(atom, 'entry')).map((entry) => atomEntry(entry, feedBase)),
    };
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
