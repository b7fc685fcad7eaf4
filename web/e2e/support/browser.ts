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
  id: string;
  to: { address: string }[];
  subject: string;
  text: string;
  html?: string;
  time: string;
}

function inboxUrl(): string {
  const inbox = process.env.E2E_MAIL_URL;
  if (!inbox) throw new Error('E2E_MAIL_URL is set by the global setup');
  return inbox;
}

/**
 * Reads the stack's mail catcher (MailDev's API) as a person reads their inbox, until `pick` finds
 * something in the mails to `email` (oldest first); waits up to `attempts` × 200 ms.
 */
async function fromInbox<T>(
  email: string,
  pick: (mine: InboxMessage[]) => T | undefined,
  failure: string,
  attempts = 50,
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const messages = (await (await fetch(`${inboxUrl()}/api/email`)).json()) as InboxMessage[];
    const found = pick(messages.filter((message) => message.to.some((to) => to.address === email)));
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(failure);
}

/** The first link matching `pattern` in the newest mail to `email`; waits for it to arrive. */
export function mailedLink(email: string, pattern: RegExp, after = 0): Promise<string> {
  return fromInbox(
    email,
    (mine) =>
      pattern.exec(
        mine.filter((message) => Date.parse(message.time) >= after).at(-1)?.text ?? '',
      )?.[0],
    `no mail with ${pattern} for ${email} arrived`,
  );
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
  const found = await fromInbox(
    email,
    (mine) => mine.filter((message) => subject.test(message.subject)).at(-1),
    `no mail with a subject like ${subject} for ${email} arrived`,
    100,
  );
  const source = await (await fetch(`${inboxUrl()}/api/email/${found.id}/source`)).text();
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

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * One browser for the tests of the describe block that calls this: launched before them (ahead of
 * the block's own beforeAll) and closed after them. The answer gives the browser once launched.
 */
export function suiteBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
}

/** A failed resource the stack answers on purpose (no market-data provider, no daily item yet). */
export interface ExpectedFailure {
  path: string;
  status: number;
}

/** What the stack answers before the day's analysis and opinion are generated: nothing yet (404). */
export const NO_DAILY_ITEMS_YET: readonly ExpectedFailure[] = [
  { path: '/api/daily-analysis', status: 404 },
  { path: '/api/daily-opinion', status: 404 },
];

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
