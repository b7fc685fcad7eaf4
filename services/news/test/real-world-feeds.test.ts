import { xml } from './feed-server';
import { useFeedHarness } from './feed-harness';

/**
 * Feeds shaped like the ones real sites serve, each a class of loss seen in the wild, ingested
 * through the real fetcher and parser into Postgres and checked field by field.
 */
describe('real-world feed shapes', () => {
  const harness = useFeedHarness();
  const { ingest, rowsOf, later } = harness;

  const rss = (items: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>t</title><link>https://show.example.com/</link>${items}</channel></rss>`;

  it('keeps every episode of a show whose items all link to its home page', async () => {
    const episodes = Array.from(
      { length: 6 },
      (_, i) =>
        `<item><guid isPermaLink="false">episode-${i + 1}</guid><title>Episode ${i + 1}</title><link>https://show.example.com/</link><pubDate>Mon, 0${i + 1} Jun 2026 08:00:00 GMT</pubDate></item>`,
    ).join('');

    const report = await ingest('/podcast', rss(episodes));

    expect(report).toMatchObject({ status: 'ingested', items: 6, created: 6, duplicates: 0 });
    const rows = await rowsOf('podcast');
    expect(rows.map((row) => [row.guid, row.title, row.url])).toEqual(
      Array.from({ length: 6 }, (_, i) => [
        `episode-${i + 1}`,
        `Episode ${i + 1}`,
        'https://show.example.com/',
      ]),
    );
  });

  it('shows a story once when two sources carry it, and keeps each source’s own items', async () => {
    const story = (guid: string) =>
      rss(
        `<item><guid>${guid}</guid><title>Same story</title><link>https://wire.example.com/story?utm_source=x</link></item>`,
      );
    harness.server.route('/wire-a', xml(story('a-1')));
    harness.server.route('/wire-b', xml(story('b-1')));
    await harness.ctx.sources.sync([
      { id: 'wire-a', url: harness.server.url('/wire-a'), feed: 'business' },
      { id: 'wire-b', url: harness.server.url('/wire-b'), feed: 'business' },
    ]);

    const report = await harness.ctx.ingestion.ingestDue(later());

    const created = report.sources.map((source) =>
      source.status === 'ingested' ? source.created : -1,
    );
    expect(created.sort()).toEqual([0, 1]);
    const rows = await harness.prisma.article.findMany({
      where: { canonicalUrl: 'https://wire.example.com/story' },
    });
    expect(rows).toHaveLength(1);
  });

  it('reads Atom xhtml content and RSS descriptions written as plain HTML', async () => {
    await ingest(
      '/xhtml',
      `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title><entry><id>urn:x:1</id><title type="html">Rates &amp;amp; bonds</title><link href="https://x.example.com/1"/><updated>2026-06-01T08:00:00Z</updated><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Yields <em>rose</em> after the &amp; auction.</p></div></content></entry></feed>`,
      'application/atom+xml',
    );
    const [atomRow] = await rowsOf('xhtml');
    expect(atomRow).toMatchObject({
      title: 'Rates & bonds',
      description: 'Yields rose after the & auction.',
    });

    await ingest(
      '/html-description',
      rss(
        `<item><guid>h-1</guid><title>Markets</title><link>https://h.example.com/1</link><description><p>Stocks <b>gained</b> on <a href="https://h.example.com/x">earnings</a>.</p></description><content:encoded><![CDATA[<p>The long text.</p>]]></content:encoded></item><item><guid>h-2</guid><title>Only content</title><link>https://h.example.com/2</link><content:encoded><![CDATA[<h2>Full</h2><p>story &amp; more</p>]]></content:encoded></item>`,
      ),
    );
    expect((await rowsOf('html-description')).map((row) => row.description)).toEqual([
      'Stocks gained on earnings.',
      'Full story & more',
    ]);
  });

  it('decodes named entities from across the HTML5 table, and double-escaped markup', async () => {
    await ingest(
      '/entities',
      rss(
        `<item><guid>e-1</guid><title>B&amp;ouml;rse: &amp;bdquo;Aufschwung&amp;ldquo; &amp;hellip; &amp;euro;5 &amp;hearts; &amp;Eacute;lan &amp;frac34;</title><link>https://e.example.com/1</link><description>&amp;lt;p&amp;gt;Double &amp;amp;amp; escaped&amp;lt;/p&amp;gt;</description></item>`,
      ),
    );
    expect(await rowsOf('entities')).toEqual([
      expect.objectContaining({
        title: 'Börse: „Aufschwung“ … €5 ♥ Élan ¾',
        description: 'Double & escaped',
      }),
    ]);
  });

  it.each([
    ['ISO-8859-1', Buffer.from([0xe9, 0x20, 0xfc])],
    ['Windows-1252', Buffer.from([0x80, 0x20, 0x92])],
  ])('decodes a %s feed with neither a declaration nor a charset', async (label, bytes) => {
    const id = `/legacy-${label.toLowerCase()}`;
    const body = Buffer.concat([
      Buffer.from(
        `<rss version="2.0"><channel><title>l</title><item><guid>l-1</guid><title>Caf`,
        'latin1',
      ),
      bytes,
      Buffer.from('</title><link>https://l.example.com/1</link></item></channel></rss>', 'latin1'),
    ]);

    await ingest(id, body, 'application/rss+xml');

    const [row] = await rowsOf(id.slice(1));
    expect(row!.title).toBe(label === 'ISO-8859-1' ? 'Café ü' : 'Caf€ ’');
    expect(row!.title).not.toContain('\uFFFD');
  });

  it('resolves links against xml:base', async () => {
    await ingest(
      '/base',
      `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://base.example.com/blog/"><title>b</title><entry xml:base="2026/"><id>urn:b:1</id><title>Relative</title><link href="post-1.html"/><updated>2026-06-01T08:00:00Z</updated></entry><entry><id>urn:b:2</id><title>Feed base</title><link href="../about"/><updated>2026-06-01T08:00:00Z</updated></entry></feed>`,
      'application/atom+xml',
    );
    expect((await rowsOf('base')).map((row) => row.url)).toEqual([
      'https://base.example.com/blog/2026/post-1.html',
      'https://base.example.com/about',
    ]);
  });

  it('ingests a JSON Feed', async () => {
    await ingest(
      '/json',
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J',
        items: [
          {
            id: 'j-1',
            url: 'https://j.example.com/1',
            title: 'Futures &amp; options',
            content_html: '<p>Open <b>interest</b> rose.</p>',
            date_published: '2026-06-01T08:00:00Z',
          },
        ],
      }),
      'application/feed+json',
    );
    expect(await rowsOf('json')).toEqual([
      expect.objectContaining({
        guid: 'j-1',
        url: 'https://j.example.com/1',
        title: 'Futures & options',
        description: 'Open interest rose.',
        publishedAt: new Date('2026-06-01T08:00:00Z'),
      }),
    ]);
  });

  it('classes an HTML page served where a feed was expected as not a feed', async () => {
    const report = await ingest(
      '/homepage',
      '<!-- site --><html lang="en"><head><title>Home</title><meta charset="utf-8"></head><body><p>Welcome<br></body></html>',
      'text/html; charset=utf-8',
    );
    expect(report).toMatchObject({ status: 'failed' });
    expect(report.status === 'failed' && report.error).toBe(
      'The document is an HTML page, not a feed',
    );
  });
});
