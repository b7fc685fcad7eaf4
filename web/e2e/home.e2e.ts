import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';

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
