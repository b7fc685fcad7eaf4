import type { SearchSnippetPart } from '@probedge/proto';

/** Private-use characters around each match in ts_headline's answer; the texts never hold them. */
export const HIGHLIGHT_START = '\ue000';
export const HIGHLIGHT_STOP = '\ue001';

/** ts_headline's options: up to two fragments of the plain body around the matches. */
export const HEADLINE_OPTIONS = [
  `StartSel=${HIGHLIGHT_START}`,
  `StopSel=${HIGHLIGHT_STOP}`,
  'MaxFragments=2',
  'MaxWords=30',
  'MinWords=12',
  'FragmentDelimiter=" … "',
].join(', ');

const MARKERS = new RegExp(`([${HIGHLIGHT_START}${HIGHLIGHT_STOP}])`);

/**
 * Splits a marked headline into plain and highlighted parts, never HTML. Runs of white space
 * (the plain body keeps one line per paragraph) become one space; empty parts are dropped and
 * neighbours alike in highlighting are joined.
 */
export function splitHeadline(headline: string): SearchSnippetPart[] {
  const parts: SearchSnippetPart[] = [];
  let highlight = false;
  for (const piece of headline.replace(/\s+/g, ' ').trim().split(MARKERS)) {
    if (piece === HIGHLIGHT_START) highlight = true;
    else if (piece === HIGHLIGHT_STOP) highlight = false;
    else if (piece !== '') {
      const last = parts.at(-1);
      if (last && last.highlight === highlight) last.text += piece;
      else parts.push({ text: piece, highlight });
    }
  }
  return parts;
}

/** The snippet of a hit: the headline's parts, or the description when nothing in the body matched. */
export function snippetOf(headline: string, description: string): SearchSnippetPart[] {
  const parts = splitHeadline(headline);
  return parts.some((part) => part.highlight) ? parts : [{ text: description, highlight: false }];
}
