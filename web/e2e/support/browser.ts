import {
  chromium,
  type Browser,
  type ConsoleMessage,
  type Locator,
  type Page,
} from 'playwright-core';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is set by the global setup');
  return url;
};

interface InboxMessage {
  to: { address: string }[];
  subject: string;
  text: string;
  time: string;
}

/**
 * The first link matching `pattern` in the newest mail to `email`, read from the stack's mail
 * catcher (MailDev's API) as a person reads their inbox; waits for it to arrive.
 */
export async function mailedLink(email: string, pattern: RegExp, after = 0): Promise<string> {
  const inbox = process.env.E2E_MAIL_URL;
  if (!inbox) throw new Error('E2E_MAIL_URL is set by the global setup');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const messages = (await (await fetch(`${inbox}/api/email`)).json()) as InboxMessage[];
    const mine = messages.filter(
      (message) =>
        message.to.some((to) => to.address === email) && Date.parse(message.time) >= after,
    );
    const link = pattern.exec(mine.at(-1)?.text ?? '');
    if (link) return link[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail with ${pattern} for ${email} arrived`);
}

export interface MailedMessage {
  subject: string;
  html: string;
  text: string;
  /** A header as sent (unfolded), by lower-case name. */
  header(name: string): string | undefined;
}

/** The newest mail to `email` whose subject matches, with its headers as sent; waits for it. */
export async function mailedMessage(email: string, subject: RegExp): Promise<MailedMessage> {
  const inbox = process.env.E2E_MAIL_URL;
  if (!inbox) throw new Error('E2E_MAIL_URL is set by the global setup');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const messages = (await (await fetch(`${inbox}/api/email`)).json()) as (InboxMessage & {
      id: string;
      html?: string;
    })[];
    const mine = messages.filter(
      (message) => message.to.some((to) => to.address === email) && subject.test(message.subject),
    );
    const found = mine.at(-1);
    if (found) {
      const source = await (await fetch(`${inbox}/api/email/${found.id}/source`)).text();
      const head = source.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      const headers = new Map(
        head.split(/\r?\n/).map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
        }),
      );
      return {
        subject: found.subject,
        html: found.html ?? '',
        text: found.text,
        header: (name) => headers.get(name.toLowerCase()),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail with a subject like ${subject} for ${email} arrived`);
}

export function signInLinkFor(email: string, after = 0): Promise<string> {
  return mailedLink(email, /https?:\/\/\S+\/sign-in\/confirm\?token=[A-Za-z0-9_-]{43}/, after);
}

/**
 * The sandbox checkout page in the tab checkout opened (it stands in for Stripe's): the buyer's
 * e-mail, then Pay; the tab goes on to the success page.
 */
export async function payInSandbox(tab: Page, email: string): Promise<string> {
  await tab.waitForURL('**/api/billing/sandbox-checkout/**');
  await tab.getByLabel('E-mail').fill(email);
  await Promise.all([
    tab.waitForURL('**/subscribe/success?**'),
    tab.getByRole('button', { name: /^Pay .* \(sandbox\)$/ }).click(),
  ]);
  return new URL(tab.url()).searchParams.get('session_id') ?? '';
}

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

/** Waits until the element carries the attribute value: a click or key press shows on React's next render. */
export async function attributeBecomes(
  locator: Locator,
  name: string,
  value: string,
): Promise<void> {
  await locator.and(locator.page().locator(`[${name}="${value}"]`)).waitFor();
}
