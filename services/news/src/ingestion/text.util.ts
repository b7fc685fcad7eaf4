import { decodeHTML } from 'entities';

export const TITLE_MAX_LENGTH = 300;
export const DESCRIPTION_MAX_LENGTH = 1000;
/**
 * An article body as plain text: what search indexes and the insights writer reads. 20,000
 * characters hold a long feature (about 3,500 words), while an ingestion batch of a few hundred
 * items stays a few megabytes and a body's tsvector stays far below PostgreSQL's 1 MB limit.
 */
export const BODY_TEXT_MAX_LENGTH = 20_000;
/** The same body as safe HTML: markup roughly doubles the text of a typical article. */
export const BODY_HTML_MAX_LENGTH = 50_000;

// Postgres refuses NUL in text and the rest only garble a screen.
// eslint-disable-next-line no-control-regex -- matching control characters is the purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

const INLINE_TAGS = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'cite',
  'code',
  'em',
  'font',
  'i',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
]);

/**
 * The elements of HTML (current and obsolete), and `xml` (the islands word processors paste in):
 * a tag of one of these, or of a namespaced (`o:p`) or custom (`my-card`) element, is markup.
 * Anything else that looks like a tag (`<rss version="2.0">` in a code sample, `List<T>`,
 * `<<<Tutorial>>>`) is text about markup, as a feed that escaped it meant, and stays.
 */
const HTML_ELEMENTS = new Set([
  ...INLINE_TAGS,
  'acronym',
  'address',
  'applet',
  'area',
  'article',
  'aside',
  'audio',
  'base',
  'basefont',
  'bdo',
  'big',
  'blink',
  'blockquote',
  'body',
  'br',
  'button',
  'canvas',
  'caption',
  'center',
  'col',
  'colgroup',
  'data',
  'datalist',
  'dd',
  'del',
  'details',
  'dfn',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'embed',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'frame',
  'frameset',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'head',
  'header',
  'hgroup',
  'hr',
  'html',
  'iframe',
  'img',
  'input',
  'ins',
  'kbd',
  'label',
  'legend',
  'li',
  'link',
  'main',
  'map',
  'marquee',
  'menu',
  'meta',
  'meter',
  'nav',
  'nobr',
  'noscript',
  'object',
  'ol',
  'optgroup',
  'option',
  'output',
  'p',
  'param',
  'picture',
  'pre',
  'progress',
  'rp',
  'rt',
  'ruby',
  'samp',
  'script',
  'section',
  'select',
  'source',
  'strike',
  'style',
  'summary',
  'svg',
  'table',
  'tbody',
  'td',
  'template',
  'textarea',
  'tfoot',
  'th',
  'thead',
  'title',
  'tr',
  'track',
  'tt',
  'ul',
  'var',
  'video',
  'wbr',
  'xml',
]);

/** Feeds that escape their HTML twice (`&amp;lt;p&amp;gt;`) need a second round; more is a loop. */
const MAX_DECODE_ROUNDS = 3;

/** How a feed field's text is written: markup to render, or text as it is to be read. */
export type TextType = 'html' | 'text';

/**
 * Every HTML5 character reference (the full table of the `entities` package), decoded until the
 * text stops changing, at most MAX_DECODE_ROUNDS times.
 */
export function decodeHtmlEntities(text: string): string {
  let current = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS && current.includes('&'); round += 1) {
    const next = decodeHTML(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Whether a tag name is markup (an element of HTML_ELEMENTS, namespaced or custom), not text. */
export function isMarkup(name: string): boolean {
  return HTML_ELEMENTS.has(name.toLowerCase()) || name.includes(':') || name.includes('-');
}

/** HTML without its markup: comments, declarations and the tags of elements (HTML_ELEMENTS). */
export function stripHtml(text: string): string {
  return (
    text
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      .replace(/<!\[CDATA\[|\]\]>/g, ' ')
      .replace(/<(script|style|iframe|noscript|template|svg|math)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
      // A tag is < with a name and a closing >; "a < b" in text is not one. Inline tags join
      // their text to its neighbours ("earnings</a>."), block tags separate it.
      .replace(/<([!?/]?)([a-zA-Z][\w:.-]*)[^<>]*>/g, (tag, mark: string, name: string) => {
        if (mark !== '!' && mark !== '?' && !isMarkup(name)) return tag;
        return INLINE_TAGS.has(name.toLowerCase()) ? '' : ' ';
      })
      // A tag cut off at the end of a truncated description: a bare name or one with attributes
      // under way ("<a href="https://ex"), not a word after a less-than sign ("a<b matters").
      .replace(/<\/?([a-zA-Z][\w:.-]*)(?:\s[^<>]*=[^<>]*)?$/, (tag, name: string) =>
        isMarkup(name) ? ' ' : tag,
      )
  );
}

/**
 * HTML as the text it shows: its markup stripped, then its character references decoded. A feed
 * that escaped its HTML twice unescapes into markup (`&lt;p&gt;`), stripped in turn, up to
 * MAX_DECODE_ROUNDS times.
 */
function htmlToText(html: string): string {
  let current = stripHtml(html);
  for (let round = 0; round < MAX_DECODE_ROUNDS && current.includes('&'); round += 1) {
    const next = decodeHTML(current);
    if (next === current) break;
    current = stripHtml(next);
  }
  return current;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

/** Cuts at a code-point boundary and marks the cut with an ellipsis. */
export function truncate(text: string, maxLength: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  return `${chars
    .slice(0, Math.max(0, maxLength - 1))
    .join('')
    .trimEnd()}…`;
}

/**
 * Cuts at the last whitespace that fits and marks the cut with an ellipsis, so no word is split;
 * a text without whitespace to cut at is cut at a code point.
 */
export function truncateAtWord(text: string, maxLength: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  const head = chars.slice(0, Math.max(0, maxLength - 1)).join('');
  // The cut falls between words when the next character is whitespace.
  const atSpace = /\s/.test(chars[maxLength - 1] ?? '') ? head.length : head.search(/\s\S*$/);
  return `${(atSpace > 0 ? head.slice(0, atSpace) : head).trimEnd()}…`;
}

/** A sentence's end: its mark, any closing quote or bracket, then whitespace. */
const SENTENCE_END = /(?<=[.!?…]["'”’)\]]*)\s+/;

/**
 * The first sentences of a text that fit in maxLength; when even the first does not fit, the text
 * cut at a word. A summary made from a body reads as a teaser, not as a cut-off page.
 */
export function leadSentences(text: string, maxLength: number): string {
  if (Array.from(text).length <= maxLength) return text;
  let lead = '';
  for (const sentence of text.split(SENTENCE_END)) {
    const next = lead === '' ? sentence : `${lead} ${sentence}`;
    if (Array.from(next).length > maxLength) break;
    lead = next;
  }
  return lead === '' ? truncateAtWord(text, maxLength) : lead;
}

/** Feed text as it reads, uncapped: see toPlainText. */
export function readableText(text: string | undefined, type: TextType = 'html'): string {
  if (!text) return '';
  const read = type === 'html' ? htmlToText(text) : decodeHtmlEntities(text);
  return collapseWhitespace(read.replace(CONTROL_CHARACTERS, ' '));
}

/**
 * Feed text as stored: HTML without its markup and with its references decoded; plain text with
 * its references decoded (feeds escape even plain text twice) and everything else kept, a `<`
 * included. Whitespace is collapsed and the length capped.
 */
export function toPlainText(
  text: string | undefined,
  maxLength: number,
  type: TextType = 'html',
): string {
  return truncate(readableText(text, type), maxLength);
}
