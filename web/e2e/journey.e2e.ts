import {
  baseUrl,
  mailedLink,
  mailedMessage,
  NO_DAILY_ITEMS_YET,
  openPage,
  payInSandbox,
  suiteBrowser,
  waitForSampleArticles,
} from './support/browser';

/**
 * One visitor over the whole product on the local stack, by its own links wherever the product
 * offers one: the newsletter, reading, the news pages, generating the day's analysis (which mails
 * the morning briefing), the demo, a sandbox purchase, the unlocked professional page and the
 * billing portal. This is the only browser test
 * that generates the daily analysis, so it can expect the day to start without one.
 */
describe('a visitor over the whole product', () => {
  const browser = suiteBrowser();

  beforeAll(async () => {
    await waitForSampleArticles();
  });

  it('reads, generates the analysis, subscribes in the sandbox and manages the subscription', async () => {
    const { page, problems } = await openPage(browser(), NO_DAILY_ITEMS_YET);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const main = page.locator('main');

    await page.goto(`${baseUrl()}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The visitor signs up for the morning briefing and confirms from the inbox.
    const reader = `journey.${Date.now()}@example.com`;
    await page.getByLabel('E-mail address').fill(reader);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /inbox/i }).waitFor();
    const confirm = new URL(
      await mailedLink(reader, /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/),
    );
    await page.goto(`${baseUrl()}${confirm.pathname}${confirm.search}`);
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();
    await page.goto(`${baseUrl()}/`);

    await nav.getByRole('link', { name: 'Guides' }).click();
    await page.waitForURL('**/guides');
    await page
      .getByRole('link', { name: /Read Guide/ })
      .first()
      .click();
    await page.waitForURL(/\/guide\/[a-z0-9-]+$/);
    await main
      .getByText(/^Updated/)
      .first()
      .waitFor();
    expect(await main.innerText()).toContain('Educational content only, not investment advice.');

    await nav.getByRole('link', { name: 'Blogs' }).click();
    await page.waitForURL('**/blogs');
    await page
      .getByRole('link', { name: /Read Blog/ })
      .first()
      .click();
    await page.getByText('← Back to Blogs').waitFor();

    await nav.getByRole('link', { name: 'Trading Edge' }).click();
    await page.waitForURL('**/business');
    await page
      .getByRole('link', { name: /Read More/ })
      .first()
      .waitFor();

    await nav.getByRole('link', { name: 'Analysis' }).click();
    await page.waitForURL('**/analysis');
    await page.getByText('No AI analysis available right now').waitFor();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Generate AI Analysis' }).click(),
    ]);
    await page.getByText(/Daily Market Analysis for \w+day,/).waitFor();
    expect(await main.innerText()).toContain('Coverage:');
    expect(await page.getByRole('button', { name: 'Generate AI Analysis' }).count()).toBe(0);

    // The day's analysis reaches the reader as the morning briefing (the local stack mails every
    // day), readable as HTML, and its one-click header unsubscribes as a mail provider would.
    const briefing = await mailedMessage(reader, /Daily Insights: \w+day, /);
    expect(briefing.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const mail = await page.context().newPage();
    await mail.setContent(briefing.html);
    await mail.getByRole('heading', { name: "Today's analysis" }).waitFor();
    expect(await mail.locator('body').innerText()).toContain('Coverage:');
    await mail.close();
    const oneClick = /^<(.+)>$/.exec(briefing.header('list-unsubscribe') ?? '')?.[1] ?? '';
    const left = await page
      .context()
      .request.post(oneClick, { multipart: { 'List-Unsubscribe': 'One-Click' } });
    expect(left.status()).toBe(200);
    expect(await left.json()).toEqual({
      message: expect.stringMatching(/^You are unsubscribed/),
    });

    await page.goto(`${baseUrl()}/opinion`);
    await page.getByRole('link', { name: 'Read More' }).first().waitFor();

    await page.goto(`${baseUrl()}/demo`);
    await page.getByText('DEMO MODE: SAMPLE DATA ONLY').waitFor();
    const toProfessional = page.getByRole('link', {
      name: 'Professional Trading App - $29.99/month',
    });
    expect(await toProfessional.count()).toBe(2);
    await toProfessional.last().click();
    await page.waitForURL('**/professional-trading');
    await page.getByRole('button', { name: /Subscription Required/ }).waitFor();

    await page.getByRole('link', { name: 'Subscribe to the Professional Trading App' }).click();
    await page.waitForURL('**/subscribe');
    const checkoutTab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Get Started' }).click();
    const tab = await checkoutTab;
    const tabProblems: string[] = [];
    tab.on('pageerror', (error) => tabProblems.push(`page error: ${error.message}`));
    await payInSandbox(tab, 'journey@example.com');
    await tab.getByText('Payment successful!').waitFor({ timeout: 15_000 });

    await tab.getByRole('link', { name: 'Go to Professional Page' }).click();
    const launch = tab.getByRole('button', { name: 'Launch Professional Trading App' });
    await launch.waitFor();
    expect(await launch.isEnabled()).toBe(true);

    await tab.goBack();
    await tab.getByText('Payment successful!').waitFor();
    await tab.getByRole('link', { name: 'Manage Subscription & Billing' }).click();
    await tab.waitForURL('**/account');
    await Promise.all([
      tab.waitForURL('**/api/billing/sandbox-portal'),
      tab.getByRole('button', { name: 'Manage Subscription & Billing' }).click(),
    ]);
    await tab.getByText('Sandbox billing — no real payment.', { exact: false }).waitFor();
    expect(await tab.locator('[data-status]').first().innerText()).toBe('active');

    await tab.getByRole('button', { name: 'Cancel subscription' }).click();
    await tab.getByText('You have no active subscription.').waitFor();
    const check = await tab.request.get(new URL('/api/check-subscription', tab.url()).href);
    expect(await check.json()).toEqual({ hasAccess: false });

    expect(problems).toEqual([]);
    expect(tabProblems).toEqual([]);
  });
});
