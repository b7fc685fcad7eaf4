import { escapeHtml, htmlPage } from '@probedge/kit';
import type { Subscription } from '../generated/prisma/client';
import { SANDBOX_PORTAL_CANCEL_PATH } from './sandbox.provider';

function describe(subscription: Subscription): string {
  const period = subscription.currentPeriodEnd
    ? ` — current period ends ${subscription.currentPeriodEnd.toISOString().slice(0, 10)}`
    : '';
  return `<li><strong>Professional Trading App</strong>: <span data-status>${escapeHtml(
    subscription.status,
  )}</span>${escapeHtml(period)}</li>`;
}

/** The sandbox's stand-in for Stripe's customer portal: plain, accessible HTML, clearly labelled. */
export function sandboxPortalPage(
  subscriptions: Subscription[] | null,
  site: { returnUrl: string; brandName: string; supportEmail: string },
): string {
  const brand = escapeHtml(site.brandName);
  const support = escapeHtml(site.supportEmail);
  const live = (subscriptions ?? []).filter((subscription) => subscription.status !== 'canceled');
  const body =
    subscriptions === null
      ? '<p>No sandbox subscription is linked to this browser.</p>'
      : `<h2>Your subscriptions</h2><ul>${subscriptions.map(describe).join('')}</ul>` +
        (live.length > 0
          ? `<form method="post" action="${SANDBOX_PORTAL_CANCEL_PATH}"><button type="submit">Cancel subscription</button></form>`
          : '<p>You have no active subscription.</p>');
  return htmlPage({
    title: `Sandbox billing portal — ${site.brandName}`,
    styles: `
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
[role="note"] { background: #fff3cd; color: #5c4400; border: 2px solid #b38600; padding: 0.75rem 1rem; border-radius: 0.5rem; font-weight: 600; }
button { font: inherit; padding: 0.5rem 1rem; }
`,
    body: `
<header>
<p role="note">Sandbox billing — no real payment. This page stands in for the payment provider's customer portal.</p>
<h1>Manage your sandbox subscription</h1>
</header>
<main>
${body}
<p><a href="${escapeHtml(site.returnUrl)}">Return to ${brand}</a></p>
<p>Questions about billing? Write to <a href="mailto:${support}">${support}</a>.</p>
</main>
`,
  });
}
