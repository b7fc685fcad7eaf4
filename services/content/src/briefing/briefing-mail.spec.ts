import { NOT_ADVICE_LINE } from '@probedge/proto';
import { renderBriefing, type BriefingContent } from './briefing-mail';

const SITE = {
  brand: 'ProbEdge',
  publicUrl: 'https://probedge.example',
  supportEmail: 'support@probedge.example',
};
const LINKS = {
  page: 'https://probedge.example/newsletter/unsubscribed?token=abc.def',
  oneClick: 'https://probedge.example/api/newsletter/unsubscribe?token=abc.def',
};

function content(over: Partial<BriefingContent> = {}): BriefingContent {
  return {
    marketDate: '2026-11-20',
    analysis: '## Overview\n\nStocks **rose**.\nBonds fell.',
    themes: ['rates'],
    watch: ['Payrolls'],
    newItems: [],
    ...over,
  };
}

describe('renderBriefing', () => {
  it('names the date in the subject and the preheader, and counts the new items', () => {
    const none = renderBriefing(content(), SITE);
    expect(none.subject).toBe('ProbEdge Daily Insights: Friday, November 20, 2026');
    expect(none.preheader).toBe(
      'The market analysis for Friday, November 20, 2026 and what to watch.',
    );
    const item = { kind: 'guide' as const, slug: 'a', title: 'A', description: '' };
    expect(renderBriefing(content({ newItems: [item] }), SITE).preheader).toContain(
      ', 1 new guide or blog and',
    );
    expect(
      renderBriefing(content({ newItems: [item, { ...item, slug: 'b' }] }), SITE).preheader,
    ).toContain(', 2 new guides and blogs and');
  });

  it('renders the analysis as HTML with a plain-text twin', () => {
    const message = renderBriefing(content(), SITE).forRecipient(LINKS);
    expect(message.html).toContain('<h2>Overview</h2>');
    expect(message.html).toContain('<p>Stocks <strong>rose</strong>.<br>\nBonds fell.</p>');
    expect(message.text).toContain('Stocks **rose**.\nBonds fell.');
    expect(message.text).toContain('- Payrolls');
    expect(message.text).toContain('Themes: rates');
    expect(message.html.match(new RegExp(NOT_ADVICE_LINE, 'g'))).toHaveLength(1);
    expect(message.text.match(new RegExp(NOT_ADVICE_LINE, 'g'))).toHaveLength(1);
  });

  it('does not repeat watch lines the analysis already ends with', () => {
    const message = renderBriefing(
      content({
        analysis: 'Calm day.\n\nWhat to watch next:\n- Payrolls',
        watch: ['Payrolls', 'Oil'],
      }),
      SITE,
    ).forRecipient(LINKS);
    expect(message.html.match(/Payrolls/g)).toHaveLength(1);
    expect(message.html).toContain('<li>Oil</li>');
    expect(message.text.match(/Payrolls/g)).toHaveLength(1);
  });

  it('never lets generated text add markup, scripts, images or script links', () => {
    const hostile = renderBriefing(
      content({
        analysis:
          '<script>alert(1)</script>\n\n[click](javascript:alert(1)) ![pixel](https://t.example/p.gif)',
        themes: ['<b>bold</b>'],
        watch: ['"quoted" & <i>x</i>'],
        newItems: [{ kind: 'blog', slug: 'x"y', title: '<img src=x>', description: '<b>d</b>' }],
      }),
      SITE,
    ).forRecipient(LINKS);
    expect(hostile.html).not.toMatch(/<script|<img|<b>|<i>|href="javascript/i);
    expect(hostile.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(hostile.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(hostile.html).toContain('&quot;quoted&quot; &amp; &lt;i&gt;x&lt;/i&gt;');
    expect(hostile.html).toContain('href="https://probedge.example/blog/x%22y"');
  });

  it("fills in each recipient's own links: the visible one and the RFC 8058 headers", () => {
    const rendered = renderBriefing(content(), SITE);
    const message = rendered.forRecipient(LINKS);
    expect(message.html).toContain(
      `<a href="${LINKS.page}" style="color:#0b69a3;">Unsubscribe</a>`,
    );
    expect(message.text).toContain(`Unsubscribe: ${LINKS.page}`);
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${LINKS.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': 'ProbEdge Daily Insights <daily-insights.probedge.example>',
      Precedence: 'bulk',
    });
    const other = rendered.forRecipient({
      page: 'https://x.example/p',
      oneClick: 'https://x.example/o',
    });
    expect(other.html).not.toContain(LINKS.page);
    expect(other.headers['List-Unsubscribe']).toBe('<https://x.example/o>');
  });
});
