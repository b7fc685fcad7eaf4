import { baseUrl, mailedLink, openPage, suiteBrowser } from './support/browser';

describe('newsletter: sign up, confirm from the inbox, leave and come back', () => {
  const browser = suiteBrowser();

  it('home form → confirmation mail → confirmed page → Unsubscribe → Resubscribe', async () => {
    const email = `reader.${Date.now()}@example.com`;
    // The home page asks for the market snapshot: 503 while no market-data provider is configured.
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /inbox/i }).waitFor();

    // The link from the mail, opened as a reader opens it.
    const confirm = await mailedLink(
      email,
      /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/,
    );
    await page.goto(new URL(new URL(confirm).pathname + new URL(confirm).search, baseUrl()).href);
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();

    // The confirmation page's unsubscribe link points at the public URL; follow it on this stack.
    const unsubscribe = new URL(
      (await page.getByRole('link', { name: 'Unsubscribe' }).getAttribute('href')) ?? '',
    );
    expect(unsubscribe.pathname).toBe('/newsletter/unsubscribed');
    await page.goto(`${baseUrl()}${unsubscribe.pathname}${unsubscribe.search}`);
    await page.getByRole('heading', { name: "You're unsubscribed" }).waitFor();
    await page.waitForURL((url) => !url.searchParams.has('token'));

    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await page.getByRole('heading', { name: "You're subscribed again" }).waitFor();

    // A mail client's one-click unsubscribe (RFC 8058) through the gateway: a form POST, no Origin.
    const oneClick = await page
      .context()
      .request.post(`${baseUrl()}/api/newsletter/unsubscribe${unsubscribe.search}`, {
        form: { 'List-Unsubscribe': 'One-Click' },
      });
    expect(oneClick.status()).toBe(200);
    expect(problems).toEqual([]);
  });
});
