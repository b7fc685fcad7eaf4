import type { Locator, Page } from 'playwright-core';
import { baseUrl, openPage, suiteBrowser } from './support/browser';

/** The figure beside a label in a tool's results (the label whole: "Stake" is not "staked"). */
function figure(page: Page | Locator, label: string) {
  const whole = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('dt', { hasText: whole }).locator('xpath=following-sibling::dd[1]');
}

describe('probability tools in a browser', () => {
  const browser = suiteBrowser();

  it('position size: the prerendered example, then the reader’s figures, in the result and the address', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/tools/position-size`);
    // Before any script has run, the page shows the worked example of its defaults.
    expect(await figure(page, 'Shares').textContent()).toBe('83');
    const account = page.getByLabel('Account value ($)');
    await account.and(page.locator(':enabled')).waitFor();
    await account.fill('100000');
    await page.waitForURL((url) => url.searchParams.get('account') === '100000');
    expect(await figure(page, 'Shares').textContent()).toBe('333');
    expect(await figure(page, 'Position value').textContent()).toBe('$16,650.00');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('kelly: a shared address opens with its figures, and a change moves the result and the address', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/tools/kelly?winProbability=60&odds=1&share=100`);
    const kelly = figure(page, 'Kelly fraction');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('dd')].some((dd) => dd.textContent === '20.0 %'),
    );
    expect(await kelly.textContent()).toBe('20.0 %');
    const share = page.getByLabel('Share of Kelly to stake (%)');
    await share.fill('50');
    await page.waitForURL((url) => url.searchParams.get('share') === '50');
    expect(await figure(page, 'Stake').textContent()).toBe('10.0 %');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('drawdown: the worked example at once, then the reader’s figures simulated in a worker, in the result and the address', async () => {
    const { page, problems } = await openPage(browser());
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(`${baseUrl()}/tools/drawdown`);
    // The prerendered example, read back on hydration: no simulation runs for it.
    expect(await figure(page, 'Chance of a 20 % drawdown within 250 trades').textContent()).toBe(
      '2.2 % ± 0.1 %',
    );
    const risk = page.getByLabel('Risk per trade (%)');
    await risk.and(page.locator(':enabled')).waitFor();
    expect(workers).toEqual([]);
    await risk.fill('2');
    await page.waitForURL((url) => url.searchParams.get('riskPerTrade') === '2');
    const chance = figure(page, 'Chance of a 20 % drawdown within 250 trades');
    await page.waitForFunction(
      () =>
        !document.querySelector('progress') &&
        document.body.textContent?.includes('Runs simulated'),
    );
    // Twice the risk per trade: the same rule now falls 20 % in about half of its runs.
    const shown = await chance.textContent();
    expect(Number.parseFloat(shown ?? '')).toBeGreaterThan(30);
    expect(workers).toHaveLength(1);
    expect(workers[0]).toMatch(/\/assets\/drawdown\.worker-[\w-]+\.js$/);
    expect(
      await page.getByRole('img', { name: /Worst drawdown of each simulated run/ }).count(),
    ).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a guide’s embedded Kelly tool: the guide’s example, then the reader’s figures, in the result and the address', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/guide/fixed-fractional-vs-kelly-position-sizing`);
    const tool = page.getByRole('region', { name: 'Try it: Kelly criterion calculator' });
    // The guide's own example, prerendered: 0.45 − 0.55 / 2 = 17.5 %.
    expect(await figure(tool, 'Kelly fraction').textContent()).toBe('17.5 %');
    const odds = tool.getByLabel('Payoff per unit risked (to 1)');
    await odds.and(page.locator(':enabled')).waitFor();
    await odds.fill('3');
    await page.waitForURL((url) => url.searchParams.get('kelly.odds') === '3');
    expect(await figure(tool, 'Kelly fraction').textContent()).toBe('26.7 %');
    // The position-size tool above it keeps its own figures.
    const sizing = page.getByRole('region', { name: 'Try it: Position size calculator' });
    expect(await figure(sizing, 'Shares').textContent()).toBe('160');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
