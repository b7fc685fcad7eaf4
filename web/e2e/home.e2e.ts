import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage } from './support/browser';

describe('home page in a browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(() => browser.close());

  it('stops the Top Stories ticker for visitors who prefer reduced motion', async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    const ticker = page.getByTestId('ticker');
    await page.getByRole('heading', { name: 'Top Stories' }).waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="ticker"]')?.getAttribute('data-animated') === 'false',
    );
    const animation = await ticker
      .locator('> div')
      .evaluate((track) => getComputedStyle(track).animationName);
    expect(animation).toBe('none');
    await context.close();
  });

  it('pauses the ticker while the pointer is over it', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/`);
    const track = page.getByTestId('ticker').locator('> div');
    await track.waitFor();
    expect(await track.evaluate((node) => getComputedStyle(node).animationPlayState)).toBe(
      'running',
    );
    await page.getByTestId('ticker').hover();
    expect(await track.evaluate((node) => getComputedStyle(node).animationPlayState)).toBe(
      'paused',
    );
    await page.close();
  });
});

describe('market strip and Stock Details in a browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(() => browser.close());

  it('shows sample quotes labelled as such, opens a ticker in the Stock Details panel and closes it', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${baseUrl()}/`);
    const strip = page.getByRole('region', { name: /Markets/ });
    await strip.waitFor();
    await strip.getByText('Sample data').waitFor();

    await strip.getByRole('button', { name: /^SPY, / }).click();
    const panel = page.getByRole('region', { name: 'SPDR S&P 500 ETF Trust' });
    await panel.waitFor();
    expect(await panel.getByText('Sample data').isVisible()).toBe(true);
    expect(await panel.getByText('Price', { exact: true }).isVisible()).toBe(true);
    expect(await panel.locator('dd').first().textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);

    await panel.getByRole('button', { name: 'Close Details' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens a ticker's page with its quote, chart, data table and company figures", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${baseUrl()}/`);
    const strip = page.getByRole('region', { name: /Markets/ });
    await strip.getByRole('button', { name: /^QQQ, / }).click();
    await page.getByRole('link', { name: 'Chart and history' }).click();

    await page.waitForURL(`${baseUrl()}/stocks/QQQ`);
    await page.getByRole('heading', { level: 1, name: /Invesco QQQ Trust/ }).waitFor();
    await page.getByText(/Sample figures, not market prices · as of /).waitFor();
    // The chart library draws its canvas once its chunk has loaded.
    await page
      .getByRole('img', { name: /daily closing prices over 1 year/ })
      .locator('canvas')
      .first()
      .waitFor();
    await page.getByText('Daily prices as a table').click();
    const rows = page.getByRole('table', { name: /QQQ daily prices, 1 year/ }).getByRole('row');
    expect(await rows.count()).toBeGreaterThan(200);

    await page.getByRole('button', { name: '1M' }).click();
    await page.getByRole('table', { name: /QQQ daily prices, 1 month/ }).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBeLessThan(30);
    expect(await page.title()).toContain('Invesco QQQ Trust (QQQ) price and chart');
    expect(problems).toEqual([]);
    await page.close();
  });
});
