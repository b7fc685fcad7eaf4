import type { SearchSnippetPart } from '@probedge/proto';

// Private-use characters mark the matches, so no stored text can be mistaken for a mark (the text
// loses any it holds before ts_headline sees it, see HEADLINE_TRANSLATE).
const START = '\uE000';
const STOP = '\uE001';
// ts_headline's parser takes "<...>" for an HTML tag and drops it; these stand in for < and > so
// that a text such as "yields <2% and >3%" comes back whole.
const LESS_THAN = '\uE002';
const GREATER_THAN = '\uE003';

/** ts_headline's options: up to two fragments of about 12 to 30 words around the matches. */
export const HEADLINE_OPTIONS = [
  `StartSel=${START}`,
  `StopSel=${STOP}`,
  'MaxFragments=2',
  'MaxWords=30',
  'MinWords=12',
  'FragmentDelimiter=" … "',
].join(', ');

/**
 * `translate(text, from, to)` before ts_headline: < and > become their stand-ins and the marker
 * characters are removed, so what comes back splits cleanly (splitHeadline restores < and >).
 */
export const HEADLINE_TRANSLATE = {
  from: `<>${START}${STOP}${LESS_THAN}${GREATER_THAN}`,
  to: `${LESS_THAN}${GREATER_THAN}`,
} as const;

const MARKERS = /([\uE000\uE001])/;
const STAND_INS = /[\uE002\uE003]/g;

function restore(text: string): string {
  return text.replace(STAND_INS, (char) => (char === LESS_THAN ? '<' : '>'));
}

/**
 * The parts of a ts_headline answer made with HEADLINE_OPTIONS and HEADLINE_TRANSLATE: plain text,
 * never HTML. Runs of white space become one space; empty parts are dropped and neighbours alike in
 * highlighting are joined.
 */
export function splitHeadline(headline: string): SearchSnippetPart[] {
  const parts: SearchSnippetPart[] = [];
  let highlight = false;
  for (const piece of headline.replace(/\s+/g, ' ').trim().split(MARKERS)) {
    if (piece === START) highlight = true;
    else if (piece === STOP) highlight = false;
    else if (piece !== '') {
      const last = parts.at(-1);
      if (last && last.highlight === highlight) last.text += restore(piece);
      else parts.push({ text: restore(piece), highlight });
    }
  }
  return parts;
}
