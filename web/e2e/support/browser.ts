import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is set by the global setup');
  return url;
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A failed resource the stack answers on purpose (no market-data provider, no daily item yet). */
export interface ExpectedFailure {
  path: string;
  status: number;
}

function isExpectedFailure(message: ConsoleMessage, expected: readonly ExpectedFailure[]): boolean {
  const text = message.text();
  if (!text.startsWith('Failed to load resource')) return false;
  const url = message.location().url;
  return expected.some(
    ({ path, status }) => url === `${baseUrl()}${path}` && text.includes(`status of ${status} `),
  );
}

/**
 * A page in a context of its own that records console errors and failed requests, so a test can
 * assert there were none; the browser's lines for the expected failures given are let through.
 */
export async function openPage(
  browser: Browser,
  expectedFailures: readonly ExpectedFailure[] = [],
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpectedFailure(message, expectedFailures)) {
      problems.push(`console: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, problems };
}

/** The stack's news worker ingests the bundled sample feeds shortly after start; pages that list news need them. */
export async function waitForSampleArticles(): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const res = await fetch(`${baseUrl()}/api/business?limit=1`);
    if (res.ok && ((await res.json()) as unknown[]).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the sample feeds were never ingested');
}
