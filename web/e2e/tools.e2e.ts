import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, openPage } from './support/browser';

/** The figure beside a label in a tool's results (the label whole: "Stake" is not "staked"). */
function figure(page: Page, label: string) {
  const whole = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('dt', { hasText: whole }).locator('xpath=following-sibling::dd[1]');
}

describe('probability tools in a browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(() => browser.close());

  it('position size: the prerendered example, then the reader’s figures, in the result and the address', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${baseUrl()}/tools/position-size`);
    // Before any script has run, the page shows the worked example of its defaults.
    expect(await figure(page, 'Shares').textContent()).toBe('83');
    const account = page.getByLabel('Account value ($)');
    await account.and(page.locator(':enabled')).waitFor();
    await account.fill('100000');
    await page.waitForURL((url) => url.searchParams.get('account') === '100000');
    expect(await figure(page, 'Shares').textContent()).toBe('333');
    expect(await figure(page, 'Position value').textContent()).toBe('$16,650.00');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('kelly: a shared address opens with its figures, and a change moves the result and the address', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${baseUrl()}/tools/kelly?winProbability=60&odds=1&share=100`);
    const kelly = figure(page, 'Kelly fraction');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('dd')].some((dd) => dd.textContent === '20.0 %'),
    );
    expect(await kelly.textContent()).toBe('20.0 %');
    const share = page.getByLabel('Share of Kelly to stake (%)');
    await share.fill('50');
    await page.waitForURL((url) => url.searchParams.get('share') === '50');
    expect(await figure(page, 'Stake').textContent()).toBe('10.0 %');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
