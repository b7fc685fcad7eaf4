import MarkdownIt from 'markdown-it';
import { toolDirective } from '@probedge/proto';

/**
 * The version of the conversion below. It is part of each item's checksum, so changing the
 * conversion and bumping this makes the next sync rewrite every row.
 */
export const PLAIN_TEXT_VERSION = 2;

// Raw HTML stays text (it is never rendered from here); tables are parsed so their pipes go.
const parser = new MarkdownIt('default', { html: false, linkify: false });

type Token = MarkdownIt.Token;

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNWANTED = /[\u0000-\u0008\u000b-\u001f\u007f\ue000\ue001]/g;

/** Block ends that start a new line; other closers (a table cell) only separate words. */
const LINE_ENDS = new Set([
  'paragraph_close',
  'heading_close',
  'tr_close',
  'list_item_close',
  'blockquote_close',
]);

function inlineText(children: Token[]): string {
  return children
    .map((child) => {
      switch (child.type) {
        case 'text':
        case 'code_inline':
        case 'html_inline':
          return child.content;
        case 'image':
          // Its children are the alt text; the address is not text to read.
          return inlineText(child.children ?? []);
        case 'softbreak':
        case 'hardbreak':
          return ' ';
        default:
          // Link and emphasis markers carry no text of their own.
          return '';
      }
    })
    .join('');
}

/**
 * The words of a Markdown body as a reader sees them: one line per paragraph, heading, list
 * item or table row; no `#`, `*`, `|`, backticks, link addresses or tool directives' figures. What search indexes and
 * quotes in its snippets. The search's highlight markers (U+E000, U+E001) and control characters
 * are removed, so they can only ever come from PostgreSQL.
 */
export function markdownToPlainText(markdown: string): string {
  const lines: string[] = [];
  let line = '';
  const endLine = () => {
    lines.push(line);
    line = '';
  };
  for (const token of parser.parse(markdown, {})) {
    if (token.type === 'inline') {
      line += ` ${inlineText(token.children ?? [])}`;
    } else if (token.type === 'fence' && toolDirective(token.info, token.content)) {
      // A live tool's starting figures are settings, not words of the article.
      endLine();
    } else if (token.type === 'fence' || token.type === 'code_block') {
      endLine();
      lines.push(...token.content.split('\n'));
    } else if (token.type === 'html_block') {
      line += ` ${token.content}`;
      endLine();
    } else if (LINE_ENDS.has(token.type)) {
      endLine();
    }
  }
  endLine();
  return lines
    .map((text) => text.replace(UNWANTED, ' ').replace(/\s+/g, ' ').trim())
    .filter((text) => text !== '')
    .join('\n');
}
