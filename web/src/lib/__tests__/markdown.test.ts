import { renderArticle } from '../markdown';

describe('renderArticle', () => {
  it('renders headings, lists, emphasis, code, quotes and GFM tables as HTML', () => {
    const { html } = renderArticle(
      [
        '## Portfolio heat',
        '',
        'Heat is **total** open risk, not *one* trade: `risk / equity`.',
        '',
        '- Position A',
        '- Position B',
        '',
        '1. First',
        '2. Second',
        '',
        '> Cut losses.',
        '',
        '| ρ | spread |',
        '| --- | ---: |',
        '| 0 | 2.2% |',
        '',
        '```',
        'kelly = p - q / b',
        '```',
      ].join('\n'),
    );
    expect(html).toContain('<h2 id="portfolio-heat">Portfolio heat</h2>');
    expect(html).toContain('<strong>total</strong>');
    expect(html).toContain('<em>one</em>');
    expect(html).toContain('<code>risk / equity</code>');
    expect(html).toContain('<ul>\n<li>Position A</li>');
    expect(html).toContain('<ol>\n<li>First</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<table>');
    expect(html).toContain('<td style="text-align:right">2.2%</td>');
    expect(html).toContain('<pre><code>kelly = p - q / b\n</code></pre>');
  });

  it('keeps raw HTML as text and refuses script links', () => {
    const { html } = renderArticle(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [click](javascript:alert(1))',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('[click](javascript:alert(1))');
  });

  it('turns images into their text, so no outside resource is loaded', () => {
    const { html } = renderArticle('![a chart](https://evil.example/track.png)');
    expect(html).toBe('<p>a chart</p>\n');
  });

  it('opens other sites in a new tab that cannot reach back, and keeps own links as they are', () => {
    const { html } = renderArticle('[CFTC](https://www.cftc.gov) and [guides](/guides)');
    expect(html).toContain(
      '<a href="https://www.cftc.gov" target="_blank" rel="noopener noreferrer">CFTC</a>',
    );
    expect(html).toContain('<a href="/guides">guides</a>');
  });

  it('keeps the page title the only h1 and gives every heading a unique anchor', () => {
    const { html, headings } = renderArticle('# Intro\n\n## Risk\n\n### Risk\n\n## Risk');
    expect(html).not.toContain('<h1');
    expect(headings).toEqual([
      { id: 'intro', text: 'Intro', level: 2 },
      { id: 'risk', text: 'Risk', level: 2 },
      { id: 'risk-2', text: 'Risk', level: 3 },
      { id: 'risk-3', text: 'Risk', level: 2 },
    ]);
  });

  it('estimates reading time at 220 words a minute, at least one', () => {
    expect(renderArticle('word '.repeat(1100)).minutes).toBe(5);
    expect(renderArticle('short').minutes).toBe(1);
  });

  it('keeps single line breaks and starts headings lower for the daily texts', () => {
    const { html } = renderArticle('## Themes\nWhat to watch next:\n- rates\n- oil', {
      keepLineBreaks: true,
      firstHeadingLevel: 3,
    });
    expect(html).toBe(
      '<h3 id="themes">Themes</h3>\n<p>What to watch next:</p>\n<ul>\n<li>rates</li>\n<li>oil</li>\n</ul>\n',
    );
    expect(renderArticle('one\ntwo', { keepLineBreaks: true }).html).toBe('<p>one<br>\ntwo</p>\n');
    expect(renderArticle('one\ntwo').html).toBe('<p>one\ntwo</p>\n');
  });

  it('gives tool directives back as parts of their own, in order, when asked', () => {
    const markdown =
      '## Size\n\nText.\n\n```tool kelly\nodds: 2\n```\n\nMore.\n\n```tool none\nx: 1\n```';
    const { parts, headings } = renderArticle(markdown, { embedTools: true });
    expect(parts).toEqual([
      { html: '<h2 id="size">Size</h2>\n<p>Text.</p>\n' },
      { tool: { slug: 'kelly', inputs: { odds: '2' }, unreadable: [] } },
      // An unknown tool is not a directive: its block stays code, for the author to see.
      { html: '<p>More.</p>\n<pre><code class="language-tool">x: 1\n</code></pre>\n' },
    ]);
    expect(headings).toEqual([{ id: 'size', text: 'Size', level: 2 }]);
    // Elsewhere (the daily texts) a directive is only code.
    const plain = renderArticle('```tool kelly\nodds: 2\n```');
    expect(plain.parts).toEqual([{ html: plain.html }]);
    expect(plain.html).toContain('<code class="language-tool">odds: 2');
  });
});
