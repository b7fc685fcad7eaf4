import { escapeHtml, htmlPage } from '@probedge/kit';

export interface SiteIdentity {
  publicUrl: string;
  brandName: string;
  supportEmail: string;
}

/** The small page a reader lands on from the e-mailed link. */
export function confirmationPage(
  confirmed: boolean,
  message: string,
  site: SiteIdentity,
  unsubscribeUrl?: string,
): string {
  const title = confirmed ? 'Subscription confirmed' : 'Confirmation failed';
  const brand = escapeHtml(site.brandName);
  const support = escapeHtml(site.supportEmail);
  return htmlPage({
    title: `${title} · ${site.brandName}`,
    styles: `
body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#111827}a{color:#1d4ed8}
`,
    body: `
<main>
<h1>${title}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(site.publicUrl)}">Back to ${brand}</a></p>
${unsubscribeUrl ? `<p>Changed your mind? <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> at any time with this link; keep it, it does not expire.</p>\n` : ''}<p>Questions? Write to <a href="mailto:${support}">${support}</a>.</p>
<p><small>Educational content only, not investment advice.</small></p>
</main>
`,
  });
}
