import { baseUrl, openPage, suiteBrowser, waitForSampleArticles } from './support/browser';

/**
 * The whole generation path: the gateway, the insights API, the queue, the worker, the news
 * service over gRPC, and back from Postgres to the page. (The analysis is generated from its
 * button in journey.e2e.ts.)
 */
describe('daily insights over the real generation path', () => {
  const browser = suiteBrowser();

  beforeAll(async () => {
    await waitForSampleArticles();
  });

  it('shows the daily opinion card once the opinion exists', async () => {
    const { page } = await openPage(browser());
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
