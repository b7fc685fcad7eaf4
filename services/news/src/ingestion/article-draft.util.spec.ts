import { toArticleDraft, type DraftContext } from './article-draft.util';

const context: DraftContext = {
  feedUrl: 'https://example.com/feed.xml',
  feed: 'business',
  category: null,
  fetchedAt: new Date('2026-11-22T02:00:00Z'),
};

describe('toArticleDraft', () => {
  it('builds a sanitised row with tickers and a canonical URL', () => {
    expect(
      toArticleDraft(
        {
          guid: 'g-1',
          link: 'https://Example.com/x?utm_source=rss#frag',
          title: '<b>$AAPL</b> and Microsoft (NASDAQ: MSFT) gain',
          description: '<p>Both   rose&nbsp;today</p>',
          publishedAt: new Date('2026-11-22T01:00:00Z'),
        },
        context,
      ),
    ).toEqual({
      guid: 'g-1',
      canonicalUrl: 'https://example.com/x',
      url: 'https://example.com/x?utm_source=rss#frag',
      title: '$AAPL and Microsoft (NASDAQ: MSFT) gain',
      description: 'Both rose today',
      publishedAt: new Date('2026-11-22T01:00:00Z'),
      dated: true,
      feed: 'business',
      category: null,
      tickers: ['AAPL', 'MSFT'],
    });
  });

  it('tags the instruments the title names, then those of the description', () => {
    const draft = toArticleDraft(
      {
        link: 'https://e.com/1',
        title: 'Chipmakers rally; Nvidia leads',
        description: '<p>Broadcom (NASDAQ: AVGO) rose, and so did Nvidia &amp; Apple.</p>',
      },
      context,
    );
    expect(draft?.tickers).toEqual(['NVDA', 'AVGO', 'AAPL']);
  });

  it('uses the fetch time when the date is missing or in the future', () => {
    for (const publishedAt of [undefined, new Date('2027-01-01T00:00:00Z')]) {
      const draft = toArticleDraft({ link: 'https://e.com/1', title: 't', publishedAt }, context);
      expect(draft).toMatchObject({ publishedAt: context.fetchedAt, dated: false });
    }
  });

  it('falls back to the canonical link as GUID', () => {
    expect(toArticleDraft({ link: '/a?utm_medium=x', title: 't' }, context)?.guid).toBe(
      'https://example.com/a',
    );
  });

  it('titles an untitled item by its description, else by its URL', () => {
    const long = 'word '.repeat(100);
    const fromDescription = toArticleDraft({ link: 'https://e.com/1', description: long }, context);
    expect(fromDescription!.title.length).toBeLessThanOrEqual(120);
    expect(fromDescription!.title.startsWith('word word')).toBe(true);
    expect(toArticleDraft({ link: 'https://e.com/2' }, context)!.title).toBe('https://e.com/2');
  });

  it('uses a permalink GUID when there is no link, and skips items with neither', () => {
    expect(toArticleDraft({ guid: 'https://e.com/p', title: 't' }, context)?.url).toBe(
      'https://e.com/p',
    );
    expect(toArticleDraft({ guid: 'not-a-url', title: 't' }, context)).toBeUndefined();
    expect(toArticleDraft({ link: 'javascript:alert(1)', title: 't' }, context)).toBeUndefined();
  });
});
