import { HEADLINE_OPTIONS, snippetOf, splitHeadline } from './search-snippet.util';

const mark = (word: string) => `\ue000${word}\ue001`;

describe('splitHeadline', () => {
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

describe('snippetOf', () => {
  it('is the headline when a word of the body matched', () => {
    expect(snippetOf(`the ${mark('edge')}`, 'A description')).toEqual([
      { text: 'the ', highlight: false },
      { text: 'edge', highlight: true },
    ]);
  });

  it('is the description, unmarked, when nothing in the body matched', () => {
    expect(snippetOf('the opening words of the body', 'A description')).toEqual([
      { text: 'A description', highlight: false },
    ]);
    expect(snippetOf('', 'A description')).toEqual([{ text: 'A description', highlight: false }]);
  });
});

describe('HEADLINE_OPTIONS', () => {
  it('asks for two fragments of 12 to 30 words between the sentinels', () => {
    expect(HEADLINE_OPTIONS).toBe(
      'StartSel=\ue000, StopSel=\ue001, MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … "',
    );
  });
});
