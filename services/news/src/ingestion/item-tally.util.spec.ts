import { draftItem, type DraftContext } from './article-draft.util';
import { readCharset } from './feed-fetcher';
import { parseFeed } from './feed-parser.util';
import { tallyItems, tallyLogFields, tallySeries } from './item-tally.util';

const context: DraftContext = {
  feedUrl: 'https://example.com/feed.xml',
  feed: 'business',
  category: null,
  fetchedAt: new Date('2026-11-22T02:00:00Z'),
};

const rss = (items: string, root = '<rss version="2.0">') =>
  `<?xml version="1.0" encoding="UTF-8"?>${root}<channel><title>t</title>${items}</channel></rss>`;

describe('draftItem', () => {
  it('drops an item with neither a link nor a URL GUID as noLink', () => {
    expect(draftItem({ title: 't' }, context)).toEqual({ dropped: 'noLink' });
    expect(draftItem({ guid: 'not-a-url', title: 't' }, context)).toEqual({ dropped: 'noLink' });
    expect(draftItem({ link: '', guid: 'urn:x', title: 't' }, context)).toEqual({
      dropped: 'noLink',
    });
  });

  it('drops an item whose link is no http(s) URL as invalidLink', () => {
    for (const link of ['javascript:alert(1)', 'mailto:desk@example.com', 'http://[bad']) {
      expect(draftItem({ link, title: 't' }, context)).toEqual({ dropped: 'invalidLink' });
    }
  });

  it('keeps items without a title, without a date or dated in the future', () => {
    for (const item of [
      { link: 'https://e.com/1' },
      { link: 'https://e.com/2', title: 't', publishedAt: new Date('2030-01-01T00:00:00Z') },
      { guid: 'https://e.com/3' },
    ]) {
      expect(draftItem(item, context)).toHaveProperty('draft');
    }
  });
});

describe('parseFeed recoveries', () => {
  const item = '<item><guid>g</guid><title>T</title><link>https://e.com/1</link></item>';

  it('reports none for a well-formed feed, and none for an & inside CDATA', () => {
    expect(parseFeed(rss(item)).recoveries).toBeUndefined();
    expect(
      parseFeed(rss('<item><title><![CDATA[AT&T]]></title><link>https://e.com/1</link></item>'))
        .recoveries,
    ).toBeUndefined();
    expect(
      parseFeed('{"version":"https://jsonfeed.org/version/1.1","items":[]}').recoveries,
    ).toBeUndefined();
  });

  it('reports a bare & it escaped', () => {
    const feed = parseFeed(
      rss('<item><title>AT&T</title><link>https://e.com/?a=1&b=2</link></item>'),
    );
    expect(feed.recoveries).toEqual(['ampersand']);
    expect(feed.items).toHaveLength(1);
  });

  it('reports undeclared entities and forbidden characters', () => {
    expect(
      parseFeed(rss('<item><title>caf&eacute;</title><link>https://e.com/1</link></item>'))
        .recoveries,
    ).toEqual(['entity']);
    expect(
      parseFeed(rss('<item><title>bell\u0007</title><link>https://e.com/1</link></item>'))
        .recoveries,
    ).toEqual(['character']);
  });

  it('reports an unbound prefix and a default namespace that would rename RSS elements', () => {
    expect(
      parseFeed(rss('<item><media:title>m</media:title><link>https://e.com/1</link></item>'))
        .recoveries,
    ).toEqual(['namespace']);
    const atomDefault = parseFeed(
      rss(item, '<rss version="2.0" xmlns="http://www.w3.org/2005/Atom">'),
    );
    expect(atomDefault.recoveries).toEqual(['namespace']);
    expect(atomDefault.items).toHaveLength(1);
    // RSS 2.0's own namespace under <rss> renames nothing.
    expect(
      parseFeed(rss(item, '<rss version="2.0" xmlns="http://backend.userland.com/rss2">'))
        .recoveries,
    ).toBeUndefined();
  });

  it('reports each recovery once, however often the document needs it', () => {
    const feed = parseFeed(
      rss(
        '<item><title>A&B &nbsp;</title><link>https://e.com/1</link></item>' +
          '<item><title>C&D &nbsp;</title><link>https://e.com/2</link></item>',
      ),
    );
    expect(feed.recoveries?.sort()).toEqual(['ampersand', 'entity']);
  });
});

describe('readCharset', () => {
  it('marks an encoding told from the bytes as detected, a declared one as not', () => {
    const declared = '<?xml version="1.0" encoding="UTF-16"?><rss/>';
    expect(readCharset(null, Buffer.from(declared, 'utf16le'))).toEqual({
      charset: 'utf-16le',
      detected: true,
    });
    const latin = Buffer.from('<rss><title>caf\xe9</title></rss>', 'latin1');
    expect(readCharset(null, latin)).toEqual({ charset: 'windows-1252', detected: true });
    expect(readCharset('text/xml; charset=iso-8859-1', latin)).toEqual({
      charset: 'iso-8859-1',
      detected: false,
    });
    expect(readCharset(null, Buffer.from('<rss><title>café</title></rss>'))).toEqual({
      charset: 'utf-8',
      detected: false,
    });
    expect(readCharset(null, Buffer.from(`\uFEFF${declared}`, 'utf16le')).detected).toBe(false);
  });
});

describe('tallyItems', () => {
  const counts = { created: 3, updated: 1, unchanged: 2, duplicates: 1 };

  it('splits items into stored, known, duplicate and dropped by reason', () => {
    const tally = tallyItems({
      items: 10,
      recoveries: [],
      drops: ['noLink', 'noLink', 'invalidLink'],
      counts,
    });
    expect(tally).toEqual({
      items: 10,
      stored: 3,
      known: 3,
      duplicates: 1,
      recovered: 0,
      recoveries: [],
      dropped: { noLink: 2, invalidLink: 1 },
    });
    expect(
      tally.stored +
        tally.known +
        tally.duplicates +
        tally.dropped.noLink +
        tally.dropped.invalidLink,
    ).toBe(tally.items);
  });

  it('counts every item of a document that needed a recovery as recovered', () => {
    const tally = tallyItems({
      items: 7,
      recoveries: ['charset', 'ampersand'],
      drops: ['noLink'],
      counts,
    });
    expect(tally).toMatchObject({ recovered: 7, recoveries: ['charset', 'ampersand'] });
  });

  it('logs only the drop reasons that occurred', () => {
    expect(
      tallyLogFields(tallyItems({ items: 8, recoveries: ['entity'], drops: ['noLink'], counts })),
    ).toEqual({
      items: 8,
      stored: 3,
      known: 3,
      duplicates: 1,
      recovered: 8,
      recoveries: ['entity'],
      dropped: { noLink: 1 },
    });
    expect(tallyLogFields(tallyItems({ items: 7, recoveries: [], drops: [], counts }))).toEqual({
      items: 7,
      stored: 3,
      known: 3,
      duplicates: 1,
      recovered: 0,
      dropped: {},
    });
  });

  it('gives one series per outcome and per drop reason, zeros included', () => {
    expect(
      tallySeries(tallyItems({ items: 8, recoveries: [], drops: ['invalidLink'], counts })),
    ).toEqual([
      { outcome: 'stored', count: 3 },
      { outcome: 'known', count: 3 },
      { outcome: 'duplicate', count: 1 },
      { outcome: 'recovered', count: 0 },
      { outcome: 'dropped', reason: 'noLink', count: 0 },
      { outcome: 'dropped', reason: 'invalidLink', count: 1 },
    ]);
  });
});
