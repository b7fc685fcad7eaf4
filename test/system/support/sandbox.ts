/** The name=value of a cookie among the Set-Cookie headers of a response. */
export function cookieOf(res: Response, name: string): string {
  const header = res.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie was set`);
  return header.split(';')[0]!;
}

export interface SandboxPurchase {
  sessionId: string;
  /** probedge_checkout=…, the cookie binding the purchase to this browser. */
  checkoutCookie: string;
  /** probedge_access=…, the purchase cookie the activation set. */
  accessCookie: string;
}

/**
 * A sandbox purchase through the gateway as a browser makes it: checkout, the sandbox checkout
 * page's form with the buyer's e-mail, then activation with the checkout cookie.
 */
export async function buyInSandbox(gateway: string, email: string): Promise<SandboxPurchase> {
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${gateway}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    });
  const checkout = await post('/api/create-checkout-session', { tier: 'professional' });
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}`);
  const checkoutCookie = cookieOf(checkout, 'probedge_checkout');
  const page = new URL(((await checkout.json()) as { url: string }).url);
  const sessionId = page.pathname.split('/').at(-1)!;
  const paid = await fetch(`${gateway}${page.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });
  if (paid.status !== 303) throw new Error(`the sandbox checkout page answered ${paid.status}`);
  const activation = await post('/api/activate-subscription', { sessionId }, checkoutCookie);
  if (activation.status !== 200) throw new Error(`activation answered ${activation.status}`);
  return { sessionId, checkoutCookie, accessCookie: cookieOf(activation, 'probedge_access') };
}
