import { screen, within } from '@testing-library/react';
import { HOME_FEED_STUBS, renderRoute } from '../../../../test/render-route';

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
  jest.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
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
});
