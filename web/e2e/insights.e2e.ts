import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage } from './support/browser';

/** The worker ingests the bundled sample feeds shortly after start; the day needs them. */
async function waitForArticles(): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const res = await fetch(`${baseUrl()}/api/business?limit=1`);
    if (res.ok && ((await res.json()) as unknown[]).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the sample feeds were never ingested');
}

/**
 * The whole generation path: the web app through the gateway to the insights API, the queue, the
 * worker, the news service over gRPC, and back from Postgres.
 */
describe('daily insights over the real generation path', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    await waitForArticles();
  });

  afterAll(() => browser.close());

  it('offers to generate the missing analysis, then shows it after the reload', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${baseUrl()}/analysis`);
    await page.getByText('No AI analysis available right now').waitFor();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Generate AI Analysis' }).click(),
    ]);
    const panel = page.getByText(/Daily Market Analysis for \w+day,/);
    await panel.waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('Coverage:');
    expect(text).toContain('Educational content only, not investment advice.');
    expect(await page.getByRole('button', { name: 'Generate AI Analysis' }).count()).toBe(0);
  });

  it('shows the daily opinion card once the opinion exists', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${baseUrl()}/opinion`);
    await page.getByRole('link', { name: 'Read More' }).first().waitFor();
    expect(await page.getByText(/Daily Opinion for/).count()).toBe(0);

    const res = await fetch(`${baseUrl()}/api/generate-opinion`, { method: 'POST' });
    expect(res.status).toBe(200);
    const opinion = (await res.json()) as { sourceArticleTitle: string };
    await page.reload();
    await page.getByText(/Daily Opinion for/).waitFor();
    expect(await page.locator('main').innerText()).toContain(opinion.sourceArticleTitle);
    await page.getByRole('button', { name: 'New Opinion' }).waitFor();
  });
});
