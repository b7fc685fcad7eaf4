import { escapeHtml } from '@probedge/kit';

/** A Markdown backslash escape: the daily texts escape feed and model text this way. */
const MARKDOWN_ESCAPE = /\\([!-/:-@[-`{-~])/g;

function textOf(line: string): string {
  return escapeHtml(line.replace(MARKDOWN_ESCAPE, '$1'));
}

/**
 * A daily text as HTML: a blank line starts a new paragraph, a single newline is a line break,
 * Markdown's backslash escapes give back the character they escape, and every character is
 * escaped, so nothing in the text becomes markup.
 */
export function paragraphsHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map(textOf).join('<br>')}</p>`)
    .join('\n');
}
