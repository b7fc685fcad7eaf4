import { SaxesParser, type SaxesAttributeNS } from 'saxes';
import type { TextType } from './text.util';

export type FeedFormat = 'rss' | 'atom' | 'rdf' | 'json';

export interface ParsedFeedItem {
  guid?: string;
  link?: string;
  title?: string;
  /** 'text' when the title is plain text, whatever it holds; absent, it is HTML. */
  titleType?: TextType;
  /**
   * The item's summary (RSS description, Atom summary, JSON Feed summary), still HTML-ish:
   * sanitised when it becomes an article.
   */
  description?: string;
  /** 'text' when the description is plain text, whatever it holds; absent, it is HTML. */
  descriptionType?: TextType;
  /**
   * The item's full article (RSS content:encoded, Atom content, JSON Feed content_html or
   * content_text), beside the summary and as raw: sanitised when it becomes an article.
   */
  content?: string;
  /** 'text' when the content is plain text, whatever it holds; absent, it is HTML. */
  contentType?: TextType;
  publishedAt?: Date;
  /** The xml:base in force for the link (link over item over channel or feed). */
  base?: string;
}

/**
 * A slip in a document the parser reads past instead of refusing it: a bare `&` escaped
 * (`ampersand`), an undeclared named or malformed character reference kept as written (`entity`), a
 * character XML forbids (`character`), or a namespace prefix bound to nothing or against the rules,
 * or an RSS element read out of a default namespace the document declares by mistake (`namespace`).
 * `charset` is the fetcher's: an encoding told from the bytes because nothing declared it.
 */
export type FeedRecovery = 'ampersand' | 'entity' | 'character' | 'namespace' | 'charset';

export interface ParsedFeed {
  format: FeedFormat;
  items: ParsedFeedItem[];
  /** The recoveries the document needed, each once; absent when it needed none. */
  recoveries?: FeedRecovery[];
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
 * Namespaces feeds are read in, by URI, with the prefix their elements are known by here whatever
 * prefix a document binds ('' for the namespaces whose elements are read by their bare names, as
 * RSS 2.0's elements have no namespace). An element of any other namespace, or with a prefix bound
 * to nothing, keeps the name it is written with.
 */
const NAMESPACES = new Map<string, string>([
  ['http://www.w3.org/2005/Atom', 'atom'],
  ['http://purl.org/atom/ns#', 'atom'],
  ['http://purl.org/rss/1.0/', ''],
  ['http://my.netscape.com/rdf/simple/0.9/', ''],
  ['http://backend.userland.com/rss2', ''],
  ['http://blogs.law.harvard.edu/tech/rss', ''],
  ['http://www.w3.org/1999/02/22-rdf-syntax-ns#', 'rdf'],
  ['http://purl.org/rss/1.0/modules/content/', 'content'],
  ['http://purl.org/dc/elements/1.1/', 'dc'],
  ['http://www.w3.org/1999/xhtml', 'xhtml'],
  ['http://www.w3.org/XML/1998/namespace', 'xml'],
]);
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

function nameIn(uri: string, local: string, written: string): string {
  const prefix = NAMESPACES.get(uri);
  if (prefix === undefined) return written;
  return prefix === '' ? local : `${prefix}:${local}`;
}

/**
 * Elements whose content may be markup (escaped, in CDATA, or plain XHTML children): kept as the
 * text between their tags with child elements written back as tags, so nothing inside is lost to
 * the tree.
 */
const TEXT_ELEMENTS = new Set([
  'title',
  'description',
  'content:encoded',
  'content',
  'summary',
  'atom:title',
  'atom:content',
  'atom:summary',
]);

/**
 * Slips real feeds make that cost no text, so the document is still read: an undeclared named
 * reference (`&nbsp;`, `&ouml;`) or a reference to a character XML forbids stays as written and is
 * decoded as HTML later; a raw control character is dropped when the text is cleaned; a prefix
 * bound to nothing, or bound against the rules of XML namespaces, leaves the element its written
 * name, as an XML reader without namespaces reads it.
 */
const TOLERATED =
  /: (undefined entity\.|malformed character entity\.|disallowed character\.|unbound namespace prefix: .*|malformed name: .*|invalid attempt to undefine prefix in XML 1\.0|xml prefix must be bound to .*|xmlns prefix must be bound to .*|the default namespace may not be set to .*|may not assign the xml namespace to another prefix\.|tags may not have "xmlns" as prefix\.)$/;

/** Which recovery a tolerated parser error is; every other tolerated error is a namespace slip. */
function recoveryOf(message: string): FeedRecovery {
  if (/: (undefined entity|malformed character entity)\.$/.test(message)) return 'entity';
  if (message.endsWith(': disallowed character.')) return 'character';
  return 'namespace';
}

/** Set on a text element that held child elements: its text is markup, whatever its type says. */
const MARKUP = '#markup';

type XmlObject = { [key: string]: unknown };

interface OpenElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlObject | undefined;
  text: string;
  markup: boolean;
}

function addChild(parent: XmlObject, name: string, value: unknown): void {
  const existing = parent[name];
  if (existing === undefined) parent[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

function attributesOf(attributes: Record<string, SaxesAttributeNS>): Record<string, string> {
  const named: Record<string, string> = {};
  for (const attribute of Object.values(attributes)) {
    if (attribute.uri === XMLNS_NAMESPACE) continue;
    const name =
      attribute.prefix === ''
        ? attribute.local
        : nameIn(attribute.uri, attribute.local, attribute.name);
    named[name] = attribute.value;
  }
  return named;
}

/**
 * The document as a tree, in one pass of a conforming, namespace-aware XML parser (saxes), which is
 * also the well-formedness check: an element is its text when it has neither attributes nor
 * children, else an object of its children by name (repeated names as arrays), attributes as
 * `@_name` and text as `#text`. Names are those of NAMESPACES, so `<a:entry>` with `a` bound to
 * Atom is `atom:entry` like `<entry>` in Atom's default namespace. Entity and character references
 * are decoded by the parser; no DTD is ever read.
 */
function parseXml(xml: string, recoveries: Set<FeedRecovery>): XmlObject {
  const parser = new SaxesParser({ xmlns: true, position: true } as const);
  const root: XmlObject = {};
  const stack: OpenElement[] = [];
  /** Depth of child elements inside the text element being read; -1 outside one. */
  let markupDepth = -1;
  /** A self-closed child inside a text element: its close event follows at once and is skipped. */
  let selfClosed = false;
  /**
   * Under an unprefixed `<rss>` root, unprefixed elements are RSS's, whatever default namespace the
   * document declares: RSS 2.0 has none, so one declared (often Atom's) is a slip.
   */
  let rssRoot = false;
  parser.on('error', (error) => {
    if (TOLERATED.test(error.message)) {
      recoveries.add(recoveryOf(error.message));
      return;
    }
    throw new FeedParseError('malformed', `Malformed XML: ${error.message}`);
  });
  parser.on('opentag', (tag) => {
    if (markupDepth >= 0) {
      const current = stack[stack.length - 1]!;
      current.markup = true;
      current.text += `<${tag.uri === XHTML_NAMESPACE ? tag.local : tag.name}>`;
      if (tag.isSelfClosing) selfClosed = true;
      else markupDepth += 1;
      return;
    }
    if (stack.length === 0) rssRoot = tag.prefix === '' && tag.local === 'rss';
    // Only a declared namespace that would have renamed the element makes this a recovery.
    if (rssRoot && tag.prefix === '' && (NAMESPACES.get(tag.uri) ?? '') !== '')
      recoveries.add('namespace');
    const name = rssRoot && tag.prefix === '' ? tag.local : nameIn(tag.uri, tag.local, tag.name);
    stack.push({
      name,
      attributes: attributesOf(tag.attributes),
      children: undefined,
      text: '',
      markup: false,
    });
    if (TEXT_ELEMENTS.has(name)) markupDepth = 0;
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
      stack[stack.length - 1]!.text += `</${tag.uri === XHTML_NAMESPACE ? tag.local : tag.name}>`;
      return;
    }
    markupDepth = -1;
    const element = stack.pop()!;
    const text = element.text.trim();
    const names = Object.keys(element.attributes);
    let value: unknown = text;
    if (element.children || names.length > 0 || element.markup) {
      const node: XmlObject = element.children ?? {};
      for (const name of names) node[`@_${name}`] = element.attributes[name];
      if (text !== '') node['#text'] = text;
      if (element.markup) node[MARKUP] = true;
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

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function field(node: unknown, key: string): unknown {
  return node && typeof node === 'object' && !Array.isArray(node)
    ? (node as Record<string, unknown>)[key]
    : undefined;
}

/**
 * 'text' for a text element that holds plain text, given the type its feed format or its type
 * attribute says; undefined for HTML, for an element that held child elements (markup, whatever its
 * type says) and for an empty one.
 */
function textTypeOf(node: unknown, type: TextType): TextType | undefined {
  if (text(node) === undefined || field(first(node), MARKUP) === true) return undefined;
  return type === 'text' ? 'text' : undefined;
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

/** RSS's title is plain text and its description HTML (RSS 2.0 specification). */
function rssItem(item: unknown, outerBase: string | undefined): ParsedFeedItem {
  const link = first(field(item, 'link'));
  const title = field(item, 'title');
  return {
    base: baseOf(link, baseOf(item, outerBase)),
    guid: text(field(item, 'guid')),
    link: text(link),
    title: text(title),
    titleType: textTypeOf(title, 'text'),
    // Both are kept: the description is often a teaser of the content, or empty.
    description: text(field(item, 'description')),
    content: text(field(item, 'content:encoded')),
    publishedAt: parseDate(text(field(item, 'pubDate')) ?? text(field(item, 'dc:date'))),
  };
}

/** An Atom element, in Atom's namespace or, in a feed that declares none, in no namespace. */
function atomField(node: unknown, local: string): unknown {
  return field(node, `atom:${local}`) ?? field(node, local);
}

/** An Atom text construct's type (RFC 4287, 3.1.1); Atom 0.3 gives a media type instead. */
function atomTextType(node: unknown): TextType {
  const type = attr(first(node), 'type')?.trim().toLowerCase() ?? 'text';
  return type.includes('html') ? 'html' : 'text';
}

/**
 * An entry's content when it is text or markup: content given by reference (`src`) holds none, and
 * a media type other than text or XML is base64 data (RFC 4287, 4.1.3.3).
 */
function atomContent(entry: unknown): unknown {
  const content = atomField(entry, 'content');
  const type = attr(first(content), 'type')?.trim().toLowerCase();
  if (type && type.includes('/') && !type.startsWith('text/') && !type.includes('xml')) {
    return undefined;
  }
  return content;
}

function atomLink(entry: unknown): unknown {
  const links = asArray(atomField(entry, 'link'));
  return links.find((link) => (attr(link, 'rel') ?? 'alternate') === 'alternate') ?? links[0];
}

function atomEntry(entry: unknown, feedBase: string | undefined): ParsedFeedItem {
  const link = atomLink(entry);
  const title = atomField(entry, 'title');
  const summary = atomField(entry, 'summary');
  const content = atomContent(entry);
  return {
    base: baseOf(link, baseOf(entry, feedBase)),
    guid: text(atomField(entry, 'id')),
    link: attr(link, 'href') ?? text(link),
    title: text(title),
    titleType: textTypeOf(title, atomTextType(title)),
    description: text(summary),
    descriptionType: textTypeOf(summary, atomTextType(summary)),
    content: text(content),
    contentType: textTypeOf(content, atomTextType(content)),
    publishedAt: parseDate(
      text(atomField(entry, 'published')) ??
        text(atomField(entry, 'updated')) ??
        // Atom 0.3's names for the two.
        text(atomField(entry, 'issued')) ??
        text(atomField(entry, 'modified')),
    ),
  };
}

/** Whitespace, the XML declaration, comments and processing instructions before the DOCTYPE. */
const PROLOG_ITEM = /\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->/y;

/**
 * A document type declaration is only accepted without an internal subset: entity declarations are
 * how "billion laughs" and external-entity attacks start, and no real feed needs them. Only the
 * prolog can hold one; `<!DOCTYPE` further on is text of a CDATA section or a comment, or an error
 * the parser reports.
 */
function withoutDoctype(xml: string): string {
  let start = 0;
  PROLOG_ITEM.lastIndex = 0;
  while (PROLOG_ITEM.exec(xml) !== null) start = PROLOG_ITEM.lastIndex;
  if (!/^<!DOCTYPE/i.test(xml.slice(start, start + 9))) return xml;
  const end = xml.indexOf('>', start);
  const declaration = end === -1 ? xml.slice(start) : xml.slice(start, end + 1);
  if (end === -1 || declaration.includes('[')) {
    throw new FeedParseError('dtd-not-allowed', 'The document declares a DTD or entities');
  }
  if (/^<!DOCTYPE\s+html/i.test(declaration)) {
    throw new FeedParseError('not-a-feed', 'The document is an HTML page, not a feed');
  }
  return xml.slice(0, start) + xml.slice(end + 1);
}

/** An `&` that starts no entity or character reference. */
const BARE_AMPERSAND = /&(?!(?:#\d+|#x[\da-fA-F]+|[A-Za-z_:][\w.:-]*);)/;
/** The same, outside CDATA sections and comments, whose text is never read for references. */
const BARE_AMPERSAND_IN_MARKUP =
  /<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<!--[\s\S]*?(?:-->|$)|&(?!(?:#\d+|#x[\da-fA-F]+|[A-Za-z_:][\w.:-]*);)/g;

/**
 * Every bare `&` (`AT&T`, `?a=1&b=2`) escaped, as browsers and forgiving readers take it: a literal
 * ampersand. Only an ampersand changes, so no element, attribute or item can appear that the
 * document does not hold.
 */
function withAmpersandsEscaped(xml: string): string {
  if (!BARE_AMPERSAND.test(xml)) return xml;
  return xml.replace(BARE_AMPERSAND_IN_MARKUP, (match) => (match === '&' ? '&amp;' : match));
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
    const title = jsonString(field(item, 'title'));
    // Of the three, only content_html is HTML; summary and content_text are plain text.
    const summary = jsonString(field(item, 'summary'));
    const html = jsonString(field(item, 'content_html'));
    const content = html ?? jsonString(field(item, 'content_text'));
    return {
      guid: typeof id === 'number' ? String(id) : jsonString(id),
      link: jsonString(field(item, 'url')) ?? jsonString(field(item, 'external_url')),
      title,
      titleType: title === undefined ? undefined : 'text',
      description: summary,
      descriptionType: summary === undefined ? undefined : 'text',
      content,
      contentType: content === undefined || html !== undefined ? undefined : 'text',
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
  const unescaped = withoutDoctype(trimmed);
  const xml = withAmpersandsEscaped(unescaped);
  if (!xml.startsWith('<')) throw new FeedParseError('not-a-feed', 'The response is not XML');
  const recoveries = new Set<FeedRecovery>();
  if (xml !== unescaped) recoveries.add('ampersand');
  let root: XmlObject;
  try {
    root = parseXml(xml, recoveries);
  } catch (error) {
    if (error instanceof FeedParseError && looksLikeHtml(xml)) {
      throw new FeedParseError('not-a-feed', 'The document is an HTML page, not a feed');
    }
    throw error;
  }
  const feed = readFeed(root);
  return recoveries.size > 0 ? { ...feed, recoveries: [...recoveries] } : feed;
}

/** The items of a parsed XML document, by its root: RSS, Atom or RDF. */
function readFeed(root: XmlObject): ParsedFeed {
  const rss = field(root, 'rss');
  if (rss !== undefined) {
    const channel = field(rss, 'channel');
    if (channel === undefined)
      throw new FeedParseError('not-a-feed', 'RSS document without a channel');
    const base = baseOf(channel, baseOf(rss, undefined));
    return {
      format: 'rss',
      items: asArray(field(channel, 'item')).map((item) => rssItem(item, base)),
    };
  }
  const atom = atomField(root, 'feed');
  if (atom !== undefined) {
    const feedBase = baseOf(atom, undefined);
    return {
      format: 'atom',
      items: asArray(atomField(atom, 'entry')).map((entry) => atomEntry(entry, feedBase)),
    };
  }
  const rdf = field(root, 'rdf:RDF');
  if (rdf !== undefined) {
    // RSS 1.0 puts its items beside the channel, not in it.
    const base = baseOf(rdf, undefined);
    return { format: 'rdf', items: asArray(field(rdf, 'item')).map((item) => rssItem(item, base)) };
  }
  if (field(root, 'html') !== undefined || field(root, 'xhtml:html') !== undefined) {
    throw new FeedParseError('not-a-feed', 'The document is an HTML page, not a feed');
  }
  const name = Object.keys(root)[0] ?? 'nothing';
  throw new FeedParseError('not-a-feed', `The document is <${name}>, not an RSS or Atom feed`);
}
