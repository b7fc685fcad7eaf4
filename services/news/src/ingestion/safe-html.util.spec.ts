import { toSafeHtml } from './safe-html.util';
import { leadSentences, truncateAtWord } from './text.util';

const BASE = 'https://news.example.com/markets/story';

describe('toSafeHtml', () => {
  it('keeps the allowed elements and attributes and drops every other attribute', () => {
    expect(
      toSafeHtml(
        '<h1 class="x">Head</h1><p style="color:red" id="p1">A <strong>bold</strong> <em>move</em>.</p>' +
          '<ul><li>one</li><li>two</li></ul><table><tr><td colspan="2" width="9">c</td></tr></table>',
        1000,
      ),
    ).toBe(
      '<h2>Head</h2><p>A <strong>bold</strong> <em>move</em>.</p><ul><li>one</li><li>two</li></ul>' +
        '<table><tr><td colspan="2">c</td></tr></table>',
    );
  });

  it('removes scripts, styles and embedded documents with their content', () => {
    expect(
      toSafeHtml(
        '<p>Before</p><script>alert("x")</script><style>p{display:none}</style>' +
          '<iframe src="https://evil.example.com">frame</iframe><svg><script>1</script></svg>' +
          '<SCRIPT type="text/javascript">var a = "</p>";</SCRIPT ><p>After</p><script>unclosed',
        1000,
      ),
    ).toBe('<p>Before</p><p>After</p>');
  });

  it('removes event handler attributes and unknown elements, keeping their text', () => {
    const html = toSafeHtml(
      '<p onclick="steal()" onmouseover=\'x()\'>Hi <img src=x onerror=alert(1)> <font color=red>there</font></p>' +
        '<button onclick="x()">Press</button><form action="https://evil.example.com"><input value="v"></form>',
      1000,
    );
    expect(html).toBe('<p>Hi there</p>Press');
    expect(html).not.toMatch(/on\w+=|<img|<form|<input|<button/i);
  });

  it('keeps http(s) links only, resolved against the article and sent without a referrer', () => {
    const html = toSafeHtml(
      '<a href="javascript:alert(1)">js</a> <a href=" JaVaScRiPt:alert(1)">js2</a> ' +
        '<a href="java&#x09;script:alert(1)">js3</a> <a href="data:text/html,x">data</a> ' +
        '<a href="mailto:a@b.c">mail</a> <a href="/quotes?a=1&amp;b=2" target="_blank">rel</a> ' +
        '<a href="https://other.example.com/x" title="Say &quot;hi&quot;">abs</a>',
      1000,
      'html',
      BASE,
    );
    expect(html).toBe(
      'js js2 js3 data mail ' +
        '<a href="https://news.example.com/quotes?a=1&amp;b=2" rel="nofollow noopener noreferrer">rel</a> ' +
        '<a href="https://other.example.com/x" rel="nofollow noopener noreferrer" title="Say &quot;hi&quot;">abs</a>',
    );
  });

  it('escapes text and attribute values and closes what the feed left open', () => {
    expect(toSafeHtml('<p>a < b & c > d <b>open <i>nested', 1000)).toBe(
      '<p>a &lt; b &amp; c &gt; d <b>open <i>nested</i></b></p>',
    );
    expect(toSafeHtml('</div></p>stray <em>x</em></b>', 1000)).toBe('stray <em>x</em>');
    expect(toSafeHtml('List<T> and <unknown-thing>', 1000)).toBe('List&lt;T&gt; and');
  });

  it('reads markup a feed escaped twice as markup', () => {
    expect(toSafeHtml('&lt;p&gt;Escaped &amp;amp; <!-- c -->twice&lt;/p&gt;', 1000)).toBe(
      '<p>Escaped &amp; twice</p>',
    );
  });

  it('turns plain text into paragraphs', () => {
    expect(toSafeHtml('First <para>\n\nSecond & last', 1000, 'text')).toBe(
      '<p>First &lt;para&gt;</p><p>Second &amp; last</p>',
    );
  });

  it('stays within its bound, cut at a word between tags, with every element closed', () => {
    const paragraph =
      '<p>Alpha <b>beta gamma</b> delta <a href="https://e.com/x">epsilon</a> zeta.</p>';
    const source = `<div>${paragraph.repeat(200)}</div>`;
    for (const bound of [40, 57, 100, 333, 1000, 5000]) {
      const html = toSafeHtml(source, bound);
      expect(html.length).toBeLessThanOrEqual(bound);
      expect(html.startsWith('<div><p>Alpha')).toBe(true);
      expect(html.endsWith('</div>')).toBe(true);
      // Every tag opened is closed, in order.
      const open: string[] = [];
      for (const [, end, name] of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>/g)) {
        if (end) expect(open.pop()).toBe(name);
        else open.push(name!);
      }
      expect(open).toEqual([]);
      // No word is split: the text ends in a whole word or the cut mark.
      expect(html.replace(/<[^>]*>/g, '')).toMatch(/(Alpha|beta|gamma|delta|epsilon|zeta\.)…?$/);
    }
  });

  it('is empty when nothing readable is left', () => {
    expect(toSafeHtml('<script>x</script><p> </p>', 1000)).toBe('');
    expect(toSafeHtml(undefined, 1000)).toBe('');
  });
});

describe('truncateAtWord and leadSentences', () => {
  it('cuts at a word and marks the cut', () => {
    expect(truncateAtWord('alpha beta gamma', 12)).toBe('alpha beta…');
    expect(truncateAtWord('alpha beta gamma', 11)).toBe('alpha beta…');
    expect(truncateAtWord('alphabetagamma', 6)).toBe('alpha…');
    expect(truncateAtWord('short', 10)).toBe('short');
  });

  it('takes the first whole sentences that fit', () => {
    const text =
      'Oil rose 3.5% on Monday. U.S. stocks fell! Bonds held? Then a long tail follows here.';
    expect(leadSentences(text, 60)).toBe('Oil rose 3.5% on Monday. U.S. stocks fell! Bonds held?');
    expect(leadSentences(text, 10)).toBe('Oil rose…');
    expect(leadSentences('Short.', 100)).toBe('Short.');
  });
});
