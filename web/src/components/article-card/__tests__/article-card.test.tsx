import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../theme/theme';
import { ArticleCard } from '../article-card';
import { ArticleSkeletonGrid } from '../article-card-skeleton';

const NOW = new Date('2026-01-10T12:00:00Z');

function renderCard(props: Partial<Parameters<typeof ArticleCard>[0]> = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <ArticleCard
          title="Stocks rally"
          description="Short description"
          url="https://news.example/a"
          publishedAt="2026-01-10T09:00:00Z"
          now={NOW}
          {...props}
        />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('ArticleCard', () => {
  it('shows title, description, relative time and an outside Read More link', () => {
    renderCard();
    expect(screen.getByRole('heading', { name: 'Stocks rally' })).toBeInTheDocument();
    expect(screen.getByText('Short description')).toBeInTheDocument();
    expect(screen.getByText('3 hours ago')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Read More' });
    expect(link).toHaveAttribute('href', 'https://news.example/a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps a 150-character description whole and cuts a 151-character one', () => {
    const exact = 'a'.repeat(150);
    const { unmount } = renderCard({ description: exact });
    expect(screen.getByText(exact)).toBeInTheDocument();
    unmount();

    renderCard({ description: `${'b'.repeat(150)}c` });
    expect(screen.getByText(`${'b'.repeat(150)}...`)).toBeInTheDocument();
  });

  it.each([undefined, null, '', '   '])("reads 'No description available' for %p", (value) => {
    renderCard({ description: value });
    expect(screen.getByText('No description available')).toBeInTheDocument();
  });

  it.each([
    ['2026-01-10T11:00:01Z', 'Less than 1 hour ago'],
    ['2026-01-10T11:00:00Z', '1 hour ago'],
    ['2026-01-09T12:00:01Z', '23 hours ago'],
    ['2026-01-09T12:00:00Z', '1 day ago'],
    ['2026-01-08T12:00:00Z', '2 days ago'],
  ])('publishedAt %s reads %s', (publishedAt, text) => {
    renderCard({ publishedAt });
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('links each named instrument to its ticker page, five at most', () => {
    renderCard({ tickers: ['AAPL', 'MSFT', 'NVDA', 'SPY', 'QQQ', 'BRK.B'] });
    const list = screen.getByRole('list', { name: 'Instruments named' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Quote and news for AAPL',
      'Quote and news for MSFT',
      'Quote and news for NVDA',
      'Quote and news for SPY',
      'Quote and news for QQQ',
    ]);
    expect(links[0]).toHaveAttribute('href', '/stocks/AAPL');
    expect(links[0]).not.toHaveAttribute('target');
  });

  it.each([undefined, []])('shows no instrument list for tickers %p', (tickers) => {
    renderCard({ tickers });
    expect(screen.queryByRole('list', { name: 'Instruments named' })).not.toBeInTheDocument();
  });

  it('uses the requested heading level', () => {
    renderCard({ headingLevel: 3 });
    expect(screen.getByRole('heading', { level: 3, name: 'Stocks rally' })).toBeInTheDocument();
  });

  it('renders the requested number of skeleton cards', () => {
    render(
      <ThemeProvider theme={theme}>
        <ArticleSkeletonGrid count={6} label="Loading articles" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading articles' })).toBeInTheDocument();
    expect(screen.getAllByTestId('article-card-skeleton')).toHaveLength(6);
  });
});
