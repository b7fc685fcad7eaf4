import { HEADLINE_OPTIONS, HEADLINE_TRANSLATE, splitHeadline } from './search-headline';

const mark = (word: string) => `\ue000${word}\ue001`;

const START = '\uE000';
const STOP = '\uE001';

describe('splitHeadline', () => {
  it('splits a headline into plain and highlighted parts', () => {
    expect(splitHeadline(`Higher ${START}interest${STOP} ${START}rates${STOP} weighed`)).toEqual([
      { text: 'Higher ', highlight: false },
      { text: 'interest', highlight: true },
      { text: ' ', highlight: false },
      { text: 'rates', highlight: true },
      { text: ' weighed', highlight: false },
    ]);
  });

  it('handles a highlight at either end', () => {
    expect(splitHeadline(`${START}Copper${STOP} climbs`)).toEqual([
      { text: 'Copper', highlight: true },
      { text: ' climbs', highlight: false },
    ]);
    expect(splitHeadline(`climbs ${START}copper${STOP}`)).toEqual([
      { text: 'climbs ', highlight: false },
      { text: 'copper', highlight: true },
    ]);
  });

  it('answers no parts for an empty headline', () => {
    expect(splitHeadline('')).toEqual([]);
  });

  it('keeps a headline without matches as one plain part', () => {
    expect(splitHeadline('The board met.')).toEqual([{ text: 'The board met.', highlight: false }]);
  });

  it('drops empty highlights and joins what they separated', () => {
    expect(splitHeadline(`a${START}${STOP}b`)).toEqual([{ text: 'ab', highlight: false }]);
  });

  it('gives < and > back where the query stood them in', () => {
    expect(splitHeadline(`yields \uE0022% and \uE0033% ${START}gilts${STOP}`)).toEqual([
      { text: 'yields <2% and >3% ', highlight: false },
      { text: 'gilts', highlight: true },
    ]);
  });

  it('returns markup as text, never interpreted', () => {
    expect(splitHeadline(`\uE002b\uE003${START}bold${STOP}\uE002/b\uE003`)).toEqual([
      { text: '<b>', highlight: false },
      { text: 'bold', highlight: true },
      { text: '</b>', highlight: false },
    ]);
  });

  it('survives a stray marker', () => {
    expect(splitHeadline(`a ${STOP}b ${START}c`)).toEqual([
      { text: 'a b ', highlight: false },
      { text: 'c', highlight: true },
    ]);
  });
});

describe('the ts_headline settings', () => {
  it('mark matches with the private-use characters the splitter reads', () => {
    expect(HEADLINE_OPTIONS).toBe(
      `StartSel=${START}, StopSel=${STOP}, MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … "`,
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
    expect(splitHeadline(translate(stored))).toEqual([{ text: 'a<b>cdef', highlight: false }]);
  });
});

describe('splitHeadline on bodies', () => {
  it('marks the parts between the sentinels as highlighted', () => {
    expect(splitHeadline(`how to ${mark('hedge')} a position`)).toEqual([
      { text: 'how to ', highlight: false },
      { text: 'hedge', highlight: true },
      { text: ' a position', highlight: false },
    ]);
  });

  it('handles highlights at either end and side by side', () => {
    expect(splitHeadline(`${mark('risk')} ${mark('ruin')}`)).toEqual([
      { text: 'risk', highlight: true },
      { text: ' ', highlight: false },
      { text: 'ruin', highlight: true },
    ]);
    expect(splitHeadline(`${mark('a')}${mark('b')}`)).toEqual([{ text: 'ab', highlight: true }]);
  });

  it('turns line breaks and runs of spaces into one space and trims the ends', () => {
    expect(splitHeadline(`\n first line\nsecond  ${mark('word')}\n\n`)).toEqual([
      { text: 'first line second ', highlight: false },
      { text: 'word', highlight: true },
    ]);
  });

  it('keeps the fragment delimiter as plain text', () => {
    expect(splitHeadline(`one ${mark('kelly')} … two ${mark('kelly')}`)).toEqual([
      { text: 'one ', highlight: false },
      { text: 'kelly', highlight: true },
      { text: ' … two ', highlight: false },
      { text: 'kelly', highlight: true },
    ]);
  });

  it('never leaves a sentinel in the text, even unbalanced ones', () => {
    const parts = splitHeadline('a \ue001b\ue000 c \ue000\ue000d');
    expect(parts.map((part) => part.text).join('')).toBe('a b c d');
    expect(parts).toEqual([
      { text: 'a b', highlight: false },
      { text: ' c d', highlight: true },
    ]);
  });

  it('gives nothing for an empty headline', () => {
    expect(splitHeadline('')).toEqual([]);
    expect(splitHeadline(' \n ')).toEqual([]);
  });

  it('passes markup through as text: the parts are never HTML', () => {
    expect(splitHeadline(`<b>${mark('x')}</b>`)).toEqual([
      { text: '<b>', highlight: false },
      { text: 'x', highlight: true },
      { text: '</b>', highlight: false },
    ]);
  });
});
