import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_PAGES } from '@probedge/proto';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';

/**
 * The only console errors a page may show: the browser's own line for the expected answers of
 * the stack without a market-data provider and before the first daily analysis and opinion exist.
 */
const EXPECTED_FAILED_RESOURCES: readonly { path: string; status: number }[] = [
  { path: '/api/daily-analysis', status: 404 },
  { path: '/api/daily-opinion', status: 404 },
  { path: '/api/market', status: 503 },
];

function isExpectedFailure(message: ConsoleMessage): boolean {
  const text = message.text();
  if (!text.startsWith('Failed to load resource')) return false;
  const url = message.location().url;
  return EXPECTED_FAILED_RESOURCES.some(
    ({ path, status }) => url === `${baseUrl()}${path}` && text.includes(`status of ${status} `),
  );
}

/**
 * Like support's openPage, but the expected failed-resource lines above are let through; the page
 * gets its own context because AxeBuilder needs one.
 */
async function openWatchedPage(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpectedFailure(message)) {
      problems.push(`console: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, problems };
}

async function firstSlug(page: Page, path: string): Promise<string> {
  const response = await page.request.get(`${baseUrl()}${path}`);
  expect(response.ok()).toBe(true);
  const items = (await response.json()) as { slug: string }[];
  const slug = items[0]?.slug;
  if (!slug) throw new Error(`${path} returned no items`);
  return slug;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** Presses Tab until `accept` says the focused element is the one wanted. */
async function tabUntil(page: Page, accept: () => Promise<boolean>, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await accept()) return;
  }
  throw new Error('Tab never reached the wanted element');
}

/** Every public page, plus the personal pages the sitemap leaves out. */
const STATIC_ROUTES: readonly string[] = [...PUBLIC_PAGES, '/subscribe/success', '/account'];

/** Opens a route and lists what is wrong with it: console errors and serious axe violations. */
async function routeProblems(browser: Browser, route: string): Promise<string[]> {
  const { page, problems } = await openWatchedPage(browser);
  try {
    await page.goto(`${baseUrl()}${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    return [...problems, ...(await seriousViolations(page))];
  } finally {
    await page.context().close();
  }
}

describe('every route of the spec in a browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(() => browser.close());

  it.each(STATIC_ROUTES)(
    '%s shows its heading with no console error and no serious axe violation',
    async (route) => {
      expect(await routeProblems(browser, route)).toEqual([]);
    },
  );

  it.each([
    ['/api/guides', '/guide/'],
    ['/api/blogs', '/blog/'],
  ])(
    'the first item of %s opens under %s with no console error and no serious axe violation',
    async (api, prefix) => {
      const { page } = await openWatchedPage(browser);
      const slug = await firstSlug(page, api);
      await page.context().close();
      expect(await routeProblems(browser, `${prefix}${slug}`)).toEqual([]);
    },
  );

  it('redirects /day-trader to /daytrader, keeping the query string', async () => {
    const { page, problems } = await openWatchedPage(browser);
    await page.goto(`${baseUrl()}/day-trader?ref=demo`);
    await page.waitForURL(`${baseUrl()}/daytrader?ref=demo`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('switches the research tabs with the arrow keys and toggles a case study with Enter and Space', async () => {
    const { page, problems } = await openWatchedPage(browser);
    await page.goto(`${baseUrl()}/research`);
    await page.getByRole('tab', { name: 'Mathematical Framework' }).waitFor();

    await tabUntil(page, () =>
      page.evaluate(() => document.activeElement?.getAttribute('role') === 'tab'),
    );
    const framework = page.getByRole('tab', { name: 'Mathematical Framework' });
    const cases = page.getByRole('tab', { name: 'Case Studies' });
    expect(await framework.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await cases.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    expect(await framework.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.getByText('TSLA: a regime shift').waitFor();

    const aapl = page.getByRole('button', { name: /^AAPL/ });
    await tabUntil(page, () => aapl.evaluate((node) => node === document.activeElement));
    expect(await aapl.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await aapl.getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('AAPL signal output').waitFor();
    await page.keyboard.press('Space');
    expect(await aapl.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens several FAQ answers from the keyboard', async () => {
    const { page, problems } = await openWatchedPage(browser);
    await page.goto(`${baseUrl()}/faq`);
    const questions = page.locator('main button[aria-expanded]');
    await questions.first().waitFor();

    await tabUntil(page, () =>
      questions.first().evaluate((node) => node === document.activeElement),
    );
    await page.keyboard.press('Enter');
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');
    await tabUntil(page, () =>
      questions.nth(1).evaluate((node) => node === document.activeElement),
    );
    await page.keyboard.press('Space');
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true');
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
