import { escapeHtml, type MailMessage } from '@probedge/kit';

export interface SignInMailInput {
  to: string;
  link: string;
  brand: string;
  minutes: number;
}

/** The sign-in link mail, as text and HTML. */
export function signInMail({ to, link, brand, minutes }: SignInMailInput): MailMessage {
  const subject = `Your ${brand} sign-in link`;
  const text = [
    `Sign in to ${brand} with this link:`,
    '',
    link,
    '',
    `It works once, for ${minutes} minutes. If you did not ask to sign in, ignore this message: nothing changes.`,
    '',
    'Educational content only, not investment advice.',
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 36rem; margin: 0 auto; padding: 1rem;">
<h1 style="font-size: 1.25rem;">Sign in to ${escapeHtml(brand)}</h1>
<p><a href="${safeLink}" style="display: inline-block; background: #1d4ed8; color: #ffffff; padding: 0.6rem 1.2rem; border-radius: 0.4rem; text-decoration: none; font-weight: 600;">Sign in</a></p>
<p>Or open this address: <a href="${safeLink}">${safeLink}</a></p>
<p>The link works once, for ${minutes} minutes. If you did not ask to sign in, ignore this message: nothing changes.</p>
<p style="color: #555555; font-size: 0.875rem;">Educational content only, not investment advice.</p>
</body></html>
`;
  return { to, subject, text, html };
}
