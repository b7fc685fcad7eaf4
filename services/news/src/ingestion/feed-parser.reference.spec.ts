import { parseFeed as referenceParse } from 'feedsmith';
import { parseFeed, type ParsedFeedItem } from './feed-parser.util';
import {
  BODY_TEXT_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  toPlainText,
} from './text.util';

/**
 * Our reader against a maintained feed library (feedsmith) on the shapes real feeds take: for every
 * item, the same identity, link, date and the same stored text (titles, summaries and bodies as
 * plain text, which is what an article keeps). What only we do is left out: xml:base, the refusal
 * of DTDs, the classing of HTML pages.
 */
type Loose = Record<string, unknown> | undefined;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
/** Atom text constructs come as { value, type }; RSS elements as strings. */
const textOf = (value: unknown): string | undefined => str(value) ?? str((value as Loose)?.value);
const date = (value: unknown): Date | undefined => {
  const text = str(value);
  return text === undefined ? undefined : new Date(text);
};

function referenceItems(document: string): ParsedFeedItem[] {
  const { format, feed } = referenceParse(document) as { format: string; feed: Loose };
  if (format === 'atom') {
    return ((feed?.entries as Loose[]) ?? []).map((entry) => {
      const links = (entry?.links as Loose[]) ?? [];
      const alternate = links.find((link) => (link?.rel ?? 'alternate') === 'alternate');
      return {
        guid: str(entry?.id),
        link: str((alternate ?? links[0])?.href),
        title: textOf(entry?.title),
        description: textOf(entry?.summary),
        content: textOf(entry?.content),
        publishedAt: date(entry?.published) ?? date(entry?.updated),
      };
    });
  }
  if (format === 'json') {
    return ((feed?.items as Loose[]) ?? []).map((item) => ({
      guid: str(item?.id),
      link: str(item?.url) ?? str(item?.external_url),
      title: str(item?.title),
      description: str(item?.summary),
      content: str(item?.content_html) ?? str(item?.content_text),
      publishedAt: date(item?.date_published) ?? date(item?.date_modified),
    }));
  }
  return ((feed?.items as Loose[]) ?? []).map((item) => ({
    guid: textOf(item?.guid),
    link: str(item?.link),
    title: str(item?.title),
    description: str(item?.description),
    content: str((item?.content as Loose)?.encoded),
    publishedAt: date(item?.pubDate) ?? date(((item?.dc as Loose)?.dates as unknown[])?.[0]),
  }));
}

/** What an article keeps of an item. */
function stored(item: ParsedFeedItem) {
  return {
    guid: item.guid,
    link: item.link,
    title: toPlainText(item.title, TITLE_MAX_LENGTH),
    description: toPlainText(item.description, DESCRIPTION_MAX_LENGTH),
    content: toPlainText(item.content, BODY_TEXT_MAX_LENGTH),
    publishedAt: item.publishedAt?.toISOString(),
  };
}

const rss = (items: string, version = '2.0') =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="${version}" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>t</title><link>https://show.example.com/</link><description>d</description>${items}</channel></rss>`;
const atom = (entries: string) =>
  `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>urn:feed</id><title>t</title><updated>2026-11-22T01:00:00Z</updated>${entries}</feed>`;

const DOCUMENTS: [string, string][] = [
  [
    'RSS 2.0 with CDATA, content:encoded and dc:date',
    rss(
      `<item><title>Stocks &amp; bonds</title><link>https://e.com/a</link><guid isPermaLink="false">a-1</guid><description><![CDATA[<p>Markets <b>rose</b></p>]]></description><pubDate>Sun, 22 Nov 2026 01:00:00 GMT</pubDate></item>` +
        `<item><title>Only content</title><link>https://e.com/b</link><content:encoded><![CDATA[<p>Full <em>text</em></p>]]></content:encoded><dc:date>2026-11-21T08:00:00Z</dc:date></item>`,
    ),
  ],
  [
    'a show whose episodes all link to its home page',
    rss(
      Array.from(
        { length: 4 },
        (_, i) =>
          `<item><guid isPermaLink="false">episode-${i}</guid><title>Episode ${i}</title><link>https://show.example.com/</link><pubDate>Mon, 0${i + 1} Jun 2026 08:00:00 GMT</pubDate></item>`,
      ).join(''),
    ),
  ],
  [
    'escaped and double-escaped HTML in descriptions',
    rss(
      `<item><title>Escaped</title><link>https://e.com/c</link><description>&lt;p&gt;One &lt;a href="x"&gt;link&lt;/a&gt;.&lt;/p&gt;&lt;p&gt;Two&lt;/p&gt;</description></item>` +
        `<item><title>Twice</title><link>https://e.com/d</link><description>&amp;lt;p&amp;gt;Body &amp;amp;amp; more&amp;lt;/p&amp;gt;</description></item>`,
    ),
  ],
  [
    'unescaped HTML inside an RSS description',
    rss(
      `<item><title>Raw</title><link>https://e.com/e</link><description><p>Para with <a href="https://e.com">a link</a></p><ul><li>one</li><li>two</li></ul></description></item>`,
    ),
  ],
  [
    'named entities from across the HTML5 table and numeric references',
    rss(
      `<item><title>K&#246;ln &#x201E;Zitat&#x201C; &#8230; 5&#8239;%</title><link>https://e.com/f</link><description>Caf&#233; &#x2014; na&#239;ve</description></item>`,
    ),
  ],
  [
    'RSS 0.91',
    rss(
      `<item><title>Old</title><link>https://e.com/g</link><description>Plain</description></item>`,
      '0.91',
    ),
  ],
  [
    'RDF (RSS 1.0)',
    `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="https://e.com/"><title>t</title><link>https://e.com/</link><description>d</description></channel><item rdf:about="https://e.com/h"><title>RDF item</title><link>https://e.com/h</link><description>Text &amp; more</description><dc:date>2026-11-20T10:00:00Z</dc:date></item></rdf:RDF>`,
  ],
  [
    'Atom with text, html and xhtml content and several links',
    atom(
      `<entry><id>urn:1</id><title type="html">Fed &lt;em&gt;holds&lt;/em&gt;</title><link rel="self" href="https://e.com/self"/><link rel="alternate" href="https://e.com/fed"/><summary>Rates unchanged</summary><updated>2026-11-21T12:00:00Z</updated></entry>` +
        `<entry><id>urn:2</id><title>Html</title><link href="https://e.com/2"/><content type="html">&lt;p&gt;Escaped &lt;b&gt;html&lt;/b&gt;&lt;/p&gt;</content><published>2026-11-20T12:00:00Z</published><updated>2026-11-21T12:00:00Z</updated></entry>` +
        `<entry><id>urn:3</id><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">X <i>title</i></div></title><link href="https://e.com/3"/><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>One<br/>two <b>three</b></p></div></content><updated>2026-11-19T12:00:00Z</updated></entry>`,
    ),
  ],
  [
    'JSON Feed 1.1 with summaries and modified dates',
    JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'j',
      items: [
        {
          id: 'j-10',
          url: 'https://j.example.com/10',
          title: 'Rates &amp; yields',
          summary: 'Short <b>summary</b>',
          content_html: '<p>Longer body</p>',
          date_modified: '2026-06-02T09:30:00Z',
        },
        { id: 'j-11', url: 'https://j.example.com/11', content_text: 'Plain text only' },
      ],
    }),
  ],
];

describe('parseFeed against feedsmith', () => {
  it.each(DOCUMENTS)('reads %s as the reference library does', (_name, document) => {
    const ours = parseFeed(document).items.map(stored);
    const reference = referenceItems(document).map(stored);
    expect(reference.length).toBeGreaterThan(0);
    expect(ours).toEqual(reference);
  });
});
