import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, openPage, payInSandbox, signInLinkFor, suiteBrowser } from './support/browser';

/** A sandbox purchase from /subscribe in this page's browser: the session id of the checkout. */
async function buy(page: Page, email: string): Promise<string> {
  await page.goto(`${baseUrl()}/subscribe`);
  const checkoutTab = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Get Started' }).click();
  const tab = await checkoutTab;
  const sessionId = await payInSandbox(tab, email);
  await tab.getByText('Payment successful!').waitFor({ timeout: 15_000 });
  await tab.close();
  return sessionId;
}

async function hasAccess(context: BrowserContext): Promise<boolean> {
  const res = await context.request.get(`${baseUrl()}/api/check-subscription`);
  return ((await res.json()) as { hasAccess: boolean }).hasAccess;
}

async function professionalPageUnlocked(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/professional-trading`);
  await page.getByRole('button', { name: 'Launch Professional Trading App' }).waitFor();
}

describe('members: access that follows the subscriber', () => {
  const browser = suiteBrowser();

  it('buy → lose the cookies → sign in by the link from the inbox → professional page unlocked', async () => {
    const email = `journey.${Date.now()}@example.com`;
    // /account asks who is signed in: 401 while nobody is.
    const { page, problems } = await openPage(browser(), [
      { path: '/api/members/me', status: 401 },
    ]);
    await buy(page, email);
    await professionalPageUnlocked(page);

    // Cookies and storage gone, as on a second device or after clearing them.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`${baseUrl()}/professional-trading`);
    await page.getByRole('button', { name: /Subscription Required/ }).waitFor();

    const asked = Date.now() - 1000;
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/sign-in?returnTo=%2Fprofessional-trading');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText('Check your inbox.').waitFor();
    expect(await page.getByRole('button', { name: /Send again in \d+ s/ }).isDisabled()).toBe(true);

    await page.goto(await signInLinkFor(email, asked));
    // The link names who it signs in and waits for a click, even in the browser that asked.
    await page.getByRole('button', { name: `Sign in as ${email}` }).click();
    await page.getByRole('heading', { name: "You're signed in" }).waitFor();
    expect(await page.getByText(`Signed in as ${email}.`).count()).toBe(1);
    // The token leaves the address bar at once.
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/professional-trading');
    await page.getByRole('button', { name: 'Launch Professional Trading App' }).waitFor();

    // Signing out on /account ends it.
    await page.goto(`${baseUrl()}/account`);
    await page.getByText(email).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await hasAccess(page.context())).toBe(false);
    expect(problems).toEqual([]);
  });

  it("an attacker's sign-in link opened in the victim's browser signs nobody in by itself", async () => {
    const attackerEmail = `attacker.${Date.now()}@example.com`;
    const attacker = await openPage(browser(), [{ path: '/api/members/me', status: 401 }]);
    const asked = Date.now() - 1000;
    const requested = await attacker.page
      .context()
      .request.post(`${baseUrl()}/api/members/sign-in`, {
        data: { email: attackerEmail },
      });
    expect(requested.status()).toBe(202);
    const link = await signInLinkFor(attackerEmail, asked);

    // The victim is signed in as themselves; the attacker's link is opened in their browser.
    const victimEmail = `victim.${Date.now()}@example.com`;
    const victim = await openPage(browser(), [{ path: '/api/members/me', status: 401 }]);
    const victimAsked = Date.now() - 1000;
    await victim.page.goto(`${baseUrl()}/sign-in`);
    await victim.page.getByLabel('E-mail').fill(victimEmail);
    await victim.page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await victim.page.getByText('Check your inbox.').waitFor();
    await victim.page.goto(await signInLinkFor(victimEmail, victimAsked));
    await victim.page.getByRole('button', { name: `Sign in as ${victimEmail}` }).click();
    await victim.page.getByRole('heading', { name: "You're signed in" }).waitFor();
    const cookiesBefore = await victim.page.context().cookies();

    await victim.page.goto(link);

    await victim.page.getByRole('heading', { name: 'Switch who is signed in?' }).waitFor();
    expect(
      await victim.page.getByText(`This browser is signed in as ${victimEmail}.`).count(),
    ).toBe(1);
    expect(await victim.page.getByText(`This link signs in ${attackerEmail}.`).count()).toBe(1);
    expect(await victim.page.getByText(/asked for in another browser/).count()).toBe(1);
    await victim.page.getByRole('link', { name: `Stay signed in as ${victimEmail}` }).click();
    await victim.page.waitForURL('**/account');
    // The address alone, as the account page names the member: the page left behind named it
    // inside longer sentences, and can still be on screen when the address changes.
    await victim.page
      .getByRole('heading', { level: 1, name: 'Manage Subscription & Billing' })
      .waitFor();
    await victim.page.getByText(victimEmail, { exact: true }).waitFor();
    expect(await victim.page.context().cookies()).toEqual(cookiesBefore);

    // A fresh browser (no session) is asked to confirm the address; it is not signed in meanwhile.
    const fresh = await openPage(browser(), [{ path: '/api/members/me', status: 401 }]);
    await fresh.page.goto(link);
    await fresh.page.getByRole('heading', { name: 'Is this your address?' }).waitFor();
    const me = await fresh.page.context().request.get(`${baseUrl()}/api/members/me`);
    expect(me.status()).toBe(401);
    await fresh.page.getByRole('link', { name: 'Not me' }).click();
    expect((await fresh.page.context().request.get(`${baseUrl()}/api/members/me`)).status()).toBe(
      401,
    );

    // The link still works in the browser that asked for it.
    await attacker.page.goto(link);
    await attacker.page.getByRole('button', { name: `Sign in as ${attackerEmail}` }).click();
    await attacker.page.getByRole('heading', { name: "You're signed in" }).waitFor();
    expect(attacker.problems).toEqual([]);
    expect(victim.problems).toEqual([]);
    expect(fresh.problems).toEqual([]);
  });

  it("a foreign success link neither replaces the visitor's access nor routes their next checkout to someone else", async () => {
    const stranger = await openPage(browser());
    const strangersSession = await buy(stranger.page, `stranger.${Date.now()}@example.com`);
    const visitor = await openPage(browser(), [
      { path: '/api/activate-subscription', status: 403 },
      { path: '/api/members/me', status: 401 },
    ]);
    const visitorEmail = `visitor.${Date.now()}@example.com`;
    await buy(visitor.page, visitorEmail);
    const cookiesBefore = await visitor.page.context().cookies();

    await visitor.page.goto(`${baseUrl()}/subscribe/success?session_id=${strangersSession}`);
    const alert = visitor.page.getByRole('alert');
    await alert
      .getByText('This checkout was completed in another browser.', { exact: false })
      .waitFor();
    expect(await alert.getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    expect(await visitor.page.getByText('Payment successful!').count()).toBe(0);

    // The visitor's own access is untouched, cookie for cookie.
    expect(await hasAccess(visitor.page.context())).toBe(true);
    expect(await visitor.page.context().cookies()).toEqual(cookiesBefore);
    // The next checkout is the visitor's own: its sandbox page offers nothing of the stranger's.
    await visitor.page.goto(`${baseUrl()}/subscribe`);
    const checkoutTab = visitor.page.context().waitForEvent('page');
    await visitor.page.getByRole('button', { name: 'Get Started' }).click();
    const tab = await checkoutTab;
    await tab.waitForURL('**/api/billing/sandbox-checkout/**');
    await tab.close();
    await visitor.page.goto(`${baseUrl()}/account`);
    await visitor.page.getByRole('button', { name: 'Manage Subscription & Billing' }).click();
    await visitor.page.waitForURL('**/api/billing/sandbox-portal');
    expect(await visitor.page.locator('[data-status]').count()).toBe(1);
    expect(visitor.problems).toEqual([]);
    expect(stranger.problems).toEqual([]);
  });

  it('/daytrader shows no banner for a bogus session id, and shows it after a real purchase', async () => {
    const { page, problems } = await openPage(browser());
    // The access check has answered (false) before the page is judged.
    await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/check-subscription')),
      page.goto(`${baseUrl()}/daytrader?session_id=bogus`),
    ]);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText('Subscription Active!').count()).toBe(0);

    const sessionId = await buy(page, `daytrader.${Date.now()}@example.com`);
    await page.goto(`${baseUrl()}/daytrader?session_id=${sessionId}`);
    await page.getByText('Subscription Active!').waitFor();
    expect(problems).toEqual([]);
  });
});
