import type { SearchSnippetPart } from '@probedge/proto';

// Private-use characters mark the matches, so no text of an article can be mistaken for a mark
// (the description loses any it holds before ts_headline sees it).
const START = '\uE000';
const STOP = '\uE001';
// ts_headline's parser takes "<...>" for an HTML tag and drops it; these stand in for < and > so
// that a description such as "yields <2% and >3%" comes back whole.
const LESS_THAN = '\uE002';
const GREATER_THAN = '\uE003';

export const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxFragments=2, MaxWords=30, MinWords=12`;

/** translate(description, FROM, TO): < and > become their stand-ins, the markers are removed. */
export const HEADLINE_TRANSLATE = {
  from: `<>${START}${STOP}${LESS_THAN}${GREATER_THAN}`,
  to: `${LESS_THAN}${GREATER_THAN}`,
} as const;

const PIECES = /([\uE000\uE001])/;
const STAND_INS = /[\uE002\uE003]/g;

function restore(text: string): string {
  return text.replace(STAND_INS, (char) => (char === LESS_THAN ? '<' : '>'));
}

/** The parts of a ts_headline answer made with HEADLINE_OPTIONS: plain text, never HTML. */
export function splitSnippet(headline: string): SearchSnippetPart[] {
  const parts: SearchSnippetPart[] = [];
  let highlight = false;
  for (const piece of headline.split(PIECES)) {
    if (piece === START) highlight = true;
    else if (piece === STOP) highlight = false;
    else if (piece !== '') {
      const last = parts[parts.length - 1];
      if (last && last.highlight === highlight) last.text += restore(piece);
      else parts.push({ text: restore(piece), highlight });
    }
  }
  return parts;
}
