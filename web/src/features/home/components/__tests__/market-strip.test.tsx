import { screen, waitFor, within } from '@testing-library/react';
import { HOME_FEED_STUBS, renderRoute } from '../../../../test/render-route';
import { LIVE_SNAPSHOT, SAMPLE_SNAPSHOT, SPY_DETAILS } from '../../../../test/market-fixtures';

const valueOf = (panel: HTMLElement, term: string) =>
  within(panel).getByText(term, { selector: 'dt' }).nextElementSibling;

describe('market strip on the home page', () => {
  it('shows the watch list marked "Sample data" when the figures are samples', async () => {
    renderRoute('/', { ...HOME_FEED_STUBS, '/api/market': { body: SAMPLE_SNAPSHOT } });

    const strip = await screen.findByRole('region', { name: /Markets/ });
    expect(within(strip).getByText('Sample data')).toBeVisible();
    expect(
      within(strip).getByText(/Sample figures, not market prices · as of Nov 27, 4:00 PM E[SD]T/),
    ).toBeVisible();
    const spy = within(strip).getByRole('button', { name: /SPY, SPDR S&P 500 ETF Trust/ });
    expect(spy).toHaveTextContent('512.30 USD');
    expect(within(spy).getByText('+0.81%')).toHaveAttribute('data-direction', 'up');
    const qqq = within(strip).getByRole('button', { name: /QQQ/ });
    expect(within(qqq).getByText('-0.74%')).toHaveAttribute('data-direction', 'down');
  });

  it('names the provider and shows no sample label for live figures', async () => {
    renderRoute('/', { ...HOME_FEED_STUBS, '/api/market': { body: LIVE_SNAPSHOT } });

    const strip = await screen.findByRole('region', { name: /Markets/ });
    expect(within(strip).queryByText('Sample data')).not.toBeInTheDocument();
    expect(within(strip).getByText(/Source: finnhub/)).toBeVisible();
  });

  it('shows nothing while the market answers 503', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetchMock } = renderRoute('/', {
      ...HOME_FEED_STUBS,
      '/api/market': { status: 503, body: '{"message":"No market data provider is configured"}' },
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(screen.queryByRole('region', { name: /Markets/ })).not.toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('opens the Stock Details panel for a selected ticker and closes it again', async () => {
    const { user, fetchMock } = renderRoute('/', {
      ...HOME_FEED_STUBS,
      '/api/market': { body: SAMPLE_SNAPSHOT },
      '/api/market/symbols/SPY': { body: SPY_DETAILS },
    });
    const strip = await screen.findByRole('region', { name: /Markets/ });

    await user.click(within(strip).getByRole('button', { name: /SPY/ }));

    const panel = await screen.findByRole('region', { name: 'SPDR S&P 500 ETF Trust' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/market/symbols/SPY');
    expect(within(panel).getByText('Sample data')).toBeVisible();
    expect(valueOf(panel, 'Price')).toHaveTextContent('$512.30');
    expect(valueOf(panel, 'Market cap')).toHaveTextContent('N/A');
    expect(valueOf(panel, 'Sector')).toHaveTextContent('N/A');

    await user.click(within(panel).getByRole('button', { name: 'Close Details' }));
    expect(
      screen.queryByRole('region', { name: 'SPDR S&P 500 ETF Trust' }),
    ).not.toBeInTheDocument();
  });
});
