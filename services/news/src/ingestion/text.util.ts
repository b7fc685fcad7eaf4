import { decodeHTML } from 'entities';

export const TITLE_MAX_LENGTH = 300;
export const DESCRIPTION_MAX_LENGTH = 1000;

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

/** Feeds that escape their HTML twice (`&amp;lt;p&amp;gt;`) need a second round; more is a loop. */
const MAX_DECODE_ROUNDS = 3;

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

export function stripHtml(text: string): string {
  return (
    text
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      .replace(/<!\[CDATA\[|\]\]>/g, ' ')
      .replace(/<(script|style|iframe|noscript|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
      // A tag is < with a name and a closing >; "a < b" in text is not one. Inline tags join
      // their text to its neighbours ("earnings</a>."), block tags separate it.
      .replace(/<[!?/]?([a-zA-Z][a-zA-Z0-9]*)[^<>]*>/g, (_tag, name: string) =>
        INLINE_TAGS.has(name.toLowerCase()) ? '' : ' ',
      )
      // A tag cut off at the end of a truncated description.
      .replace(/<\/?[a-zA-Z][^<>]*$/, ' ')
  );
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
 * Feed text as stored: entities decoded first (so escaped and double-escaped markup is seen as
 * markup), then tags stripped, whitespace collapsed and the length capped.
 */
export function toPlainText(text: string | undefined, maxLength: number): string {
  if (!text) return '';
  const cleaned = collapseWhitespace(
    stripHtml(decodeHtmlEntities(text)).replace(CONTROL_CHARACTERS, ' '),
  );
  return truncate(cleaned, maxLength);
}
