import { decodeXmlEntities, toPlainText, truncate } from './text.util';

describe('toPlainText', () => {
  it('strips tags, scripts and comments', () => {
    expect(
      toPlainText('<p>Stocks <b>rally</b><script>alert(1)</script><!-- x --> today</p>', 100),
    ).toBe('Stocks rally today');
  });

  it('decodes named and numeric entities once the tags are gone', () => {
    expect(toPlainText('AT&amp;T &#8212; &#x24;5 &lt;b&gt; &rsquo;s &unknown;', 100)).toBe(
      'AT&T — $5 <b> ’s &unknown;',
    );
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
    expect(toPlainText('a&#xD800;b&#99999999;c&#0;', 50)).toBe('a\uFFFDb&#99999999;c\uFFFD');
  });
});

describe('decodeXmlEntities', () => {
  it('decodes only the five predefined entities and numeric references', () => {
    expect(decodeXmlEntities('&amp;&lt;&gt;&quot;&apos;&#65;&nbsp;&lol9;')).toBe(
      '&<>"\'A&nbsp;&lol9;',
    );
  });
});

describe('truncate', () => {
  it('never splits a surrogate pair', () => {
    expect(truncate('📈📈📈📈', 3)).toBe('📈📈…');
  });
});
