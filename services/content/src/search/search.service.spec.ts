import { snippetOf } from './search.service';

const mark = (word: string) => `\ue000${word}\ue001`;

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
