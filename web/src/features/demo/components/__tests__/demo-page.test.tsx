import { screen, within } from '@testing-library/react';
import { renderRoute } from '../../../../test/render-route';
import { correlationStrength } from '../../../../content/demo';

describe('/demo', () => {
  it('says it is sample data and claims a scan of 2,847 stocks', async () => {
    renderRoute('/demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scanner Demo' })).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent('DEMO MODE: SAMPLE DATA ONLY');
    expect(screen.getAllByText(/2,847 stocks/).length).toBeGreaterThan(0);
    expect(
      screen.getByText(/simulated for illustration and is not an actual trading signal/),
    ).toBeVisible();
    expect(screen.getAllByText(/not investment advice/).length).toBeGreaterThan(0);
  });

  it('shows the three included signal cards', async () => {
    renderRoute('/demo');
    const included = await screen.findByRole('region', { name: 'Included in the subscription' });
    const cards = within(included).getAllByRole('article');
    expect(cards.map((card) => within(card).getByText(/SIGNAL|WATCH|SETUP/).textContent)).toEqual([
      'BUY SIGNAL',
      'WATCH',
      'SETUP',
    ]);
  });

  it("marks every premium section 'PREMIUM ONLY', macro panel included", async () => {
    renderRoute('/demo');
    const premium = await screen.findByRole('region', { name: 'Premium analytics' });
    const cards = within(premium).getAllByRole('article');
    expect(cards).toHaveLength(7);
    for (const card of cards) expect(within(card).getByText('PREMIUM ONLY')).toBeVisible();
    const macro = within(premium).getByRole('article', { name: 'Macro Panel' });
    for (const name of ['VIX', 'DXY', 'TNX']) expect(within(macro).getByText(name)).toBeVisible();
  });

  it('shows the Bayesian panel with exactly the spec figures', async () => {
    renderRoute('/demo');
    const panel = await screen.findByRole('region', { name: 'Bayesian meta-probability' });
    const values = within(panel)
      .getAllByTestId('bayes-value')
      .map((node) => node.textContent);
    expect(values).toEqual(['0.547', '±0.089', '0.163', '1,000', 'converged', '847', '1.003']);
  });

  it('explains each Bayesian figure in plain text', async () => {
    renderRoute('/demo');
    const panel = await screen.findByRole('region', { name: 'Bayesian meta-probability' });
    expect(
      within(panel).getByText(
        'The number of independent draws the 1,000 correlated samples are worth.',
      ),
    ).toBeVisible();
  });

  it('draws the correlation matrix as a captioned table with values and colour bands', async () => {
    renderRoute('/demo');
    const table = await screen.findByRole('table', { name: /30-day correlation/ });
    // Narrow screens scroll it sideways: the scroller is a named region reachable with Tab.
    const scroller = screen.getByRole('region', { name: /30-day correlation of daily returns/ });
    expect(scroller).toContainElement(table);
    expect(scroller).toHaveAttribute('tabindex', '0');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(6);
    const nvda = within(table).getByRole('rowheader', { name: 'NVDA' }).closest('tr')!;
    const cells = within(nvda).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '1.00',
      '0.82',
      '0.58',
      '-0.21',
      '-0.46',
    ]);
    expect(cells.map((cell) => cell.getAttribute('data-strength'))).toEqual([
      'strong-positive',
      'strong-positive',
      'moderate-positive',
      'weak',
      'moderate-negative',
    ]);
    const tlt = within(table).getByRole('rowheader', { name: 'TLT' }).closest('tr')!;
    expect(within(tlt).getByText('-0.74')).toHaveAttribute('data-strength', 'strong-negative');
  });

  it('links both subscription buttons to /daytrader and /professional-trading', async () => {
    renderRoute('/demo');
    const links = await screen.findAllByRole('link', {
      name: 'Professional Trading App - $29.99/month',
    });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/daytrader',
      '/professional-trading',
    ]);
    expect(
      screen.getByRole('heading', { name: 'Everything here is worth $29.99/month' }),
    ).toBeVisible();
  });
});

describe('correlation colour bands', () => {
  it.each([
    [0.7, 'strong-positive'],
    [0.69, 'moderate-positive'],
    [0.3, 'moderate-positive'],
    [0.29, 'weak'],
    [-0.29, 'weak'],
    [-0.3, 'moderate-negative'],
    [-0.69, 'moderate-negative'],
    [-0.7, 'strong-negative'],
  ])('puts %s in the %s band', (value, band) => {
    expect(correlationStrength(value)).toBe(band);
  });
});
