import MarkdownIt from 'markdown-it';
import type { NewsArticle } from '../news/news-article';
import { BuiltinWriter } from './builtin-writer';
import { buildDigest } from './day-digest.util';
import { inlineText, plainTextBlocks } from './markdown-text.util';
import type { DayInput } from './writer';

/** The options the site and the briefing mail render daily texts with. */
const site = new MarkdownIt('default', { html: false, linkify: false, breaks: true });

const HOSTILE = [
  '[Claim your refund](https://evil.example/phish)',
  '<https://evil.example/auto>',
  '<victim@evil.example>',
  '[mail](mailto:victim@evil.example)',
  '![pixel](https://evil.example/p.png)',
  '<a href="https://evil.example">click</a>',
  '[ref][x]\n\n[x]: https://evil.example/ref',
  '[1]\n\n[1]: https://evil.example/cite',
  '[2](https://evil.example/cite) [3][4] [5][] ![6](https://evil.example/i.png)',
  '[[7]](https://evil.example/nested)',
];

function rendered(markdown: string): string {
  return site.render(markdown);
}

function article(title: string, fields: Partial<NewsArticle> = {}): NewsArticle {
  return {
    id: `id-${title.length}-${title.slice(0, 8)}`,
    title,
    description: title,
    url: 'https://news.example.com/1',
    publishedAt: '2026-11-20T13:00:00.000Z',
    feed: 'business',
    sourceId: 'wire',
    category: '',
    tickers: ['NVDA'],
    ...fields,
  };
}

function dayOf(articles: NewsArticle[]): DayInput {
  return {
    marketDate: '2026-11-20',
    windowHours: 24,
    articles,
    digest: buildDigest(articles, [], 5),
    markets: null,
  };
}

describe('feed text as Markdown', () => {
  it.each(HOSTILE)('renders %j as its own text, with no link, image or tag', (text) => {
    const html = rendered(`Carried by "${inlineText(text)}".`);
    expect(html).not.toMatch(/<a |<img |<h\d|<blockquote/);
    expect(html).toContain(site.utils.escapeHtml(text.replace(/\s+/g, ' ')));
  });

  it('keeps a model answer to paragraphs of text, whatever it echoes', () => {
    const answer = [
      '# Not a heading',
      '> not a quote',
      '1. not a list',
      '- nor this',
      '    not code',
      '---',
      'Read [this](https://evil.example) or <https://evil.example> [3].',
      '',
      'Second paragraph with *no* emphasis.',
    ].join('\n');
    const html = rendered(plainTextBlocks(answer));
    expect(html).not.toMatch(/<(a|h\d|blockquote|ol|ul|li|pre|code|hr|em|strong)\b/);
    expect(html.match(/<p>/g)).toHaveLength(2);
    expect(html).toContain('[this](https://evil.example) or &lt;https://evil.example&gt; [3].');
    expect(html).toContain('# Not a heading<br>\n&gt; not a quote<br>\n1. not a list');
  });
});

describe('the built-in writer with hostile headlines', () => {
  const writer = new BuiltinWriter();
  const articles = HOSTILE.map((text, index) =>
    article(`Chipmakers rally ${index} ${text}`, { sourceId: `wire ${text}` }),
  );

  it('writes an analysis whose only markup is its own', async () => {
    const html = rendered(await writer.analysis(dayOf(articles)));
    expect(html).not.toMatch(/<a |<img |<script|href=/);
    expect(html).toContain('Carried by &quot;Chipmakers rally 2 &lt;victim@evil.example&gt;&quot;');
    expect(html).toContain('<li>');
  });

  it('writes an opinion that quotes the headline as text', async () => {
    const source = articles[0]!;
    const html = rendered(await writer.opinion(dayOf(articles), source));
    expect(html).not.toMatch(/<a |<img |href=/);
    expect(html).toContain(
      'Responding to &quot;Chipmakers rally 0 [Claim your refund](https://evil.example/phish)&quot;',
    );
  });
});
