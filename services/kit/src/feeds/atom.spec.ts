import { assertWellFormedXml, atomFeedProblems, parseAtom } from '../testing/atom-feed';
import { renderAtomFeed, rfc3339, xmlText, type AtomEntry, type AtomFeed } from './atom';

const ENTRY: AtomEntry = {
  id: 'https://site.example/guide/exit-plans',
  title: 'Exit plans',
  url: 'https://site.example/guide/exit-plans',
  published: new Date('2026-11-20T09:30:00.000Z'),
  updated: new Date('2026-11-25T13:30:15.250Z'),
  summary: 'Decide the exit before the entry.',
  contentHtml: '<p>Plan the exit.</p>',
  categories: [{ term: 'exit-strategy', label: 'Exit Strategy' }],
};

function feedOf(entries: AtomEntry[], overrides: Partial<AtomFeed> = {}): AtomFeed {
  return {
    id: 'https://site.example/api/feeds/guides',
    title: 'Site guides',
    subtitle: 'Trading guides',
    selfUrl: 'https://site.example/api/feeds/guides',
    alternateUrl: 'https://site.example/guides',
    updated: new Date('2026-11-25T13:30:15Z'),
    authorName: 'Site',
    entries,
    ...overrides,
  };
}

/** Every character XML 1.0 forbids that a text could carry, with allowed ones around them. */
const FORBIDDEN = [
  ...Array.from({ length: 9 }, (_, code) => String.fromCharCode(code)),
  '\u000B',
  '\u000C',
  ...Array.from({ length: 18 }, (_, index) => String.fromCharCode(0x0e + index)),
  '\uFFFE',
  '\uFFFF',
  // Lone surrogates: low before high, or the two would make one valid character.
  '\uDFFF',
  '\uD800',
].join('');

describe('renderAtomFeed', () => {
  it('writes every element RFC 4287 requires of a feed and its entries', () => {
    const xml = renderAtomFeed(feedOf([ENTRY, { ...ENTRY, id: `${ENTRY.id}-2` }]));
    const feed = parseAtom(xml);

    expect(atomFeedProblems(feed)).toEqual([]);
    expect(feed).toMatchObject({
      id: 'https://site.example/api/feeds/guides',
      title: { value: 'Site guides' },
      subtitle: { value: 'Trading guides' },
      updated: '2026-11-25T13:30:15Z',
      authors: [{ name: 'Site' }],
      links: [
        {
          rel: 'self',
          type: 'application/atom+xml',
          href: 'https://site.example/api/feeds/guides',
        },
        { rel: 'alternate', type: 'text/html', href: 'https://site.example/guides' },
      ],
    });
    expect(feed.entries?.[0]).toEqual({
      id: ENTRY.id,
      title: { value: 'Exit plans' },
      links: [{ rel: 'alternate', type: 'text/html', href: ENTRY.url }],
      published: '2026-11-20T09:30:00Z',
      updated: '2026-11-25T13:30:15Z',
      categories: [{ term: 'exit-strategy', label: 'Exit Strategy' }],
      summary: { value: 'Decide the exit before the entry.' },
      content: { type: 'html', value: '<p>Plan the exit.</p>' },
    });
  });

  it('starts with the XML declaration and the Atom namespace', () => {
    const xml = renderAtomFeed(feedOf([]));
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n')).toBe(true);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(atomFeedProblems(parseAtom(xml))).toEqual([]);
  });

  it('escapes markup characters and quotes in text, attributes and links, and reads them back', () => {
    const tricky = `Tom & Jerry <b>"quoted"</b> 'single' ]]> &amp;`;
    const url = 'https://site.example/guide/a?x=1&y="2"';
    const xml = renderAtomFeed(
      feedOf(
        [
          {
            ...ENTRY,
            id: url,
            url,
            title: tricky,
            summary: tricky,
            categories: [{ term: tricky, label: tricky }],
          },
        ],
        { title: tricky, subtitle: tricky, authorName: tricky },
      ),
    );
    const feed = parseAtom(xml);
    const [entry] = feed.entries ?? [];

    expect(xml).not.toContain('<b>');
    expect(xml).not.toContain(']]>');
    expect(feed.title?.value).toBe(tricky);
    expect(feed.subtitle?.value).toBe(tricky);
    expect(feed.authors?.[0]?.name).toBe(tricky);
    expect(entry?.id).toBe(url);
    expect(entry?.links?.[0]?.href).toBe(url);
    expect(entry?.title?.value).toBe(tricky);
    expect(entry?.summary?.value).toBe(tricky);
    expect(entry?.categories).toEqual([{ term: tricky, label: tricky }]);
  });

  it('writes HTML content escaped in <content type="html">, so readers get the markup back', () => {
    const html = '<p>Risk &amp; reward: <em>1 &lt; 2</em></p>\n<ul><li>"a"</li></ul>';
    const xml = renderAtomFeed(feedOf([{ ...ENTRY, contentHtml: html }]));

    expect(xml).toContain(
      '<content type="html">&lt;p&gt;Risk &amp;amp; reward: &lt;em&gt;1 &amp;lt; 2&lt;/em&gt;&lt;/p&gt;',
    );
    expect(parseAtom(xml).entries?.[0]?.content).toEqual({ type: 'html', value: html });
  });

  it('drops every character XML 1.0 forbids, wherever it is, and keeps the rest', () => {
    const dirty = `a${FORBIDDEN}b\tc\nd 😀 é`;
    const xml = renderAtomFeed(
      feedOf(
        [
          {
            ...ENTRY,
            title: dirty,
            summary: dirty,
            contentHtml: `<p>${dirty}</p>`,
            categories: [{ term: dirty, label: dirty }],
          },
        ],
        { title: dirty, subtitle: dirty, authorName: dirty },
      ),
    );

    expect(() => assertWellFormedXml(xml)).not.toThrow();
    expect([...xml].filter((char) => FORBIDDEN.includes(char))).toEqual([]);
    const [entry] = parseAtom(xml).entries ?? [];
    expect(entry?.title?.value).toBe('ab\tc\nd 😀 é');
    expect(entry?.content?.value).toBe('<p>ab\tc\nd 😀 é</p>');
  });

  it('keeps line breaks in attributes and carriage returns as character references', () => {
    expect(xmlText('a\r\nb')).toBe('a&#13;\nb');
    const xml = renderAtomFeed(
      feedOf([{ ...ENTRY, categories: [{ term: 'a\tb', label: 'c\nd' }] }]),
    );
    expect(xml).toContain('<category term="a&#9;b" label="c&#10;d"/>');
  });

  it('leaves out optional elements that are not given', () => {
    const xml = renderAtomFeed(
      feedOf(
        [
          {
            id: ENTRY.id,
            title: 'Only content',
            url: ENTRY.url,
            updated: ENTRY.updated,
            contentHtml: '<p>x</p>',
          },
        ],
        { subtitle: undefined },
      ),
    );
    expect(xml).not.toMatch(/<subtitle|<published|<summary|<category/);
    expect(atomFeedProblems(parseAtom(xml))).toEqual([]);
  });

  it('refuses ids and links that are not absolute IRIs', () => {
    expect(() => renderAtomFeed(feedOf([{ ...ENTRY, id: '/guide/exit-plans' }]))).toThrow(
      'An entry id must be an absolute IRI',
    );
    expect(() => renderAtomFeed(feedOf([], { selfUrl: 'feeds/guides' }))).toThrow(
      'The self link must be an absolute IRI',
    );
    expect(() =>
      renderAtomFeed(feedOf([{ ...ENTRY, id: 'tag:site.example,2026-11-25:daily-analysis' }])),
    ).not.toThrow();
  });

  it('refuses an entry with neither summary nor content', () => {
    const bare = { ...ENTRY, summary: undefined, contentHtml: undefined };
    expect(() => renderAtomFeed(feedOf([bare]))).toThrow('needs a summary or content');
  });
});

describe('rfc3339', () => {
  it('writes UTC to the second', () => {
    expect(rfc3339(new Date('2026-11-25T08:30:00.999-05:00'))).toBe('2026-11-25T13:30:00Z');
  });

  it('refuses an invalid date', () => {
    expect(() => rfc3339(new Date('not a date'))).toThrow(RangeError);
  });
});
