import { escapeHtml, longDate } from '@probedge/kit';
import { NOT_ADVICE_LINE } from '@probedge/proto';
import MarkdownIt from 'markdown-it';

/** What one day's briefing says; the same for every subscriber. */
export interface BriefingContent {
  marketDate: string;
  analysis: string;
  themes: string[];
  watch: string[];
  newItems: { kind: 'guide' | 'blog'; slug: string; title: string; description: string }[];
}

export interface SiteDetails {
  brand: string;
  publicUrl: string;
  supportEmail: string;
}

export interface RecipientLinks {
  /** The unsubscribe page (a visible link). */
  page: string;
  /** RFC 8058 one-click target. */
  oneClick: string;
}

export interface RenderedBriefing {
  subject: string;
  /** The line inbox lists show after the subject. */
  preheader: string;
  /** The message for one recipient: parts and list headers carrying their own links. */
  forRecipient(links: RecipientLinks): {
    html: string;
    text: string;
    headers: Record<string, string>;
  };
}

/**
 * Generated texts are light Markdown: paragraphs, single line breaks, lists, perhaps headings.
 * Raw HTML is escaped and images stay text: a mail must not load anything on opening.
 */
const parser = new MarkdownIt('default', { html: false, linkify: false, breaks: true }).disable(
  'image',
);

const STYLES = {
  body: 'margin:0;padding:0;background:#f4f6f8;',
  wrap: 'max-width:600px;margin:0 auto;padding:24px 16px;font-family:Helvetica,Arial,sans-serif;color:#1f2933;font-size:16px;line-height:1.55;',
  card: 'background:#ffffff;border-radius:8px;padding:24px;',
  h1: 'font-size:22px;margin:0 0 4px;',
  date: 'color:#52606d;margin:0 0 16px;font-size:14px;',
  h2: 'font-size:18px;margin:28px 0 8px;border-top:1px solid #e4e7eb;padding-top:20px;',
  footer: 'color:#52606d;font-size:13px;margin-top:20px;text-align:center;',
  link: 'color:#0b69a3;',
} as const;

/** The placeholders a rendered template holds until a recipient's links are known. */
const PAGE_LINK = '\u0000page\u0000';

function pageUrl(site: SiteDetails, path: string): string {
  return new URL(path, site.publicUrl).toString();
}

function itemPath(item: BriefingContent['newItems'][number]): string {
  return `/${item.kind}/${encodeURIComponent(item.slug)}`;
}

function htmlPart(content: BriefingContent, site: SiteDetails, date: string, preheader: string) {
  const link = (href: string, text: string) =>
    `<a href="${escapeHtml(href)}" style="${STYLES.link}">${escapeHtml(text)}</a>`;
  const sections = [
    `<h2 style="${STYLES.h2}">Today's analysis</h2>`,
    parser.render(content.analysis),
  ];
  if (content.watch.length > 0 || content.themes.length > 0) {
    sections.push(`<h2 style="${STYLES.h2}">What to watch</h2>`);
    if (content.watch.length > 0) {
      sections.push(
        `<ul>${content.watch.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      );
    }
    if (content.themes.length > 0) {
      sections.push(`<p>Themes: ${content.themes.map(escapeHtml).join(', ')}</p>`);
    }
  }
  if (content.newItems.length > 0) {
    sections.push(`<h2 style="${STYLES.h2}">New guides and blogs</h2>`);
    sections.push(
      `<ul>${content.newItems
        .map(
          (item) =>
            `<li>${link(pageUrl(site, itemPath(item)), item.title)}${
              item.description ? ` — ${escapeHtml(item.description)}` : ''
            }</li>`,
        )
        .join('')}</ul>`,
    );
  }
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${site.brand} Daily Insights, ${date}`)}</title></head>`,
    `<body style="${STYLES.body}">`,
    // The preheader: shown by inbox lists, hidden in the message itself.
    `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(preheader)}</div>`,
    `<div style="${STYLES.wrap}"><div style="${STYLES.card}">`,
    `<h1 style="${STYLES.h1}">${escapeHtml(site.brand)} Daily Insights</h1>`,
    `<p style="${STYLES.date}">${escapeHtml(date)}</p>`,
    ...sections,
    content.analysis.includes(NOT_ADVICE_LINE)
      ? ''
      : `<p style="font-size:13px;color:#52606d;">${escapeHtml(NOT_ADVICE_LINE)}</p>`,
    `<p>${link(site.publicUrl, `Read more on ${site.brand}`)}</p>`,
    '</div>',
    `<p style="${STYLES.footer}">You receive this because you subscribed to ${escapeHtml(site.brand)} Daily Insights.<br>`,
    `<a href="${PAGE_LINK}" style="${STYLES.link}">Unsubscribe</a> · Questions? ${link(`mailto:${site.supportEmail}`, site.supportEmail)}</p>`,
    '</div></body></html>',
  ].join('\n');
}

function textPart(content: BriefingContent, site: SiteDetails, date: string): string {
  const lines = [
    `${site.brand} Daily Insights — ${date}`,
    '',
    "TODAY'S ANALYSIS",
    '',
    content.analysis.trim(),
  ];
  if (content.watch.length > 0 || content.themes.length > 0) {
    lines.push('', 'WHAT TO WATCH', '');
    lines.push(...content.watch.map((line) => `- ${line}`));
    if (content.themes.length > 0) lines.push(`Themes: ${content.themes.join(', ')}`);
  }
  if (content.newItems.length > 0) {
    lines.push('', 'NEW GUIDES AND BLOGS', '');
    for (const item of content.newItems)
      lines.push(`- ${item.title}: ${pageUrl(site, itemPath(item))}`);
  }
  lines.push(
    '',
    '--',
    `You receive this because you subscribed to ${site.brand} Daily Insights.`,
    `Unsubscribe: ${PAGE_LINK}`,
    `Questions? ${site.supportEmail}`,
  );
  if (!content.analysis.includes(NOT_ADVICE_LINE)) lines.push('', NOT_ADVICE_LINE);
  return lines.join('\n');
}

/** The day's briefing, rendered once; each recipient's copy only fills in their own links. */
export function renderBriefing(given: BriefingContent, site: SiteDetails): RenderedBriefing {
  // Writers that end their text with what to watch would otherwise say it twice.
  const content = { ...given, watch: given.watch.filter((line) => !given.analysis.includes(line)) };
  const date = longDate(content.marketDate);
  const count = content.newItems.length;
  const subject = `${site.brand} Daily Insights: ${date}`;
  const preheader = `The market analysis for ${date}${
    count > 0 ? `, ${count} new guide${count === 1 ? ' or blog' : 's and blogs'}` : ''
  } and what to watch.`;
  const [htmlBefore, htmlAfter] = htmlPart(content, site, date, preheader).split(PAGE_LINK);
  const [textBefore, textAfter] = textPart(content, site, date).split(PAGE_LINK);
  return {
    subject,
    preheader,
    forRecipient(links) {
      return {
        html: `${htmlBefore}${escapeHtml(links.page)}${htmlAfter}`,
        text: `${textBefore}${links.page}${textAfter}`,
        headers: {
          'List-Unsubscribe': `<${links.oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': `${site.brand} Daily Insights <daily-insights.${new URL(site.publicUrl).hostname}>`,
          Precedence: 'bulk',
        },
      };
    },
  };
}
