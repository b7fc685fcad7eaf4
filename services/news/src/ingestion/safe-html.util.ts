import { decodeHTML } from 'entities';
import { escapeHtml } from '@probedge/kit';
import { isMarkup, truncateAtWord, type TextType } from './text.util';

/**
 * The elements an article body keeps, each with the attributes it keeps. Everything here is inert:
 * no element loads anything (no images, media or frames, which would also call third parties when
 * the body is shown), runs anything or takes input, and no attribute is a style, an event handler
 * or an id or class the site's own styles or scripts could pick up.
 */
const ALLOWED: ReadonlyMap<string, readonly string[]> = new Map([
  ['a', ['href', 'title']],
  ['abbr', ['title']],
  ['b', []],
  ['blockquote', []],
  ['br', []],
  ['caption', []],
  ['cite', []],
  ['code', []],
  ['dd', []],
  ['del', []],
  ['div', []],
  ['dl', []],
  ['dt', []],
  ['em', []],
  ['figcaption', []],
  ['figure', []],
  ['h2', []],
  ['h3', []],
  ['h4', []],
  ['h5', []],
  ['h6', []],
  ['hr', []],
  ['i', []],
  ['ins', []],
  ['li', []],
  ['mark', []],
  ['ol', ['start']],
  ['p', []],
  ['pre', []],
  ['q', []],
  ['s', []],
  ['small', []],
  ['span', []],
  ['strong', []],
  ['sub', []],
  ['sup', []],
  ['table', []],
  ['tbody', []],
  ['td', ['colspan', 'rowspan']],
  ['tfoot', []],
  ['th', ['colspan', 'rowspan']],
  ['thead', []],
  ['tr', []],
  ['u', []],
  ['ul', []],
]);

/** Kept under another name: the page around the body has the only h1, and old tags have new ones. */
const RENAMED: ReadonlyMap<string, string> = new Map([
  ['h1', 'h2'],
  ['article', 'div'],
  ['aside', 'div'],
  ['center', 'div'],
  ['footer', 'div'],
  ['header', 'div'],
  ['main', 'div'],
  ['section', 'div'],
  ['strike', 's'],
  ['tt', 'code'],
]);

/** Elements dropped with everything inside them: code, styles, embedded documents, form controls. */
const DROPPED_WITH_CONTENT = new Set([
  'applet',
  'head',
  'iframe',
  'math',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'script',
  'select',
  'style',
  'svg',
  'template',
  'textarea',
  'title',
  'xmp',
]);

const VOID = new Set(['br', 'hr']);

/** Elements a new one of the same name closes, as an HTML parser closes them. */
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th']);

/** Deeper nesting than any article needs; the tags past it are dropped and their text kept. */
const MAX_DEPTH = 64;

/** Every link is sent with these: it neither vouches for nor hands the page to the other site. */
const LINK_REL = 'nofollow noopener noreferrer';

/**
 * One token of HTML: a comment, declaration or processing instruction (skipped), an end tag, or a
 * start tag with its attributes (quoted values may hold `>`).
 */
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<![^>]*(?:>|$)|<\?[^>]*(?:>|$)|<\/([a-zA-Z][\w:.-]*)\s*>|<([a-zA-Z][\w:.-]*)((?:[\s/](?:"[^"]*"|'[^']*'|[^'"<>])*)?)>/g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`]+)))?/g;

// eslint-disable-next-line no-control-regex -- matching control characters is the purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    // The first of a repeated attribute counts, as in HTML.
    if (!attributes.has(name)) {
      attributes.set(name, decodeHTML(match[2] ?? match[3] ?? match[4] ?? ''));
    }
  }
  return attributes;
}

/** An http(s) link, absolute once resolved against the article's address; anything else is none. */
function safeHref(href: string, base: string | undefined): string | undefined {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function keptAttributes(
  name: string,
  attributes: Map<string, string>,
  base: string | undefined,
): string | undefined {
  let kept = '';
  for (const allowed of ALLOWED.get(name) ?? []) {
    const value = attributes.get(allowed);
    if (value === undefined) continue;
    if (allowed === 'href') {
      const href = safeHref(value, base);
      if (href === undefined) continue;
      kept += ` href="${escapeHtml(href)}" rel="${LINK_REL}"`;
    } else if (allowed === 'title') {
      kept += ` title="${escapeHtml(value.replace(CONTROL_CHARACTERS, ''))}"`;
    } else if (/^\d{1,4}$/.test(value.trim())) {
      kept += ` ${allowed}="${value.trim()}"`;
    }
  }
  // A link without a safe address is its text alone.
  if (name === 'a' && !kept.includes(' href=')) return undefined;
  return kept;
}

/** Markup a feed escaped once more than it meant (`&lt;p&gt;`), unescaped until it is markup. */
function unescaped(html: string): string {
  let current = html;
  for (let round = 0; round < 3 && !hasMarkup(current) && current.includes('&'); round += 1) {
    const next = decodeHTML(current);
    if (!hasMarkup(next)) break;
    current = next;
  }
  return current;
}

function hasMarkup(html: string): boolean {
  for (const match of html.matchAll(/<\/?([a-zA-Z][\w:.-]*)/g)) {
    if (isMarkup(match[1]!)) return true;
  }
  return false;
}

/**
 * Writes the kept tokens within a length budget that always leaves room to close what is open, so
 * the cut output is as well-formed as the whole.
 */
class Writer {
  private out = '';
  private readonly open: string[] = [];
  private closing = 0;
  private preDepth = 0;
  full = false;

  constructor(private readonly maxLength: number) {}

  private fits(length: number): boolean {
    return this.out.length + length + this.closing <= this.maxLength;
  }

  get depth(): number {
    return this.open.length;
  }

  isOpen(name: string): boolean {
    return this.open.includes(name);
  }

  top(): string | undefined {
    return this.open[this.open.length - 1];
  }

  start(name: string, attributes: string): void {
    const tag = `<${name}${attributes}>`;
    const end = VOID.has(name) ? 0 : name.length + 3;
    if (!this.fits(tag.length + end)) {
      this.full = true;
      return;
    }
    this.out += tag;
    if (end === 0) return;
    this.open.push(name);
    this.closing += end;
    if (name === 'pre') this.preDepth += 1;
  }

  /** Closes the innermost open `name` and everything opened inside it. */
  end(name: string): void {
    const at = this.open.lastIndexOf(name);
    if (at === -1) return;
    while (this.open.length > at) {
      const closed = this.open.pop()!;
      this.out += `</${closed}>`;
      this.closing -= closed.length + 3;
      if (closed === 'pre') this.preDepth -= 1;
    }
  }

  text(raw: string): void {
    let text = raw.replace(CONTROL_CHARACTERS, '');
    // Outside <pre>, whitespace shows as one space, so it is stored as one.
    if (this.preDepth === 0) {
      text = text.replace(/[\s\u00a0]+/g, ' ');
      if (text === ' ' && (this.out === '' || this.out.endsWith(' '))) return;
    }
    const escaped = escapeHtml(text);
    if (this.fits(escaped.length)) {
      this.out += escaped;
      return;
    }
    // The longest cut at a word whose escaped form fits: escaping only lengthens text, so at most
    // `budget` characters, found by bisection over a sample long enough to show the text goes on.
    const budget = this.maxLength - this.out.length - this.closing;
    const sample = text.slice(0, 2 * budget + 2);
    let [low, high, best] = [1, budget, ''];
    while (low <= high) {
      const room = Math.floor((low + high) / 2);
      const cut = escapeHtml(truncateAtWord(sample, room));
      if (cut.length <= budget) [low, best] = [room + 1, cut];
      else high = room - 1;
    }
    this.out += best;
    this.full = true;
  }

  finish(): string {
    // A cut leaves no dangling space before the tags that close the output.
    if (this.full) this.out = this.out.trimEnd();
    if (this.open.length > 0) this.end(this.open[0]!);
    return this.out.trim();
  }
}

/**
 * A feed item's HTML as markup that is safe to show: only the elements and attributes of ALLOWED
 * (some renamed, RENAMED), links to http(s) addresses only (relative ones resolved against `base`),
 * every text and attribute value escaped, every element closed, at most maxLength characters cut
 * between tags or at a word. Scripts, styles and the other elements of DROPPED_WITH_CONTENT go
 * with their content; other unknown elements go and keep their text. Plain text (`type` 'text')
 * becomes paragraphs. Empty when nothing readable is left.
 */
export function toSafeHtml(
  input: string | undefined,
  maxLength: number,
  type: TextType = 'html',
  base?: string,
): string {
  if (!input) return '';
  const writer = new Writer(maxLength);
  if (type === 'text') {
    for (const paragraph of decodeHTML(input).split(/\n\s*\n/)) {
      if (writer.full || paragraph.trim() === '') continue;
      writer.start('p', '');
      writer.text(paragraph.trim());
      writer.end('p');
    }
    return writer.finish().replace(/<p><\/p>/g, '');
  }
  const html = unescaped(input);
  let at = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match !== null && !writer.full; match = TOKEN.exec(html)) {
    const [token, endName, startName, attributeSource] = match;
    const name = (endName ?? startName)?.toLowerCase();
    // "a < b" and `List<T>` are text, as stripHtml reads them.
    if (name !== undefined && !isMarkup(name)) continue;
    writer.text(decodeHTML(html.slice(at, match.index)));
    at = match.index + token.length;
    if (name === undefined || writer.full) continue;
    if (startName !== undefined && DROPPED_WITH_CONTENT.has(name)) {
      // Its content is raw text up to its end tag (or the end of the document), never markup.
      if (!token.endsWith('/>')) {
        const close = new RegExp(`</${name}\\s*>`, 'ig');
        close.lastIndex = at;
        const found = close.exec(html);
        at = found ? found.index + found[0].length : html.length;
        TOKEN.lastIndex = at;
      }
      continue;
    }
    const kept = RENAMED.get(name) ?? name;
    if (!ALLOWED.has(kept)) continue;
    if (endName !== undefined) {
      writer.end(kept);
      continue;
    }
    if (SELF_CLOSING_SIBLINGS.has(kept) && writer.top() === kept) writer.end(kept);
    // A link inside a link is its text, as a browser would not nest them either.
    if (kept === 'a' && writer.isOpen('a')) continue;
    if (writer.depth >= MAX_DEPTH) continue;
    const attributes = keptAttributes(kept, attributesOf(attributeSource ?? ''), base);
    if (attributes === undefined) continue;
    writer.start(kept, attributes);
  }
  if (!writer.full) writer.text(decodeHTML(html.slice(at)));
  const safe = writer.finish();
  // Markup with no text in it shows nothing.
  return /[^\s]/.test(safe.replace(/<[^>]*>/g, '')) ? safe : '';
}
