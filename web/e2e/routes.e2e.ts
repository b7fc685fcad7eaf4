import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_PAGES, TOOL_PAGES } from '@probedge/proto';
import type { Browser, Page } from 'playwright-core';
import {
  attributeBecomes,
  baseUrl,
  NO_DAILY_ITEMS_YET,
  openPage,
  suiteBrowser,
  type ExpectedFailure,
} from './support/browser';

/**
 * The only console errors a page may show: the browser's own line for the expected answers of
 * the stack before the first daily analysis and opinion exist, and of /account asking who is signed in (401: nobody).
 */
const EXPECTED_FAILED_RESOURCES: readonly ExpectedFailure[] = [
  ...NO_DAILY_ITEMS_YET,
  { path: '/api/members/me', status: 401 },
];

/** A phone-sized viewport (iPhone 12–15), where tables scroll and the menu collapses. */
const NARROW = { width: 390, height: 844 };
/** Playwright's default viewport, which every page here opens at. */
const WIDE = { width: 1280, height: 720 };

/**
 * The route scans keep this many pages open at once: each spends most of its time waiting on the
 * stack and in axe, so a few overlap on two cores where one would leave the machine idle.
 */
const PAGES_AT_ONCE = 3;

/** Like support's openPage, with the expected failed-resource lines above let through. */
function openWatchedPage(
  browser: Browser,
  alsoExpected: readonly ExpectedFailure[] = [],
): Promise<{ page: Page; problems: string[] }> {
  return openPage(browser, [...EXPECTED_FAILED_RESOURCES, ...alsoExpected]);
}

/**
 * Starts `scan` for every item, at most `limit` running at once, in the items' order; each item
 * gets its own promise, so a test awaits only its own scan.
 */
function pooled<T, R>(
  items: readonly T[],
  limit: number,
  scan: (item: T) => Promise<R>,
): Map<T, Promise<R>> {
  const waiting: (() => void)[] = [];
  let running = 0;
  const slot = (): Promise<void> => {
    if (running < limit) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return new Map(
    items.map((item) => {
      const result = slot().then(() => scan(item).finally(release));
      // A failure is reported by the test that awaits it, not as an unhandled rejection.
      result.catch(() => undefined);
      return [item, result] as const;
    }),
  );
}

async function firstSlug(page: Page, path: string): Promise<string> {
  const response = await page.request.get(`${baseUrl()}${path}`);
  expect(response.ok()).toBe(true);
  const items = (await response.json()) as { slug: string }[];
  const slug = items[0]?.slug;
  if (!slug) throw new Error(`${path} returned no items`);
  return slug;
}

/**
 * Waits for the page's finite animations to end (an answer opening fades in): colours are judged as
 * a reader sees them once still, not halfway through a fade.
 */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function seriousViolations(page: Page, state = 'as loaded'): Promise<string[]> {
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).analyze();
  const width = page.viewportSize()?.width;
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${width}px, ${state}: ${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
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

/**
 * Axe at the desktop width and at a phone's, where wide tables scroll sideways and the navigation
 * becomes a menu button. At the phone's width the page is scanned with the menu open: it pushes
 * the page down rather than covering it, so one scan judges the open menu and everything below.
 */
async function violationsAtBothWidths(page: Page, state?: string): Promise<string[]> {
  const found = await seriousViolations(page, state);
  await page.setViewportSize(NARROW);
  try {
    if (state) {
      found.push(...(await seriousViolations(page, state)));
    } else {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('button', { name: 'Close menu' }).waitFor();
      found.push(...(await seriousViolations(page, 'menu open')));
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
  } finally {
    await page.setViewportSize(WIDE);
  }
  return found;
}

/** Every public page, plus the personal pages the sitemap leaves out. */
const STATIC_ROUTES: readonly string[] = [
  ...PUBLIC_PAGES,
  ...TOOL_PAGES,
  '/subscribe/success',
  '/account',
  '/sign-in',
  '/sign-in/confirm',
  '/newsletter/unsubscribed',
];

/** Opens a route and lists what is wrong with it: console errors and serious axe violations. */
async function routeProblems(browser: Browser, route: string): Promise<string[]> {
  const { page, problems } = await openWatchedPage(browser);
  try {
    await page.goto(`${baseUrl()}${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    return [...problems, ...(await violationsAtBothWidths(page))];
  } finally {
    await page.context().close();
  }
}

describe('every route of the spec in a browser', () => {
  const browser = suiteBrowser();
  let scans: Map<string, Promise<string[]>>;

  beforeAll(async () => {
    scans = pooled(STATIC_ROUTES, PAGES_AT_ONCE, (route) => routeProblems(browser(), route));
  });

  it.each(STATIC_ROUTES)(
    '%s shows its heading with no console error and no serious axe violation',
    async (route) => {
      expect(await scans.get(route)).toEqual([]);
    },
  );

  it.each([
    ['/api/guides', '/guide/'],
    ['/api/blogs', '/blog/'],
  ])(
    'the first item of %s opens under %s with no console error and no serious axe violation',
    async (api, prefix) => {
      const { page } = await openWatchedPage(browser());
      const slug = await firstSlug(page, api);
      await page.context().close();
      expect(await routeProblems(browser(), `${prefix}${slug}`)).toEqual([]);
    },
  );

  it('answers an unknown path with 404 and a not-found screen with no console error and no serious axe violation', async () => {
    const route = '/no/such/page';
    // The browser reports the document's own 404 on the console; nothing else may fail.
    const { page, problems } = await openWatchedPage(browser(), [{ path: route, status: 404 }]);
    try {
      const response = await page.goto(`${baseUrl()}${route}`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect([...problems, ...(await violationsAtBothWidths(page))]).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('has no serious axe violation on the Case Studies tab with every case open', async () => {
    const { page, problems } = await openWatchedPage(browser());
    try {
      await page.goto(`${baseUrl()}/research`);
      await page.getByRole('tab', { name: 'Case Studies' }).click();
      const toggles = page.getByRole('tabpanel').locator('button[aria-expanded]');
      await toggles.first().waitFor();
      expect(await toggles.count()).toBe(4);
      for (const toggle of await toggles.all()) {
        await toggle.click();
        await attributeBecomes(toggle, 'aria-expanded', 'true');
      }
      await page.getByLabel('ESAB signal output').waitFor();
      expect([
        ...problems,
        ...(await violationsAtBothWidths(page, 'every case study open')),
      ]).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('has no serious axe violation on the FAQ with every answer open', async () => {
    const { page, problems } = await openWatchedPage(browser());
    try {
      await page.goto(`${baseUrl()}/faq`);
      const questions = page.locator('main button[aria-expanded]');
      await questions.first().waitFor();
      const count = await questions.count();
      expect(count).toBeGreaterThan(1);
      for (let index = 0; index < count; index += 1) {
        await questions.nth(index).click();
        await attributeBecomes(questions.nth(index), 'aria-expanded', 'true');
      }
      expect([...problems, ...(await violationsAtBothWidths(page, 'every answer open'))]).toEqual(
        [],
      );
    } finally {
      await page.context().close();
    }
  });

  it('redirects /day-trader to /daytrader, keeping the query string', async () => {
    const { page, problems } = await openWatchedPage(browser());
    const response = await page.goto(`${baseUrl()}/day-trader?ref=demo`);
    expect(page.url()).toBe(`${baseUrl()}/daytrader?ref=demo`);
    // The gateway redirects, so a crawler without JavaScript follows it too.
    const redirect = await response?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);
    expect(redirect?.url()).toBe(`${baseUrl()}/day-trader?ref=demo`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['/daytrader', 'Sample current signals: static examples, not live data'],
    ['/demo', '30-day correlation of daily returns (sample data)'],
  ])('scrolls the wide table of %s sideways from the keyboard at 390 px', async (route, name) => {
    const { page, problems } = await openWatchedPage(browser());
    try {
      await page.setViewportSize(NARROW);
      await page.goto(`${baseUrl()}${route}`);
      const region = page.getByRole('region', { name, exact: true });
      await region.waitFor();
      const overflow = await region.evaluate((node) => node.scrollWidth - node.clientWidth);
      expect(overflow).toBeGreaterThan(0);
      await tabUntil(page, () => region.evaluate((node) => node === document.activeElement), 200);
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(
        (node) => node !== null && node.scrollLeft > 0,
        await region.elementHandle(),
      );
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('switches the research tabs with the arrow keys and toggles a case study with Enter and Space', async () => {
    const { page, problems } = await openWatchedPage(browser());
    await page.goto(`${baseUrl()}/research`);
    await page.getByRole('tab', { name: 'Mathematical Framework' }).waitFor();

    await tabUntil(page, () =>
      page.evaluate(() => document.activeElement?.getAttribute('role') === 'tab'),
    );
    const framework = page.getByRole('tab', { name: 'Mathematical Framework' });
    const cases = page.getByRole('tab', { name: 'Case Studies' });
    expect(await framework.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await attributeBecomes(cases, 'aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await attributeBecomes(framework, 'aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await page.getByText('TSLA: a regime shift').waitFor();

    const aapl = page.getByRole('button', { name: /^AAPL/ });
    await tabUntil(page, () => aapl.evaluate((node) => node === document.activeElement));
    expect(await aapl.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await attributeBecomes(aapl, 'aria-expanded', 'true');
    await page.getByLabel('AAPL signal output').waitFor();
    await page.keyboard.press('Space');
    await attributeBecomes(aapl, 'aria-expanded', 'false');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens several FAQ answers from the keyboard', async () => {
    const { page, problems } = await openWatchedPage(browser());
    await page.goto(`${baseUrl()}/faq`);
    const questions = page.locator('main button[aria-expanded]');
    await questions.first().waitFor();

    await tabUntil(page, () =>
      questions.first().evaluate((node) => node === document.activeElement),
    );
    await page.keyboard.press('Enter');
    await attributeBecomes(questions.nth(0), 'aria-expanded', 'true');
    await tabUntil(page, () =>
      questions.nth(1).evaluate((node) => node === document.activeElement),
    );
    await page.keyboard.press('Space');
    await attributeBecomes(questions.nth(1), 'aria-expanded', 'true');
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    await attributeBecomes(questions.nth(1), 'aria-expanded', 'false');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
