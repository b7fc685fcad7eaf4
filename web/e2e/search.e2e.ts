import { atomFeedProblems, parseAtom } from '@probedge/kit/testing';
import { baseUrl, openPage, suiteBrowser } from './support/browser';

describe('finding, browsing and following in a browser', () => {
  const browser = suiteBrowser();

  it('finds a guide by a word that is only in its body, from the header, and opens it', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/blogs`);
    // "accumulating" is in the body of the portfolio-heat guide, not in any title or description.
    const field = page.getByRole('searchbox', { name: 'Search the site' });
    await field.fill('accumulating');
    await field.press('Enter');
    await page.waitForURL('**/search?q=accumulating');

    const results = page.getByRole('list', { name: 'Search results' });
    const hit = results.getByRole('link', { name: /Correlation and Portfolio Heat/ });
    await hit.waitFor();
    // The matched word is highlighted in the snippet.
    expect(await results.locator('mark').first().innerText()).toMatch(/accumulat/i);
    await hit.click();
    await page.waitForURL('**/guide/correlation-and-portfolio-heat');
    await page.getByRole('heading', { level: 1, name: /Correlation and Portfolio Heat/ }).waitFor();
    expect(problems).toEqual([]);
  });

  it('keeps the query and the type in the address: a shared link shows the same results', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/search?q=hedging&type=guide`);
    await page.getByRole('radio', { name: 'Guides' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Guides' }).isChecked()).toBe(true);
    const status = page.getByRole('status');
    await status
      .filter({ hasText: /result|No results/ })
      .first()
      .waitFor();
    const links = page.getByRole('list', { name: 'Search results' }).getByRole('link');
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(/^\/guide\//);

    await page.getByRole('radio', { name: 'Everything' }).check();
    await page.waitForURL('**/search?q=hedging');
    expect(problems).toEqual([]);
  });

  it('says so when nothing matches, and answers hostile input without an error', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/search?q=${encodeURIComponent('zzqxv "unclosed <script> OR -')}`);
    await page.getByText(/No results for/).waitFor();
    expect(problems).toEqual([]);
  });

  it('lists every guide of a topic on its own page, reached from /guides', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/guides`);
    const topic = page.getByRole('link', { name: 'All Risk Management guides →' });
    await topic.click();
    await page.waitForURL('**/guides/category/risk-management');
    await page.getByRole('heading', { level: 1, name: 'Risk Management Guides' }).waitFor();
    const cards = page.getByRole('list', { name: 'Risk Management guides' }).getByRole('link');
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    for (const href of await cards.evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')),
    )) {
      expect(href).toMatch(/^\/guide\/[a-z0-9-]+$/);
    }
    expect(await page.title()).toMatch(/Risk Management Guides/);
    expect(problems).toEqual([]);
  });

  it('serves a topic page prerendered with its own canonical address, and 404 for an unknown topic', async () => {
    const response = await fetch(`${baseUrl()}/guides/category/risk-management`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Risk Management Guides</h1>');
    expect(html).toMatch(/<link[^>]+rel="canonical"[^>]+\/guides\/category\/risk-management"/);
    expect(html).toContain('"@type":"CollectionPage"');

    const unknown = await fetch(`${baseUrl()}/guides/category/forex`);
    expect(unknown.status).toBe(404);
  });

  it('follows the blog in a feed reader: the page announces its Atom feed, which lists every post', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/blogs`);
    const link = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    expect(await link.getAttribute('href')).toBe('/api/feeds/blogs');
    const response = await fetch(new URL('/api/feeds/blogs', baseUrl()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const feed = parseAtom(await response.text());
    expect(atomFeedProblems(feed)).toEqual([]);
    const blogs = (await (await fetch(new URL('/api/blogs', baseUrl()))).json()) as unknown[];
    expect(feed.entries).toHaveLength(blogs.length);
    expect(problems).toEqual([]);
  });
});
