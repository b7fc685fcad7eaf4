import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, openPage, payInSandbox, signInLinkFor } from './support/browser';

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
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(() => browser.close());

  it('buy → lose the cookies → sign in by the link from the inbox → professional page unlocked', async () => {
    const email = `journey.${Date.now()}@example.com`;
    // /account asks who is signed in: 401 while nobody is.
    const { page, problems } = await openPage(browser, [{ path: '/api/members/me', status: 401 }]);
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

  it("a foreign success link neither replaces the visitor's access nor routes their next checkout to someone else", async () => {
    const stranger = await openPage(browser);
    const strangersSession = await buy(stranger.page, `stranger.${Date.now()}@example.com`);
    const visitor = await openPage(browser, [
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
    const { page, problems } = await openPage(browser);
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
