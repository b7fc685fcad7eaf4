import { attributeBecomes, baseUrl, openPage, suiteBrowser } from './support/browser';

describe('guides and blogs in a browser', () => {
  const browser = suiteBrowser();

  it('follows a guide card from /guides to its article and shows the content', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/guides`);
    const firstCard = page.getByRole('link', { name: /Read Guide/ }).first();
    await firstCard.waitFor();
    const href = await firstCard.getAttribute('href');
    expect(href).toMatch(/^\/guide\/[a-z0-9-]+$/);
    await firstCard.click();
    await page.waitForURL(`**${href}`);
    // The /guides heading can outlive the URL change while the article's chunk loads: wait for the article itself.
    await page
      .locator('main')
      .getByText(/^Updated/)
      .first()
      .waitFor();
    const article = await page.locator('main').innerText();
    expect(article).toContain('Educational content only, not investment advice.');
    expect(article).toMatch(/Updated/);
    expect(problems).toEqual([]);
  });

  it('shows every blog with a known category as a card that opens the article', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/blogs`);
    const cards = page.getByRole('link', { name: /Read Blog/ });
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    const hrefs = await cards.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    );
    // The one blog with an unknown category must not be listed.
    expect(hrefs).not.toContain('/blog/how-interest-rate-expectations-move-equity-sectors');
    await cards.first().click();
    await page.getByText('← Back to Blogs').waitFor();
    expect(problems).toEqual([]);
  });

  it("answers an unknown path with 404 and shows '404 Page Not Found'", async () => {
    const { page } = await openPage(browser());
    const response = await page.goto(`${baseUrl()}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByText('404 Page Not Found').waitFor();
  });

  it("shows 'Guide Not Found' for a guide that does not exist", async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl()}/guide/no-such-guide`);
    await page.getByText('Guide Not Found').waitFor();
  });

  it('changes the document title per page', async () => {
    const { page } = await openPage(browser());
    const titles = new Set<string>();
    for (const route of ['/guides', '/blogs', '/faq', '/terms']) {
      await page.goto(`${baseUrl()}${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForFunction(() => document.title.length > 0);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(4);
  });

  it('opens several FAQ answers at once', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/faq`);
    const questions = page.locator('main button[aria-expanded]');
    await questions.first().waitFor();
    expect(await questions.count()).toBe(10);
    await questions.nth(0).click();
    await questions.nth(1).click();
    await attributeBecomes(questions.nth(0), 'aria-expanded', 'true');
    await attributeBecomes(questions.nth(1), 'aria-expanded', 'true');
    expect(problems).toEqual([]);
  });
});
