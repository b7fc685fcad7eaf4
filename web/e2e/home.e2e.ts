import { baseUrl, openPage, suiteBrowser, waitForSampleArticles } from './support/browser';

/** Ticker pages ask for today's analysis, which answers 404 until one is written. */
const NO_ANALYSIS_YET = [{ path: '/api/daily-analysis', status: 404 }];

/** The targeted list, once ingested, carries stories that name instruments. */
async function waitForTaggedHeadlines(): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const res = await fetch(`${baseUrl()}/api/articles/targeted?limit=6`);
    const articles = res.ok ? ((await res.json()) as { tickers?: string[] }[]) : [];
    if (articles.some((article) => (article.tickers ?? []).length > 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('no targeted headline names an instrument');
}

describe('home page in a browser', () => {
  const browser = suiteBrowser();

  it('stops the Top Stories ticker for visitors who prefer reduced motion', async () => {
    const context = await browser().newContext({ reducedMotion: 'reduce' });
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
    const page = await browser().newPage();
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
  const browser = suiteBrowser();

  it('shows sample quotes labelled as such, opens a ticker in the Stock Details panel and closes it', async () => {
    const { page, problems } = await openPage(browser());
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
    const { page, problems } = await openPage(browser(), NO_ANALYSIS_YET);
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
    const table = page.getByRole('table', { name: /QQQ daily prices, 1 year/ });
    await table.waitFor();
    const rows = table.getByRole('row');
    expect(await rows.count()).toBeGreaterThan(200);

    await page.getByRole('button', { name: '1M' }).click();
    await page.getByRole('table', { name: /QQQ daily prices, 1 month/ }).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBeLessThan(30);
    expect(await page.title()).toContain('Invesco QQQ Trust (QQQ) price and chart');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the Stock Details panel from a ticker a Top Stories headline names', async () => {
    await waitForTaggedHeadlines();
    const { page, problems } = await openPage(browser());
    // A still ticker: the buttons do not move under the pointer.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${baseUrl()}/`);
    const stories = page.getByRole('region', { name: 'Top Stories' });
    const button = stories.getByRole('button', { name: /^Stock details for / }).first();
    await button.waitFor();
    const symbol = ((await button.textContent()) ?? '').replace('Stock details for ', '');
    await button.click();

    const panel = page.locator('section[aria-labelledby="stock-details-title"]');
    await panel.waitFor();
    expect(await panel.getByText(symbol, { exact: true }).isVisible()).toBe(true);
    expect(await panel.getByText('Sample data').isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Close Details' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("goes from a ticker on an article card to the ticker's page", async () => {
    await waitForSampleArticles();
    const { page, problems } = await openPage(browser(), NO_ANALYSIS_YET);
    await page.goto(`${baseUrl()}/business`);
    await page.getByRole('link', { name: 'Quote and news for JPM' }).click();
    await page.waitForURL(`${baseUrl()}/stocks/JPM`);
    await page.getByRole('heading', { level: 1, name: /JPMorgan Chase/ }).waitFor();
    const news = page.getByRole('region', { name: 'News about JPM' });
    await news.getByRole('link', { name: /Bank earnings preview/ }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
