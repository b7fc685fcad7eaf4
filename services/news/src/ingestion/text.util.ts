export const TITLE_MAX_LENGTH = 300;
export const DESCRIPTION_MAX_LENGTH = 1000;

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

// The named references feeds actually use; anything else is left as written.
const HTML_ENTITIES: Record<string, string> = {
  ...XML_ENTITIES,
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  times: '×',
  divide: '÷',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
};

// Postgres refuses NUL in text and the rest only garble a screen.
// eslint-disable-next-line no-control-regex -- matching control characters is the purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function fromCodePoint(code: number): string {
  const valid =
    Number.isInteger(code) &&
    code > 0 &&
    code <= 0x10ffff &&
    !(code >= 0xd800 && code <= 0xdfff) &&
    code !== 0xfffe &&
    code !== 0xffff;
  return valid ? String.fromCodePoint(code) : '\uFFFD';
}

function decodeWith(text: string, named: Record<string, string>): string {
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g,
    (ref, body: string) => {
      if (body.startsWith('#x') || body.startsWith('#X'))
        return fromCodePoint(parseInt(body.slice(2), 16));
      if (body.startsWith('#')) return fromCodePoint(parseInt(body.slice(1), 10));
      return Object.prototype.hasOwnProperty.call(named, body) ? named[body]! : ref;
    },
  );
}

/** The five predefined XML entities and numeric references; nothing is ever expanded from a DTD. */
export function decodeXmlEntities(text: string): string {
  return decodeWith(text, XML_ENTITIES);
}

export function decodeHtmlEntities(text: string): string {
  return decodeWith(text, HTML_ENTITIES);
}

export function stripHtml(text: string): string {
  return text
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<(script|style|iframe|noscript)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
    .replace(/<\/?[a-zA-Z!?/][^>]*(>|$)/g, ' ');
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

/** Feed text as stored: HTML stripped, entities decoded, whitespace collapsed, length capped. */
export function toPlainText(text: string | undefined, maxLength: number): string {
  if (!text) return '';
  const cleaned = collapseWhitespace(
    decodeHtmlEntities(stripHtml(text)).replace(CONTROL_CHARACTERS, ' '),
  );
  return truncate(cleaned, maxLength);
}
