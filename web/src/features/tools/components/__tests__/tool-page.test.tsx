import { screen, within } from '@testing-library/react';
import { TOOL_SLUGS } from '@probedge/proto';
import { renderRoute } from '../../../../test/render-route';

/** The figure shown beside a label in the results. */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('a tool page', () => {
  it('shows the worked example of its defaults, then follows what the reader types, in the address too', async () => {
    const { user, location } = renderRoute('/tools/position-size');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Position size calculator' }),
    ).toBeTruthy();
    // 1 % of 25,000 with entry 50 and stop 47: 250 / 3 → 83 shares.
    expect(figure('Shares')).toBe('83');
    expect(figure('Loss at the stop')).toBe('$249.00');

    const account = screen.getByLabelText('Account value ($)');
    await user.clear(account);
    await user.type(account, '100000');
    expect(figure('Shares')).toBe('333');
    expect(figure('Position value')).toBe('$16,650.00');
    expect(new URLSearchParams(location().search).get('account')).toBe('100000');
  });

  it('starts from the figures in the address', async () => {
    renderRoute('/tools/expected-value?winRate=40&averageWin=300&averageLoss=100&costs=0');
    await screen.findByRole('heading', { level: 1, name: 'Expected value calculator' });
    expect(figure('Expected value per trade')).toBe('$60.00');
    expect(figure('Break-even win rate')).toBe('25.0 %');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('falls back to the defaults for figures in the address it cannot use, and says so', async () => {
    renderRoute('/tools/kelly?winProbability=abc&odds=-3');
    await screen.findByRole('heading', { level: 1, name: 'Kelly criterion calculator' });
    expect(screen.getByRole('status').textContent).toBe(
      'Some figures in the address could not be used; their defaults are shown instead.',
    );
    // The defaults: 55 % at even odds, Kelly 10 %, half of it staked.
    expect(figure('Kelly fraction')).toBe('10.0 %');
    expect(figure('Stake')).toBe('5.0 %');
    expect(screen.getByRole('img', { name: /; Kelly fraction: 10\.0 %, / })).toBeTruthy();
  });

  it('names what is wrong next to the field, and shows no figure until it is put right', async () => {
    const { user } = renderRoute('/tools/position-size');
    await screen.findByRole('heading', { level: 1, name: 'Position size calculator' });
    const risk = screen.getByLabelText('Risk per trade (%)');
    await user.clear(risk);
    await user.type(risk, '150');
    expect(screen.getByRole('alert').textContent).toBe('Risk per trade must be at most 100 %');
    expect(risk.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Shares', { selector: 'dt' })).toBeNull();
    expect(
      screen.getByText('Correct the figures marked beside them to see the result.'),
    ).toBeTruthy();

    // A rule only the inputs together break comes from the model, next to its field.
    await user.clear(risk);
    await user.type(risk, '1');
    const stop = screen.getByLabelText('Stop price ($)');
    await user.clear(stop);
    await user.type(stop, '50');
    expect(screen.getByRole('alert').textContent).toBe('The stop must differ from the entry');
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
  });

  it('expected move: one standard deviation over the days, and the ranges around the price', async () => {
    renderRoute('/tools/expected-move?price=100&volatility=20&days=365');
    await screen.findByRole('heading', { level: 1, name: 'Expected move calculator' });
    // A year at 20 % volatility: ±20 on a price of 100.
    expect(figure('Expected move (one standard deviation)')).toBe('±$20.00');
    expect(figure('Range, about 68 % of outcomes')).toBe('$80.00 to $120.00');
    expect(figure('Range, about 95 % of outcomes')).toBe('$60.00 to $140.00');
  });

  it('drawdown: simulates with progress, shows the figures and their distribution, and can be cancelled', async () => {
    // Always losing 10 % a trade: every run is 27.1 % down after three trades.
    const { user, location } = renderRoute(
      '/tools/drawdown?winRate=0&payoff=1&riskPerTrade=10&trades=3&drawdown=25&paths=12000&seed=7',
    );
    await screen.findByRole('heading', { level: 1, name: 'Drawdown simulator' });
    expect(figure('Losses in a row that reach it')).toBe('3');
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    const chance = await screen.findByText(/^Chance of a 25 % drawdown within 3 trades$/, {
      selector: 'dt',
    });
    expect(chance.nextElementSibling?.textContent).toBe('100.0 % ± 0.0 %');
    expect(figure('Worst drawdown of the median run')).toBe('27 % to 28 %');
    expect(figure('Runs simulated')).toBe('12,000');
    expect(screen.getByRole('img', { name: /100 % of runs reach 25 %/ })).toBeTruthy();

    // A long run, cancelled while it goes: it stops, says so, and runs again on request.
    const paths = screen.getByLabelText('Simulated runs');
    await user.clear(paths);
    await user.type(paths, '1000000');
    expect(new URLSearchParams(location().search).get('paths')).toBe('1000000');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('status').textContent).toMatch(
      /^Stopped after [\d,]+ of 1,000,000 runs/,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Run the simulation' })).toBeTruthy();
  });

  it.each(TOOL_SLUGS.filter((slug) => slug !== 'drawdown'))(
    '%s draws its curve with the reader’s figures marked, and tables it',
    async (slug) => {
      renderRoute(`/tools/${slug}`);
      await screen.findByRole('heading', { level: 1 });
      const chart = screen.getByRole('img');
      expect(chart.getAttribute('aria-label')).toMatch(/; (Your|Kelly|Stop)/);
      expect(chart.querySelector('polyline')?.getAttribute('points')).toMatch(/^[\d.,\s-]+$/);
      const table = screen.getByRole('table');
      expect(within(table).getAllByRole('row').length).toBeGreaterThan(10);
      expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
    },
  );

  it('the expected-value curve crosses zero at the break-even win rate', async () => {
    renderRoute('/tools/expected-value?winRate=40&averageWin=300&averageLoss=100&costs=0');
    await screen.findByRole('heading', { level: 1, name: 'Expected value calculator' });
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Expected value per trade by win rate, win rate from 0 % to 100 %; Your win rate: 40 %, $60.00; Break-even: 25 %, $0.00',
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    // At a win rate of 0 every trade loses the average loss.
    expect(rows[1]?.textContent).toBe('0 %−$100.00');
  });

  it('answers an unknown tool with the not-found screen', async () => {
    renderRoute('/tools/no-such-tool');
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeTruthy();
  });

  it('lists every tool on /tools, each linking to its page', async () => {
    renderRoute('/tools');
    await screen.findByRole('heading', { level: 1, name: 'Probability tools' });
    const links = within(screen.getByRole('main'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href?.startsWith('/tools/'));
    expect(links).toEqual(TOOL_SLUGS.map((slug) => `/tools/${slug}`));
  });
});
