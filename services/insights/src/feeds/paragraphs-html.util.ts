import { escapeHtml } from '@probedge/kit';

/**
 * Plain text as HTML: a blank line starts a new paragraph, a single newline is a line break, and
 * every character is escaped, so nothing in the text becomes markup.
 */
export function paragraphsHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('\n');
}
