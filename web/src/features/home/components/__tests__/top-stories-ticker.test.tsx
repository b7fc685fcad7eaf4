import { screen, within } from '@testing-library/react';
import { HOME_FEED_STUBS, renderRoute } from '../../../../test/render-route';
import { SPY_DETAILS } from '../../../../test/market-fixtures';
import { staticMediaQueryList } from '../../../../test/media-query';

const headlines = [
  {
    id: '1',
    title: 'Chipmakers lead a broad rally',
    url: 'https://news.example/1',
    publishedAt: '2026-01-02T10:00:00Z',
  },
  {
    id: '2',
    title: 'Oil slips as supply rises',
    url: 'https://news.example/2',
    publishedAt: '2026-01-02T09:00:00Z',
  },
];

function stubReducedMotion(reduce: boolean) {
  jest
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) =>
      staticMediaQueryList(query, reduce && query.includes('prefers-reduced-motion')),
    );
}

describe('Top Stories ticker', () => {
  it('scrolls the targeted headlines as links, with a hidden copy for the loop', async () => {
    const { user } = renderRoute('/', {
      ...HOME_FEED_STUBS,
      '/api/articles/targeted?limit=6': { body: headlines },
    });
    const ticker = await screen.findByRole('region', { name: 'Top Stories' });
    const link = await within(ticker).findByRole('link', { name: 'Chipmakers lead a broad rally' });
    expect(link).toHaveAttribute('href', 'https://news.example/1');
    expect(link).toHaveAttribute('target', '_blank');
    // Only one copy is exposed to assistive technology.
    expect(within(ticker).getAllByRole('link')).toHaveLength(2);
    const viewport = screen.getByTestId('ticker');
    expect(viewport).toHaveAttribute('data-animated', 'true');
    expect(viewport).toHaveAttribute('data-paused', 'false');

    await user.click(within(ticker).getByRole('button', { name: 'Pause scrolling' }));
    expect(viewport).toHaveAttribute('data-paused', 'true');
    await user.click(within(ticker).getByRole('button', { name: 'Resume scrolling' }));
    expect(viewport).toHaveAttribute('data-paused', 'false');
  });

  it('shows static headlines when the targeted list is empty', async () => {
    renderRoute('/', HOME_FEED_STUBS);
    const ticker = await screen.findByRole('region', { name: 'Top Stories' });
    expect(within(ticker).getAllByText('A stop is a plan, not a prediction')).toHaveLength(2);
  });

  it('stands still, with no copy and no pause button, for prefers-reduced-motion', async () => {
    stubReducedMotion(true);
    renderRoute('/', HOME_FEED_STUBS);
    const ticker = await screen.findByRole('region', { name: 'Top Stories' });
    expect(screen.getByTestId('ticker')).toHaveAttribute('data-animated', 'false');
    expect(within(ticker).getAllByText('A stop is a plan, not a prediction')).toHaveLength(1);
    expect(within(ticker).queryByRole('button')).not.toBeInTheDocument();
  });

  describe('tickers named by a story', () => {
    const tagged = [{ ...headlines[0], tickers: ['SPY', 'NVDA', 'AAPL', 'MSFT'] }, headlines[1]];
    const stubs = {
      ...HOME_FEED_STUBS,
      '/api/articles/targeted?limit=6': { body: tagged },
      // The watch list cannot be read: a ticker from a story still opens its details.
      '/api/market': { status: 503, body: '{"message":"No market data provider is configured"}' },
      '/api/market/symbols/SPY': { body: SPY_DETAILS },
      '/api/market/symbols/NVDA': {
        status: 404,
        body: '{"message":"No instrument has the symbol NVDA"}',
      },
    };

    beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
    afterEach(() => jest.restoreAllMocks());

    it('shows up to three per story, the loop copy out of the tab order', async () => {
      renderRoute('/', stubs);
      const ticker = await screen.findByRole('region', { name: 'Top Stories' });
      const buttons = await within(ticker).findAllByRole('button', { name: /^Stock details for / });
      expect(buttons.map((button) => button.textContent)).toEqual([
        'Stock details for SPY',
        'Stock details for NVDA',
        'Stock details for AAPL',
      ]);
      const copies = within(ticker).getAllByRole('button', {
        name: /^Stock details for /,
        hidden: true,
      });
      expect(copies).toHaveLength(6);
      for (const copy of copies.slice(3)) expect(copy).toHaveAttribute('tabindex', '-1');
    });

    it('opens the Stock Details panel for the chosen ticker and closes it again', async () => {
      const { user, fetchMock } = renderRoute('/', stubs);
      const ticker = await screen.findByRole('region', { name: 'Top Stories' });
      await user.click(
        await within(ticker).findByRole('button', { name: 'Stock details for SPY' }),
      );

      const panel = await screen.findByRole('region', { name: 'SPDR S&P 500 ETF Trust' });
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/market/symbols/SPY');
      expect(within(panel).getByText('Sample data')).toBeVisible();
      await user.click(within(panel).getByRole('button', { name: 'Close Details' }));
      expect(
        screen.queryByRole('region', { name: 'SPDR S&P 500 ETF Trust' }),
      ).not.toBeInTheDocument();
    });

    it('says so when the chosen ticker is unknown', async () => {
      const { user } = renderRoute('/', stubs);
      const ticker = await screen.findByRole('region', { name: 'Top Stories' });
      await user.click(
        await within(ticker).findByRole('button', { name: 'Stock details for NVDA' }),
      );

      const notice = await screen.findByText(/No instrument has the symbol NVDA\./);
      await user.click(within(notice).getByRole('button', { name: 'Close Details' }));
      expect(screen.queryByText(/No instrument has the symbol NVDA/)).not.toBeInTheDocument();
    });
  });
});
