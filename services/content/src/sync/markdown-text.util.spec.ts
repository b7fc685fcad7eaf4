import { markdownToPlainText } from './markdown-text.util';

describe('markdownToPlainText', () => {
  it('keeps the words of headings, paragraphs and lists, one line each', () => {
    const markdown = [
      '# Position sizing',
      '',
      'Intro with **bold**, *emphasis*, _more_ and `code`.',
      '',
      '## Rules',
      '',
      '- risk 1%',
      '* scale down',
      '1. journal',
      '',
      '> A quote',
      'over two lines.',
    ].join('\n');
    expect(markdownToPlainText(markdown)).toBe(
      [
        'Position sizing',
        'Intro with bold, emphasis, more and code.',
        'Rules',
        'risk 1%',
        'scale down',
        'journal',
        'A quote over two lines.',
      ].join('\n'),
    );
  });

  it('keeps the text of links and images, not their addresses', () => {
    expect(
      markdownToPlainText(
        'See [the guide](https://example.com/guide "Title") and ![a chart](chart.png) or <https://example.com/raw>.',
      ),
    ).toBe('See the guide and a chart or https://example.com/raw.');
  });

  it('turns a table into its cells, one row a line, without pipes or rules', () => {
    const markdown = ['| Risk | Streak |', '|---|:---:|', '| 2% | 10 |', '| 5% | 10 |'].join('\n');
    expect(markdownToPlainText(markdown)).toBe(['Risk Streak', '2% 10', '5% 10'].join('\n'));
  });

  it('keeps code without its fences', () => {
    expect(
      markdownToPlainText('Before\n\n```ts\nconst edge = 0.1;\n```\n\n    indented();\n'),
    ).toBe(['Before', 'const edge = 0.1;', 'indented();'].join('\n'));
  });

  it('drops thematic breaks and keeps escaped characters as text', () => {
    expect(markdownToPlainText('One\n\n---\n\nTwo \\*not emphasis\\* 0.55^10')).toBe(
      'One\nTwo *not emphasis* 0.55^10',
    );
  });

  it('leaves raw HTML as text, decoded entities included', () => {
    expect(markdownToPlainText('A <b>tag</b> &amp; more')).toBe('A <b>tag</b> & more');
  });

  it('removes control characters and the search highlight markers', () => {
    expect(markdownToPlainText('a\u0001b \ue000c\ue001 d\u007f')).toBe('a b c d');
  });

  it('has no Markdown syntax left in a typical article', () => {
    const markdown = [
      '## Heading',
      '',
      'Text with a [link](https://x.example/a_b) and **strong** words.',
      '',
      '| a | b |',
      '|---|---|',
      '| c | d |',
    ].join('\n');
    expect(markdownToPlainText(markdown)).not.toMatch(/[#*|`[\]]|https?:/);
  });

  it('leaves out the figures of a live tool, and keeps other code', () => {
    expect(
      markdownToPlainText('Try it:\n\n```tool kelly\nwinProbability: 55\nodds: 1\n```\n\nAfter'),
    ).toBe(['Try it:', 'After'].join('\n'));
    expect(markdownToPlainText('```tool nothing\nodds: 1\n```')).toBe('odds: 1');
  });
});
