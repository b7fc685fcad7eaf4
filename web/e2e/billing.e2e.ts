import type { Page } from 'playwright-core';
import { baseUrl, openPage, payInSandbox, suiteBrowser } from './support/browser';

/** Collects console errors of a page opened by the app itself (the checkout tab). */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

describe('sandbox subscription purchase', () => {
  const browser = suiteBrowser();

  it('a visitor without a subscription sees the locked button', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/professional-trading`);
    const locked = page.getByRole('button', { name: /Subscription Required/ });
    await locked.waitFor();
    expect(await locked.isDisabled()).toBe(true);
    expect(
      await page.getByRole('link', { name: 'Subscribe to the Professional Trading App' }).count(),
    ).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('/subscribe → Get Started → sandbox checkout page in a new tab → success → unlocked professional page', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/subscribe`);
    await page.getByRole('heading', { level: 1, name: /^Choose Your .+ Plan$/ }).waitFor();

    // The sandbox checkout page stands in for Stripe's: the buyer's e-mail, then Pay.
    const checkoutTab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Get Started' }).click();
    // The tab opens empty within the click and goes to the checkout once the service answers.
    const tab = await checkoutTab;
    const tabProblems = watchProblems(tab);
    const sessionId = await payInSandbox(tab, 'buyer@example.com');
    expect(new URL(tab.url()).pathname).toBe('/subscribe/success');
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    expect(sessionId).toMatch(/^cs_sandbox_/);

    await tab.getByText('Payment successful!').waitFor({ timeout: 15_000 });
    expect(await tab.getByText('Sandbox: no real payment was taken').count()).toBe(1);
    await page.getByText('Sandbox: no real payment was taken').waitFor();
    expect(await tab.getByText(`…${sessionId.slice(-8)}`).count()).toBe(1);
    expect(
      await tab.getByRole('link', { name: 'Go to Professional Page' }).getAttribute('href'),
    ).toBe(`/professional-trading?session_id=${sessionId}`);
    expect(await tab.evaluate(() => window.localStorage.getItem('stripe_session_id'))).toBe(
      sessionId,
    );

    // The success page's own link; the tab is on the payment provider's return origin (PUBLIC_URL),
    // which is where the access cookie was set.
    await tab.getByRole('link', { name: 'Go to Professional Page' }).click();
    const launch = tab.getByRole('button', { name: 'Launch Professional Trading App' });
    await launch.waitFor();
    expect(await launch.isEnabled()).toBe(true);

    await tab.goto(new URL('/daytrader', tab.url()).href);
    await tab.getByText('Subscription Active!').waitFor();

    expect(problems).toEqual([]);
    expect(tabProblems).toEqual([]);
  });

  it('a canceled checkout shows the toast and drops the parameter', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/subscribe?canceled=true`);
    await page.getByText('Checkout Canceled', { exact: true }).waitFor();
    await page.waitForURL((url) => !url.searchParams.has('canceled'));
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    expect(problems).toEqual([]);
  });
});
