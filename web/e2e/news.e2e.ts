import type { Page } from 'playwright-core';
import { baseUrl, openPage, suiteBrowser } from './support/browser';

/** The worker ingests the bundled sample feeds shortly after start; reload until they arrive. */
async function openWhenIngested(page: Page, path: string, ready: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await page.goto(`${baseUrl()}${path}`);
    await page.waitForLoadState('networkidle');
    if (await ready()) return;
    await page.waitForTimeout(1000);
  }
  throw new Error(`${path} never showed ingested articles`);
}

describe('news screens over the real ingestion path', () => {
  const browser = suiteBrowser();

  it('shows ingested business articles with Read More opening in a new tab', async () => {
    const { page, problems } = await openPage(browser());
    const readMore = page.getByRole('link', { name: 'Read More' });
    await openWhenIngested(page, '/business', async () => (await readMore.count()) > 0);
    expect(await readMore.count()).toBeLessThanOrEqual(12);
    expect(await readMore.first().getAttribute('target')).toBe('_blank');
    expect(await readMore.first().getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.locator('main').innerText()).toContain('Sample');
    expect(problems).toEqual([]);
  });

  it('shows opinion articles and the day-trader news grid', async () => {
    const { page } = await openPage(browser());
    await openWhenIngested(
      page,
      '/opinion',
      async () => (await page.getByRole('link', { name: 'Read More' }).count()) > 0,
    );
    await page.goto(`${baseUrl()}/daytrader`);
    await page.getByText('Active Trading News').waitFor();
    await page.getByRole('link', { name: 'Read More →' }).first().waitFor();
  });
});
