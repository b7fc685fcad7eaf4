import { gzipSync } from 'node:zlib';
import { encodeLegacy } from './legacy-encoding';
import { useFeedHarness } from './feed-harness';

/**
 * Feeds real sites serve that a strict reader loses, served over HTTP, ingested through the real
 * fetcher and parser into Postgres and read back: each keeps its items, and what is not a feed at
 * all is still refused with its reason.
 */
describe('feeds a strict reader would lose', () => {
  const { ingest, rowsOf } = useFeedHarness();

  const rss = (items: string, channel = '<channel>') =>
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0">${channel}<title>t</title>${items}</channel></rss>`;

  describe('bare ampersands', () => {
    it('keeps the items of a feed with a bare & in links and titles, as a literal ampersand', async () => {
      const report = await ingest(
        '/bare-amp',
        rss(
          '<item><guid>amp-1</guid><title>AT&T raises its dividend</title><link>https://x.example/?a=1&b=2</link></item>' +
            '<item><guid>amp-2</guid><title>Q&A: rates &amp; bonds & more</title><link>https://x.example/qa</link><description>Fees & charges &lt;b&gt;rise&lt;/b&gt;</description></item>',
        ),
      );

      expect(report).toMatchObject({ status: 'ingested', items: 2, created: 2 });
      expect(
        (await rowsOf('bare-amp')).map((row) => [row.title, row.url, row.description]),
      ).toEqual([
        ['AT&T raises its dividend', 'https://x.example/?a=1&b=2', ''],
        ['Q&A: rates & bonds & more', 'https://x.example/qa', 'Fees & charges rise'],
      ]);
    });

    it('keeps an Atom entry whose link attribute holds a bare &', async () => {
      const report = await ingest(
        '/bare-amp-atom',
        '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>AT&T news</title><entry><id>urn:amp:1</id><title>Procter & Gamble</title><link href="https://x.example/pg?id=7&src=feed"/><updated>2026-06-01T08:00:00Z</updated></entry></feed>',
        'application/atom+xml',
      );

      expect(report).toMatchObject({ status: 'ingested', items: 1 });
      expect(await rowsOf('bare-amp-atom')).toEqual([
        expect.objectContaining({
          title: 'Procter & Gamble',
          url: 'https://x.example/pg?id=7&src=feed',
        }),
      ]);
    });
  });

  describe('namespace prefixes', () => {
    it('reads an Atom feed whose elements carry a prefix bound to the Atom namespace', async () => {
      const report = await ingest(
        '/prefixed-atom',
        '<?xml version="1.0" encoding="utf-8"?><a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:title>P</a:title><a:entry><a:id>urn:p:1</a:id><a:title>Prefixed entry</a:title><a:link rel="alternate" href="https://p.example.com/1"/><a:summary>Summary text</a:summary><a:updated>2026-06-01T08:00:00Z</a:updated></a:entry></a:feed>',
        'application/atom+xml',
      );

      expect(report).toMatchObject({ status: 'ingested', items: 1, created: 1 });
      expect(await rowsOf('prefixed-atom')).toEqual([
        expect.objectContaining({
          guid: 'urn:p:1',
          title: 'Prefixed entry',
          url: 'https://p.example.com/1',
          description: 'Summary text',
          publishedAt: new Date('2026-06-01T08:00:00Z'),
        }),
      ]);
    });

    it('reads entries written with a generated prefix inside a default-namespace feed', async () => {
      const report = await ingest(
        '/p0-entry',
        '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:p0="http://www.w3.org/2005/Atom"><title>G</title><p0:entry><p0:id>urn:g:1</p0:id><p0:title>Generated prefix</p0:title><p0:link href="https://g.example.com/1"/><p0:updated>2026-06-01T08:00:00Z</p0:updated></p0:entry><entry><id>urn:g:2</id><title>Plain</title><link href="https://g.example.com/2"/><updated>2026-06-01T09:00:00Z</updated></entry></feed>',
        'application/atom+xml',
      );

      expect(report).toMatchObject({ status: 'ingested', items: 2, created: 2 });
      expect((await rowsOf('p0-entry')).map((row) => [row.guid, row.title, row.url])).toEqual([
        ['urn:g:1', 'Generated prefix', 'https://g.example.com/1'],
        ['urn:g:2', 'Plain', 'https://g.example.com/2'],
      ]);
    });

    it('reads an RSS 1.0 document whose root uses another prefix for the RDF namespace', async () => {
      const report = await ingest(
        '/prefixed-rdf',
        '<?xml version="1.0"?><RDF:RDF xmlns:RDF="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dcterms="http://purl.org/dc/elements/1.1/"><channel RDF:about="https://r.example.com/"><title>R</title><link>https://r.example.com/</link></channel><item RDF:about="https://r.example.com/1"><title>RDF item</title><link>https://r.example.com/1</link><description>Text</description><dcterms:date>2026-05-01T10:00:00Z</dcterms:date></item></RDF:RDF>',
        'application/rdf+xml',
      );

      expect(report).toMatchObject({ status: 'ingested', items: 1, created: 1 });
      expect(await rowsOf('prefixed-rdf')).toEqual([
        expect.objectContaining({
          title: 'RDF item',
          url: 'https://r.example.com/1',
          publishedAt: new Date('2026-05-01T10:00:00Z'),
        }),
      ]);
    });
  });

  it('keeps an item whose CDATA description holds a whole HTML page with its DOCTYPE', async () => {
    const report = await ingest(
      '/cdata-doctype',
      rss(
        '<item><guid>cd-1</guid><title>Embedded page</title><link>https://c.example.com/1</link><description><![CDATA[<!DOCTYPE html><html><body><p>Inner text</p></body></html>]]></description></item>' +
          '<item><guid>cd-2</guid><title>Second</title><link>https://c.example.com/2</link></item>',
      ),
    );

    expect(report).toMatchObject({ status: 'ingested', items: 2, created: 2 });
    expect((await rowsOf('cdata-doctype')).map((row) => [row.title, row.description])).toEqual([
      ['Embedded page', 'Inner text'],
      ['Second', ''],
    ]);
  });

  describe('a literal < in text', () => {
    it('stores plain-text titles with their < and escaped markup as written', async () => {
      await ingest(
        '/literal-lt',
        rss(
          '<item><guid>lt-1</guid><title>Why a&lt;b matters</title><link>https://l.example.com/1</link></item>' +
            '<item><guid>lt-2</guid><title>RSS &lt;&lt;&lt;Tutorial&gt;&gt;&gt;</title><link>https://l.example.com/2</link></item>' +
            '<item><guid>lt-3</guid><title>&lt;rss version="2.0"&gt; explained</title><link>https://l.example.com/3</link></item>',
        ),
      );

      expect((await rowsOf('literal-lt')).map((row) => row.title)).toEqual([
        'Why a<b matters',
        'RSS <<<Tutorial>>>',
        '<rss version="2.0"> explained',
      ]);
    });

    it('keeps escaped code in an HTML description while stripping its real markup', async () => {
      await ingest(
        '/escaped-code',
        rss(
          '<item><guid>ec-1</guid><title>Twice</title><link>https://l.example.com/c1</link><description>&lt;p&gt;Start every feed with &lt;code&gt;&amp;lt;rss version="2.0"&amp;gt;&lt;/code&gt;, then a &amp;lt;channel&amp;gt;.&lt;/p&gt;</description></item>' +
            '<item><guid>ec-2</guid><title>Once</title><link>https://l.example.com/c2</link><description>Start every feed with &lt;rss version="2.0"&gt;, then a &lt;channel&gt; &lt;b&gt;first&lt;/b&gt;.</description></item>',
        ),
      );

      expect((await rowsOf('escaped-code')).map((row) => row.description)).toEqual([
        'Start every feed with <rss version="2.0">, then a <channel>.',
        'Start every feed with <rss version="2.0">, then a <channel> first.',
      ]);
    });

    it('keeps escaped markup in an Atom text title and strips it in an HTML one', async () => {
      await ingest(
        '/atom-text-types',
        '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title>' +
          '<entry><id>urn:tt:1</id><title type="text">Using &lt;em&gt; in HTML</title><link href="https://t.example.com/1"/><updated>2026-06-01T08:00:00Z</updated><summary>a &lt; b</summary></entry>' +
          '<entry><id>urn:tt:2</id><title type="html">Fed &lt;em&gt;holds&lt;/em&gt;</title><link href="https://t.example.com/2"/><updated>2026-06-01T08:00:00Z</updated></entry></feed>',
        'application/atom+xml',
      );

      expect((await rowsOf('atom-text-types')).map((row) => [row.title, row.description])).toEqual([
        ['Using <em> in HTML', 'a < b'],
        ['Fed holds', ''],
      ]);
    });
  });

  it.each(['utf-16le', 'utf-16be'])(
    'decodes a %s feed without a byte-order mark from its declaration',
    async (encoding) => {
      const text = `<?xml version="1.0" encoding="UTF-16"?><rss version="2.0"><channel><title>u</title><item><guid>u16-1</guid><title>Zürich: Börse schließt fester</title><link>https://u.example.com/1</link></item></channel></rss>`;
      const bytes = Buffer.from(text, 'utf16le');
      if (encoding === 'utf-16be') bytes.swap16();
      const path = `/${encoding}`;

      const report = await ingest(path, bytes, 'application/rss+xml');

      expect(report).toMatchObject({ status: 'ingested', items: 1 });
      expect((await rowsOf(path.slice(1)))[0]!.title).toBe('Zürich: Börse schließt fester');
    },
  );

  describe('single-quoted charsets', () => {
    const title = 'Новости дня';
    const document = (declaration: string) =>
      Buffer.concat([
        Buffer.from(
          `${declaration}<rss version="2.0"><channel><title>c</title><item><guid>q-1</guid><title>`,
        ),
        encodeLegacy(title, 'windows-1251'),
        Buffer.from('</title><link>https://q.example.com/1</link></item></channel></rss>'),
      ]);

    it('honours a single-quoted charset in the Content-Type header', async () => {
      await ingest('/quoted-header', document(''), "text/xml; charset='windows-1251'");
      expect((await rowsOf('quoted-header'))[0]!.title).toBe(title);
    });

    it('honours a single-quoted encoding in the XML declaration', async () => {
      await ingest(
        '/quoted-declaration',
        document(`<?xml version='1.0' encoding='windows-1251'?>`),
        'text/xml',
      );
      expect((await rowsOf('quoted-declaration'))[0]!.title).toBe(title);
    });

    it('honours the XML declaration of a document that starts with blank lines', async () => {
      await ingest(
        '/declaration-after-blank-lines',
        document(`\r\n\n<?xml version='1.0' encoding='windows-1251'?>`),
        'text/xml',
      );
      expect((await rowsOf('declaration-after-blank-lines'))[0]!.title).toBe(title);
    });
  });

  it.each([
    [
      'euc-jp',
      '日経平均株価が大幅に上昇、三万円台を回復した',
      '東京証券取引所で半導体関連の銘柄に買いが集まっている',
    ],
    [
      'shift_jis',
      '日本銀行は金融政策の現状維持を決めました',
      '円相場は一時一ドル百五十円まで下落しました',
    ],
    [
      'euc-kr',
      '코스피가 외국인 매수에 힘입어 상승 마감했다',
      '한국은행이 기준금리를 동결하기로 결정했습니다',
    ],
    ['gbk', '上证指数今日收盘上涨，成交量明显放大', '中国人民银行宣布下调存款准备金率'],
    [
      'koi8-r',
      'Рынок акций вырос на фоне снижения ставки',
      'Центральный банк сохранил ключевую ставку',
    ],
  ])(
    'detects an undeclared %s feed instead of reading it as Windows-1252',
    async (charset, first, second) => {
      const item = (guid: string, title: string) =>
        Buffer.concat([
          Buffer.from(`<item><guid>${guid}</guid><title>`),
          encodeLegacy(title, charset),
          Buffer.from(`</title><link>https://legacy.example.com/${guid}</link></item>`),
        ]);
      const body = Buffer.concat([
        Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel><title>l</title>'),
        item('1', first),
        item('2', second),
        Buffer.from('</channel></rss>'),
      ]);
      const path = `/undeclared-${charset.replace('_', '-')}`;

      await ingest(path, body, 'application/rss+xml');

      expect((await rowsOf(path.slice(1))).map((row) => row.title)).toEqual([first, second]);
    },
  );

  it('resolves relative RSS links against the nearest xml:base', async () => {
    await ingest(
      '/rss-base',
      rss(
        '<item><guid>b-1</guid><title>Channel base</title><link>2026/story.html</link></item>' +
          '<item xml:base="https://other.example.com/desk/"><guid>b-2</guid><title>Item base</title><link>../markets/</link></item>' +
          '<item><guid>b-3</guid><title>Absolute</title><link>https://abs.example.com/x</link></item>',
        '<channel xml:base="https://base.example.com/news/">',
      ),
    );

    expect((await rowsOf('rss-base')).map((row) => row.url)).toEqual([
      'https://base.example.com/news/2026/story.html',
      'https://other.example.com/markets/',
      'https://abs.example.com/x',
    ]);
  });

  describe('what is not a feed stays refused', () => {
    it.each([
      [
        'an HTML page with bare ampersands',
        '/html-amp',
        '<!DOCTYPE html><html><head><title>AT&T</title></head><body><p>Q&A</p></body></html>',
        'text/html',
        'The document is an HTML page, not a feed',
      ],
      [
        'gzip bytes served without a Content-Encoding',
        '/raw-gzip',
        gzipSync(
          Buffer.from(rss('<item><title>Hidden</title><link>https://z.example.com/</link></item>')),
        ),
        'application/rss+xml',
        'The response is not XML',
      ],
      [
        'broken XML that only looks like a feed',
        '/broken-amp',
        rss('<item><title>AT&T<link>https://b.example.com/</link></item>'),
        'application/rss+xml; charset=utf-8',
        /^Malformed XML/,
      ],
    ])('refuses %s with its reason and writes nothing', async (_name, path, body, type, error) => {
      const report = await ingest(path, body, type);

      expect(report).toMatchObject({ status: 'failed' });
      expect(report.status === 'failed' && report.error).toEqual(
        typeof error === 'string' ? error : expect.stringMatching(error),
      );
      expect(await rowsOf(path.slice(1))).toHaveLength(0);
    });
  });
});
