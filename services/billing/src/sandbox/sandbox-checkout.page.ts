import { escapeHtml, htmlPage } from '@probedge/kit';
import { PRICE } from '@probedge/proto';

export interface SandboxCheckoutView {
  brand: string;
  action: string;
  email: string;
  cancelUrl: string;
  /** Why the last submit was refused. */
  error?: string;
}

/**
 * The sandbox's stand-in for Stripe's hosted checkout: it asks for the buyer's e-mail (the address
 * they sign in with later) and "pays" on submit. Plain, accessible HTML, clearly labelled.
 */
export function sandboxCheckoutPage(view: SandboxCheckoutView): string {
  const price = PRICE.display;
  const brand = escapeHtml(view.brand);
  const error = view.error
    ? `<p id="email-error" role="alert" class="error">${escapeHtml(view.error)}</p>`
    : '';
  return htmlPage({
    title: `Sandbox checkout — ${view.brand}`,
    styles: `
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
[role="note"] { background: #fff3cd; color: #5c4400; border: 2px solid #b38600; padding: 0.75rem 1rem; border-radius: 0.5rem; font-weight: 600; }
label { display: block; font-weight: 600; margin-top: 1rem; }
input { font: inherit; width: 100%; padding: 0.5rem; box-sizing: border-box; }
button { font: inherit; padding: 0.6rem 1.2rem; margin-top: 1rem; }
.error { color: #8a1c1c; font-weight: 600; }
`,
    body: `
<header>
<p role="note">Sandbox billing — no real payment. This page stands in for the payment provider's checkout.</p>
<h1>${brand} Professional Trading App</h1>
<p>${price} per ${PRICE.period}</p>
</header>
<main>
<form method="post" action="${escapeHtml(view.action)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(view.email)}"${view.error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${error}
<p>You sign in with this address on any device.</p>
<button type="submit">Pay ${price} (sandbox)</button>
</form>
<p><a href="${escapeHtml(view.cancelUrl)}">Cancel and go back</a></p>
</main>
`,
  });
}
