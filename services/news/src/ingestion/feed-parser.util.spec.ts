import { FeedParseError, parseFeed } from './feed-parser.util';

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Sample</title>
    <item>
      <title>Stocks &amp; bonds rally</title>
      <link>https://example.com/a</link>
      <guid isPermaLink="false">a-1</guid>
      <description><![CDATA[<p>Markets <b>rose</b></p>]]></description>
      <pubDate>Sun, 22 Nov 2026 01:00:00 GMT</pubDate>
    </item>
    <item>
      <link>https://example.com/b</link>
      <content:encoded>&lt;p&gt;Only content&lt;/p&gt;</content:encoded>
    </item>
  </channel>
</rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Sample Atom</title>
  <entry>
    <id>urn:uuid:1</id>
    <title type="html">Fed &lt;em&gt;holds&lt;/em&gt;</title>
    <link rel="self" href="https://example.com/self"/>
    <link rel="alternate" href="https://example.com/fed"/>
    <summary>Rates unchanged</summary>
    <updated>2026-11-21T12:00:00Z</updated>
  </entry>
</feed>`;

function parseError(body: string): FeedParseError {
  try {
    parseFeed(body);
  } catch (error) {
    if (error instanceof FeedParseError) return error;
    throw error;
  }
  throw new Error('expected a FeedParseError');
}

describe('parseFeed', () => {
  it('reads RSS 2.0 items', () => {
    const feed = parseFeed(RSS);
    expect(feed.format).toBe('rss');
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toEqual({
      guid: 'a-1',
      link: 'https://example.com/a',
      title: 'Stocks & bonds rally',
      titleType: 'text',
      description: '<p>Markets <b>rose</b></p>',
      publishedAt: new Date('2026-11-22T01:00:00Z'),
    });
    expect(feed.items[1]).toMatchObject({
      link: 'https://example.com/b',
      title: undefined,
      content: '<p>Only content</p>',
      publishedAt: undefined,
    });
  });

  it('reads Atom entries, preferring the alternate link', () => {
    const feed = parseFeed(ATOM);
    expect(feed.format).toBe('atom');
    expect(feed.items).toEqual([
      {
        guid: 'urn:uuid:1',
        link: 'https://example.com/fed',
        title: 'Fed <em>holds</em>',
        description: 'Rates unchanged',
        descriptionType: 'text',
        publishedAt: new Date('2026-11-21T12:00:00Z'),
      },
    ]);
  });

  it('reads a feed with a single item and a plain DOCTYPE', () => {
    const feed = parseFeed(
      '<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">' +
        '<rss version="0.91"><channel><item><title>One</title><link>https://e.com/1</link></item></channel></rss>',
    );
    expect(feed.items).toEqual([expect.objectContaining({ title: 'One' })]);
  });

  it('reads an empty channel as no items', () => {
    expect(parseFeed('<rss version="2.0"><channel><title>x</title></channel></rss>').items).toEqual(
      [],
    );
  });

  it('rejects malformed XML', () => {
    expect(parseError('<rss><channel><item><title>x</item></channel></rss>').code).toBe(
      'malformed',
    );
  });

  it.each([
    '<!DOCTYPE html><html><head><title>Hi</title></head><body><p>Not a feed<br></body></html>',
    '<html><body><p>Hello</p></body></html>',
    '<?xml version="1.0"?><html><body>x</body></html>',
  ])('rejects an HTML page as not a feed: %s', (body) => {
    expect(parseError(body).code).toBe('not-a-feed');
  });

  it.each(['{"items": []}', 'plain text', '<note><to>x</to></note>', ''])(
    'rejects a non-feed response: %s',
    (body) => {
      expect(parseError(body).code).toBe('not-a-feed');
    },
  );

  it('refuses a "billion laughs" document before expanding any entity', () => {
    const entities = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('');
    const body = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol0 "lol">${entities}]><rss><channel><item><title>&lol9;</title><link>https://e.com</link></item></channel></rss>`;
    expect(parseError(body).code).toBe('dtd-not-allowed');
  });

  it('decodes the predefined entities and character references, keeping undeclared ones as written', () => {
    const feed = parseFeed(
      '<rss><channel><item><title>&amp;&lt;&gt;&quot;&apos;&#65;&#x42; &nbsp;&ouml;&amp;amp;</title><link>https://e.com/x?a=1&amp;b=2</link></item></channel></rss>',
    );
    expect(feed.items[0]).toMatchObject({
      title: '&<>"\'AB &nbsp;&ouml;&amp;',
      link: 'https://e.com/x?a=1&b=2',
    });
  });

  it('reads on past a reference to a character XML forbids and a raw control character', () => {
    const feed = parseFeed(
      '<rss><channel><item><title>a&#0;b\u0008c</title><link>https://e.com/x</link></item></channel></rss>',
    );
    expect(feed.items[0]!.title).toBe('a&#0;b\u0008c');
  });

  it('keeps XHTML children of a text element as markup, self-closed and nested alike', () => {
    const feed = parseFeed(
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>x</id><link href="https://e.com/x"/>' +
        '<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">One<br/>two <b>3 &amp; <i>4</i></b><summary/>five</div></content>' +
        '<updated>2026-11-21T12:00:00Z</updated></entry></feed>',
    );
    expect(feed.items[0]).toMatchObject({
      content: '<div>One<br>two <b>3 & <i>4</i></b><summary>five</div>',
      publishedAt: new Date('2026-11-21T12:00:00Z'),
    });
  });

  it.each([
    ['<rss><channel><item><title>x</title></item></channel></rss><rss/>', /one root/],
    ['<rss><channel><item a="1" a="2"/></channel></rss>', /duplicate attribute/],
    ['<rss><channel><item><title>a <b</title></item></channel></rss>', /Malformed XML/],
  ])('names what is wrong in a malformed document: %s', (body, message) => {
    const error = parseError(body);
    expect(error.code).toBe('malformed');
    expect(error.message).toMatch(message);
  });

  it('leaves undeclared entity references unexpanded', () => {
    const feed = parseFeed(
      '<rss><channel><item><title>a &custom; b</title><link>https://e.com/x</link></item></channel></rss>',
    );
    expect(feed.items[0]!.title).toBe('a &custom; b');
  });
});

describe('parseFeed keeps the summary and the body', () => {
  it('reads RSS description and content:encoded as two fields', () => {
    const feed = parseFeed(
      '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>t</title>' +
        '<item><title>T</title><link>https://e.com/a</link><description>Teaser</description>' +
        '<content:encoded><![CDATA[<p>The <b>whole</b> story</p>]]></content:encoded></item></channel></rss>',
    );
    expect(feed.items[0]).toMatchObject({
      description: 'Teaser',
      content: '<p>The <b>whole</b> story</p>',
    });
    expect(feed.items[0]!.contentType).toBeUndefined();
  });

  it('reads RSS 1.0 description and content:encoded as two fields', () => {
    const feed = parseFeed(
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:content="http://purl.org/rss/1.0/modules/content/">' +
        '<item rdf:about="https://e.com/r"><title>R</title><link>https://e.com/r</link><description>Teaser</description>' +
        '<content:encoded>&lt;p&gt;Body&lt;/p&gt;</content:encoded></item></rdf:RDF>',
    );
    expect(feed.items[0]).toMatchObject({ description: 'Teaser', content: '<p>Body</p>' });
  });

  it('reads Atom summary and content as two fields, each with its type', () => {
    const feed = parseFeed(
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><link href="https://e.com/1"/>' +
        '<summary type="text">Teaser</summary><content type="html">&lt;p&gt;Body&lt;/p&gt;</content></entry>' +
        '<entry><id>2</id><link href="https://e.com/2"/><summary>S</summary><content>Plain body</content></entry>' +
        '<entry><id>3</id><link href="https://e.com/3"/><content type="image/png">iVBORw0KGgo=</content></entry></feed>',
    );
    expect(
      feed.items.map((item) => [
        item.description,
        item.descriptionType,
        item.content,
        item.contentType,
      ]),
    ).toEqual([
      ['Teaser', 'text', '<p>Body</p>', undefined],
      ['S', 'text', 'Plain body', 'text'],
      [undefined, undefined, undefined, undefined],
    ]);
  });
});

describe('parseFeed on feeds real sites serve', () => {
  const rss = (items: string, channel = '<channel>') =>
    `<rss version="2.0">${channel}<title>t</title>${items}</channel></rss>`;

  it('reads a bare & in text and attributes as a literal ampersand', () => {
    const feed = parseFeed(
      rss(
        '<item><title>AT&T & Q&A &amp; more &#38; &nbsp;</title><link>https://x.example/?a=1&b=2</link></item>',
      ),
    );
    expect(feed.items[0]).toMatchObject({
      title: 'AT&T & Q&A & more & &nbsp;',
      link: 'https://x.example/?a=1&b=2',
    });
    const atom = parseFeed(
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>x</id><title>P&G</title><link href="https://x.example/?a=1&b=2"/></entry></feed>',
    );
    expect(atom.items[0]).toMatchObject({ title: 'P&G', link: 'https://x.example/?a=1&b=2' });
  });

  it('leaves CDATA sections and comments as written when escaping bare ampersands', () => {
    const feed = parseFeed(
      rss(
        '<!-- a & b --><item><title><![CDATA[R&D &amp; more]]></title><description><![CDATA[<a href="?a=1&b=2">x</a>]]> & y</description><link>https://x.example/</link></item>',
      ),
    );
    expect(feed.items[0]).toMatchObject({
      title: 'R&D &amp; more',
      description: '<a href="?a=1&b=2">x</a> & y',
    });
  });

  it('matches Atom, RDF and content elements by namespace, whatever their prefix', () => {
    const atom = parseFeed(
      '<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:entry><a:id>urn:1</a:id><a:title type="html">T &lt;b&gt;x&lt;/b&gt;</a:title><a:link href="https://e.com/1"/><a:updated>2026-06-01T08:00:00Z</a:updated></a:entry></a:feed>',
    );
    expect(atom).toEqual({
      format: 'atom',
      items: [
        {
          guid: 'urn:1',
          link: 'https://e.com/1',
          title: 'T <b>x</b>',
          publishedAt: new Date('2026-06-01T08:00:00Z'),
        },
      ],
    });
    const mixed = parseFeed(
      '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:p0="http://www.w3.org/2005/Atom"><p0:entry><p0:id>1</p0:id></p0:entry><entry><id>2</id></entry></feed>',
    );
    expect(mixed.items.map((item) => item.guid)).toEqual(['1', '2']);
    const rdf = parseFeed(
      '<RDF:RDF xmlns:RDF="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rss="http://purl.org/rss/1.0/" xmlns:c="http://purl.org/rss/1.0/modules/content/"><rss:item><rss:title>R</rss:title><rss:link>https://e.com/r</rss:link><c:encoded>&lt;p&gt;Body&lt;/p&gt;</c:encoded></rss:item></RDF:RDF>',
    );
    expect(rdf).toMatchObject({
      format: 'rdf',
      items: [{ title: 'R', link: 'https://e.com/r', content: '<p>Body</p>' }],
    });
  });

  it('reads elements of other namespaces, and prefixes bound to nothing, by their written names', () => {
    const feed = parseFeed(
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><atom:link rel="self" href="https://e.com/feed"/>' +
        '<item><title>Undeclared</title><link>https://e.com/u</link><atom:link rel="enclosure" href="https://e.com/other"/><dc:date>2026-05-01T10:00:00Z</dc:date><media:title>Not the title</media:title></item></channel></rss>',
    );
    expect(feed.items).toEqual([
      {
        link: 'https://e.com/u',
        title: 'Undeclared',
        titleType: 'text',
        publishedAt: new Date('2026-05-01T10:00:00Z'),
      },
    ]);
  });

  it('reads an RSS document that declares a default namespace as RSS', () => {
    const feed = parseFeed(
      '<rss version="2.0" xmlns="http://www.w3.org/2005/Atom" xmlns:atom="http://www.w3.org/2005/Atom"><channel><atom:link rel="self" href="https://e.com/feed"/><item><title>In a namespace</title><link>https://e.com/n</link></item></channel></rss>',
    );
    expect(feed).toMatchObject({
      format: 'rss',
      items: [{ title: 'In a namespace', link: 'https://e.com/n' }],
    });
  });

  it('reads a CDATA section as text, a DOCTYPE or an entity declaration in it included', () => {
    const feed = parseFeed(
      rss(
        '<item><title>Page</title><link>https://e.com/p</link><description><![CDATA[<!DOCTYPE html><html><body>Hi</body></html>]]></description></item>' +
          '<item><title>Subset</title><link>https://e.com/s</link><description><![CDATA[<!DOCTYPE x [<!ENTITY a "b">]>]]></description></item>',
      ),
    );
    expect(feed.items.map((item) => item.description)).toEqual([
      '<!DOCTYPE html><html><body>Hi</body></html>',
      '<!DOCTYPE x [<!ENTITY a "b">]>',
    ]);
  });

  it('still refuses an internal DTD subset behind comments and processing instructions', () => {
    expect(
      parseError(
        '<?xml version="1.0"?><!-- c --><?pi x?>\n<!DOCTYPE rss [<!ENTITY a "lol">]><rss><channel><item><title>&a;</title></item></channel></rss>',
      ).code,
    ).toBe('dtd-not-allowed');
    expect(parseError('<!-- page --><!DOCTYPE html><html><body>AT&T</body></html>').code).toBe(
      'not-a-feed',
    );
  });

  it('resolves RSS links against the nearest xml:base: link, item, channel, then the root', () => {
    const feed = parseFeed(
      '<rss version="2.0" xml:base="https://root.example.com/"><channel xml:base="news/">' +
        '<item><link>a.html</link></item>' +
        '<item xml:base="/desk/"><link>b.html</link></item>' +
        '<item><link xml:base="https://link.example.com/x/">c.html</link></item></channel></rss>',
    );
    expect(feed.items.map((item) => [item.base, item.link])).toEqual([
      ['https://root.example.com/news/', 'a.html'],
      ['https://root.example.com/desk/', 'b.html'],
      ['https://link.example.com/x/', 'c.html'],
    ]);
  });

  it('says which titles and descriptions are plain text', () => {
    const atom = parseFeed(
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>a &lt; b</title><content type="html">&lt;p&gt;x&lt;/p&gt;</content></entry>' +
        '<entry><id>2</id><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">X <i>y</i></div></title><summary type="text">s</summary></entry></feed>',
    );
    expect(atom.items.map((item) => [item.titleType, item.descriptionType])).toEqual([
      ['text', undefined],
      [undefined, 'text'],
    ]);
    const rss2 = parseFeed(
      rss(
        '<item><title>a &lt; b</title><description>d</description></item><item><title>Raw <b>markup</b></title></item>',
      ),
    );
    expect(rss2.items.map((item) => [item.titleType, item.descriptionType])).toEqual([
      ['text', undefined],
      [undefined, undefined],
    ]);
  });
});

describe('parseFeed with JSON Feed', () => {
  it('reads a JSON Feed 1.1 into the same item shape', () => {
    const feed = parseFeed(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J',
        items: [
          {
            id: 'j-1',
            url: 'https://j.example.com/1',
            title: 'Hello',
            content_html: '<p>Body &amp; more</p>',
            date_published: '2026-06-01T08:00:00Z',
          },
          { id: 2, external_url: 'https://j.example.com/2', content_text: 'Text only' },
        ],
      }),
    );
    expect(feed).toEqual({
      format: 'json',
      items: [
        {
          guid: 'j-1',
          link: 'https://j.example.com/1',
          title: 'Hello',
          titleType: 'text',
          content: '<p>Body &amp; more</p>',
          publishedAt: new Date('2026-06-01T08:00:00Z'),
        },
        {
          guid: '2',
          link: 'https://j.example.com/2',
          title: undefined,
          content: 'Text only',
          contentType: 'text',
          publishedAt: undefined,
        },
      ],
    });
  });

  it('keeps a summary and the full content apart', () => {
    const feed = parseFeed(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        items: [
          {
            id: 'j-1',
            url: 'https://j.example.com/1',
            summary: 'Short',
            content_html: '<p>Long body</p>',
            content_text: 'Long body',
          },
          { id: 'j-2', url: 'https://j.example.com/2', summary: 'S', content_text: 'Plain body' },
        ],
      }),
    );
    expect(feed.items.map((item) => [item.description, item.content, item.contentType])).toEqual([
      ['Short', '<p>Long body</p>', undefined],
      ['S', 'Plain body', 'text'],
    ]);
  });

  it('refuses JSON that is not a JSON Feed, and broken JSON', () => {
    expect(() => parseFeed('{"version":"1","items":[]}')).toThrow(
      expect.objectContaining({ code: 'not-a-feed' }),
    );
    expect(() => parseFeed('{"version":')).toThrow(expect.objectContaining({ code: 'malformed' }));
  });
});
