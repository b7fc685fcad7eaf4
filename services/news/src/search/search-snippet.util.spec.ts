import { HEADLINE_OPTIONS, HEADLINE_TRANSLATE, splitSnippet } from './search-snippet.util';

const START = '\uE000';
const STOP = '\uE001';

describe('splitSnippet', () => {
  it('splits a headline into plain and highlighted parts', () => {
    expect(splitSnippet(`Higher ${START}interest${STOP} ${START}rates${STOP} weighed`)).toEqual([
      { text: 'Higher ', highlight: false },
      { text: 'interest', highlight: true },
      { text: ' ', highlight: false },
      { text: 'rates', highlight: true },
      { text: ' weighed', highlight: false },
    ]);
  });

  it('handles a highlight at either end', () => {
    expect(splitSnippet(`${START}Copper${STOP} climbs`)).toEqual([
      { text: 'Copper', highlight: true },
      { text: ' climbs', highlight: false },
    ]);
    expect(splitSnippet(`climbs ${START}copper${STOP}`)).toEqual([
      { text: 'climbs ', highlight: false },
      { text: 'copper', highlight: true },
    ]);
  });

  it('answers no parts for an empty headline', () => {
    expect(splitSnippet('')).toEqual([]);
  });

  it('keeps a headline without matches as one plain part', () => {
    expect(splitSnippet('The board met.')).toEqual([{ text: 'The board met.', highlight: false }]);
  });

  it('drops empty highlights and joins what they separated', () => {
    expect(splitSnippet(`a${START}${STOP}b`)).toEqual([{ text: 'ab', highlight: false }]);
  });

  it('gives < and > back where the query stood them in', () => {
    expect(splitSnippet(`yields \uE0022% and \uE0033% ${START}gilts${STOP}`)).toEqual([
      { text: 'yields <2% and >3% ', highlight: false },
      { text: 'gilts', highlight: true },
    ]);
  });

  it('returns markup as text, never interpreted', () => {
    expect(splitSnippet(`\uE002b\uE003${START}bold${STOP}\uE002/b\uE003`)).toEqual([
      { text: '<b>', highlight: false },
      { text: 'bold', highlight: true },
      { text: '</b>', highlight: false },
    ]);
  });

  it('survives a stray marker', () => {
    expect(splitSnippet(`a ${STOP}b ${START}c`)).toEqual([
      { text: 'a b ', highlight: false },
      { text: 'c', highlight: true },
    ]);
  });
});

describe('the ts_headline settings', () => {
  it('mark matches with the private-use characters the splitter reads', () => {
    expect(HEADLINE_OPTIONS).toBe(
      `StartSel=${START}, StopSel=${STOP}, MaxFragments=2, MaxWords=30, MinWords=12`,
    );
  });

  it('remove markers from the description and stand in for < and >', () => {
    const translate = (text: string) =>
      [...text]
        .map((char) => {
          const at = HEADLINE_TRANSLATE.from.indexOf(char);
          return at === -1 ? char : (HEADLINE_TRANSLATE.to[at] ?? '');
        })
        .join('');
    const stored = `a<b>c${START}d${STOP}e\uE002f\uE003`;
    expect(splitSnippet(translate(stored))).toEqual([{ text: 'a<b>cdef', highlight: false }]);
  });
});
