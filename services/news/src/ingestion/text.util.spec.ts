import { toPlainText, truncate } from './text.util';

describe('toPlainText', () => {
  it('strips tags, scripts and comments', () => {
    expect(
      toPlainText('<p>Stocks <b>rally</b><script>alert(1)</script><!-- x --> today</p>', 100),
    ).toBe('Stocks rally today');
  });

  it('decodes every HTML5 entity first, then strips the markup they spell', () => {
    expect(
      toPlainText(
        'AT&amp;T &#8212; &#x24;5 &lt;b&gt;bold&lt;/b&gt; &rsquo;s &ouml;l &bdquo;Zitat&ldquo; &unknown;',
        100,
      ),
    ).toBe('AT&T — $5 bold ’s öl „Zitat“ &unknown;');
  });

  it('undoes double escaping, within a bound', () => {
    expect(toPlainText('&amp;lt;p&amp;gt;Rates &amp;amp; bonds&amp;lt;/p&amp;gt;', 100)).toBe(
      'Rates & bonds',
    );
    // Escaped five times over: three rounds, and what is left stays text.
    expect(toPlainText('&amp;amp;amp;amp;lt;i&amp;amp;amp;amp;gt;', 100)).toBe('&amp;lt;i&amp;gt;');
  });

  it('removes scripts that were escaped, and keeps comparisons that are not tags', () => {
    expect(toPlainText('&lt;script&gt;alert(1)&lt;/script&gt;Fed holds', 100)).toBe('Fed holds');
    expect(toPlainText('5 &lt; 6 and 7 &gt; 3', 100)).toBe('5 < 6 and 7 > 3');
  });

  it('collapses whitespace including non-breaking spaces', () => {
    expect(toPlainText('  a \n\t b&nbsp;&nbsp;c  ', 100)).toBe('a b c');
  });

  it('caps the length with an ellipsis', () => {
    const result = toPlainText('word '.repeat(100), 20);
    expect(Array.from(result)).toHaveLength(20);
    expect(result.endsWith('…')).toBe(true);
  });

  it('answers an empty string for nothing', () => {
    expect(toPlainText(undefined, 10)).toBe('');
  });

  it('replaces invalid numeric references instead of throwing', () => {
    expect(toPlainText('a&#xD800;b&#99999999;c&#0;', 50)).toBe('a\uFFFDb\uFFFDc\uFFFD');
  });
});

describe('toPlainText by the type of the text', () => {
  it('keeps every < of plain text, escaped markup included', () => {
    expect(toPlainText('Why a<b matters', 100, 'text')).toBe('Why a<b matters');
    expect(toPlainText('RSS <<<Tutorial>>>', 100, 'text')).toBe('RSS <<<Tutorial>>>');
    expect(toPlainText('<rss version="2.0"> &amp; <b>', 100, 'text')).toBe(
      '<rss version="2.0"> & <b>',
    );
  });

  it('strips the markup of HTML elements and keeps tag-like text of no element', () => {
    expect(
      toPlainText(
        '<p>Generic List<T> and RSS <<<Tutorial>>> <my-card>x</my-card><o:p></o:p><svg><path d="M0"/></svg></p>',
        100,
      ),
    ).toBe('Generic List<T> and RSS <<<Tutorial>>> x');
  });

  it('strips real markup from HTML and keeps text that only unescapes to look like it', () => {
    expect(
      toPlainText(
        '<p>Start with <code>&lt;rss version="2.0"&gt;</code> &lt;&lt;&lt;Tutorial&gt;&gt;&gt;</p>',
        100,
      ),
    ).toBe('Start with <rss version="2.0"> <<<Tutorial>>>');
  });

  it('keeps a less-than sign followed by a word at the end of HTML', () => {
    expect(toPlainText('Why a&lt;b matters', 100)).toBe('Why a<b matters');
    expect(toPlainText('Why a<b matters', 100)).toBe('Why a<b matters');
  });

  it('still drops a tag cut off at the end of a truncated description', () => {
    expect(toPlainText('Read <a href="https://e.com/very/lo', 100)).toBe('Read');
    expect(toPlainText('Read more<', 100)).toBe('Read more<');
    expect(toPlainText('Read more</p', 100)).toBe('Read more');
  });
});

describe('truncate', () => {
  it('never splits a surrogate pair', () => {
    expect(truncate('📈📈📈📈', 3)).toBe('📈📈…');
  });
});
