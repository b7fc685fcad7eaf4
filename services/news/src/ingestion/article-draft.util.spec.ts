import { toArticleDraft, type DraftContext } from './article-draft.util';
import { BODY_HTML_MAX_LENGTH, BODY_TEXT_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from './text.util';

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

describe('toArticleDraft with a body', () => {
  it('keeps the summary as the description and the body as text and safe HTML', () => {
    const draft = toArticleDraft(
      {
        link: 'https://example.com/news/1',
        title: 'Refiners rally',
        description: '<p>Margins widened.</p>',
        content:
          '<p onclick="x()">Refiners <b>gained</b> as <a href="javascript:alert(1)">crack</a> ' +
          '<a href="/spreads">spreads</a> widened.</p><script>track()</script><style>p{}</style>',
      },
      context,
    );
    expect(draft).toMatchObject({
      description: 'Margins widened.',
      bodyText: 'Refiners gained as crack spreads widened.',
      bodyHtml:
        '<p>Refiners <b>gained</b> as crack <a href="https://example.com/spreads" rel="nofollow noopener noreferrer">spreads</a> widened.</p>',
    });
  });

  it('derives a missing summary from the first sentences of the body', () => {
    const sentence = (i: number) => `Sentence number ${i} tells a part of the story.`;
    const body = Array.from({ length: 60 }, (_, i) => `<p>${sentence(i)}</p>`).join('');
    const draft = toArticleDraft({ link: 'https://e.com/1', title: 't', content: body }, context)!;
    expect(draft.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
    expect(draft.description.startsWith(`${sentence(0)} ${sentence(1)}`)).toBe(true);
    expect(draft.description.endsWith('story.')).toBe(true);
    expect(draft.bodyText!.startsWith(draft.description)).toBe(true);
    // A plain-text body gives its summary the same way.
    const plain = toArticleDraft(
      {
        link: 'https://e.com/2',
        title: 't',
        content: 'One. Two &amp; three.',
        contentType: 'text',
      },
      context,
    )!;
    expect(plain).toMatchObject({
      description: 'One. Two & three.',
      bodyText: 'One. Two & three.',
      bodyHtml: '<p>One. Two &amp; three.</p>',
    });
  });

  it('bounds the body text and HTML, cutting at a word and closing every element', () => {
    const content = '<p>alpha <i>beta</i> gamma</p>'.repeat(5000);
    const draft = toArticleDraft({ link: 'https://e.com/1', title: 't', content }, context)!;
    expect(Array.from(draft.bodyText!).length).toBeLessThanOrEqual(BODY_TEXT_MAX_LENGTH);
    expect(draft.bodyText).toMatch(/ (alpha|beta|gamma)…$/);
    expect(draft.bodyHtml!.length).toBeLessThanOrEqual(BODY_HTML_MAX_LENGTH);
    expect(draft.bodyHtml!.length).toBeGreaterThan(BODY_HTML_MAX_LENGTH - 100);
    expect(draft.bodyHtml).toMatch(/<\/p>$/);
    expect(draft.bodyHtml!.match(/<p>/g)!.length).toBe(draft.bodyHtml!.match(/<\/p>/g)!.length);
    expect(draft.bodyHtml!.match(/<i>/g)!.length).toBe(draft.bodyHtml!.match(/<\/i>/g)!.length);
    // Nothing readable is no body at all.
    for (const empty of [undefined, '<script>x()</script>', '<p> </p>']) {
      const none = toArticleDraft(
        { link: 'https://e.com/1', title: 't', content: empty },
        context,
      )!;
      expect([none.bodyText, none.bodyHtml, none.description]).toEqual([undefined, undefined, '']);
    }
  });
});
