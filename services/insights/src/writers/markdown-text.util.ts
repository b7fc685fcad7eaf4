/**
 * Characters that can open or close inline Markdown (emphasis, code, links, images, autolinks, raw
 * HTML, strikethrough, table cells). A backslash before any of them makes it plain text.
 */
const INLINE_SPECIALS = /[\\`*_[\]<>!~|]/g;

/** What at the start of a line would make it a heading, quote, list, rule, fence or setext line. */
const LINE_START = /^(#|>|[-+*=]|\d{1,9}(?=[.)]))/;

/**
 * A citation like [3]: text as it stands, since nothing follows it that would make it a link, an
 * image or a link's definition.
 */
const CITATION = /\[\d{1,3}\](?![([:])/g;

function escapeInline(text: string): string {
  const citations = text.match(CITATION) ?? [];
  return text
    .split(CITATION)
    .map((part, index) => part.replace(INLINE_SPECIALS, '\\$&') + (citations[index] ?? ''))
    .join('');
}

/**
 * Feed or provider text (a headline, a summary, a symbol) as Markdown that renders exactly that
 * text on one line: a headline can carry link, autolink or HTML syntax, and only the writer's own
 * structure may be markup.
 */
export function inlineText(text: string): string {
  return escapeInline(text.replace(/\s+/g, ' ').trim());
}

/**
 * A language model's answer as Markdown that renders its words and paragraphs and nothing else:
 * the model writes plain text, and whatever it copied from a headline stays text too.
 */
export function plainTextBlocks(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      // Indentation would make a code block; the text keeps its words, not its layout.
      const escaped = escapeInline(line.trim());
      return escaped.replace(LINE_START, (marker) =>
        /\d/.test(marker) ? `${marker}\\` : `\\${marker}`,
      );
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}
