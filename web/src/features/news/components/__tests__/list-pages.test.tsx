import { screen, waitFor, within } from '@testing-library/react';
import { pending, renderRoute } from '../../../../test/render-route';
import { mockReload, newsArticle, newsArticles } from './fixtures';

const LONG = `${'x'.repeat(150)}tail`;

// The daily panels above the grids have their own tests; here they have nothing to show.
const DAILY_STUBS = {
  '/api/daily-analysis': {
    status: 404,
    body: { statusCode: 404, error: 'Not Found', message: '' },
  },
  '/api/daily-opinion': { status: 404, body: { statusCode: 404, error: 'Not Found', message: '' } },
};

const SCREENS = [
  {
    path: '/business',
    api: '/api/business?limit=12',
    label: 'Business articles',
    error: 'Failed to load business articles',
    empty: 'No business articles available at the moment',
  },
  {
    path: '/opinion',
    api: '/api/opinion?limit=12',
    label: 'Opinion articles',
    error: 'Failed to load opinion articles',
    empty: 'No opinion articles available at the moment',
  },
  {
    path: '/analysis',
    api: '/api/analysis?limit=12',
    label: 'Analysis articles',
    error: 'Failed to load analysis articles',
    empty: undefined,
  },
] as const;

describe.each(SCREENS)('$path', ({ path, api, label, error, empty }) => {
  it(`requests ${api}`, async () => {
    const { fetchMock } = renderRoute(path, { ...DAILY_STUBS, [api]: { body: [] } });
    await screen.findByRole('heading', { level: 1 });
    expect(fetchMock).toHaveBeenCalledWith(api, expect.objectContaining({ method: 'GET' }));
  });

  it('shows six skeleton cards while loading', async () => {
    renderRoute(path, { ...DAILY_STUBS, [api]: () => pending() });
    const status = await screen.findByRole('status', { name: `Loading ${label}` });
    expect(within(status).getAllByTestId('article-card-skeleton')).toHaveLength(6);
  });

  it('shows the loaded cards with truncation, fallback text, age and outside links', async () => {
    const body = [
      newsArticle(1, { description: LONG }),
      newsArticle(2, { description: '' }),
      newsArticle(3, { description: 'y'.repeat(150) }),
    ];
    renderRoute(path, { ...DAILY_STUBS, [api]: { body } });

    const grid = await screen.findByRole('list', { name: label });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Headline 1');
    expect(within(cards[0]!).getByText(`${'x'.repeat(150)}...`)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('No description available')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('y'.repeat(150))).toBeInTheDocument();
    expect(within(cards[0]!).getByText('3 hours ago')).toBeInTheDocument();

    const link = within(cards[0]!).getByRole('link', { name: 'Read More' });
    expect(link).toHaveAttribute('href', 'https://news.example/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("shows the error and a 'Refresh Page' button that reloads", async () => {
    const { reload, restore } = mockReload();
    try {
      const { user } = renderRoute(path, { ...DAILY_STUBS, [api]: { status: 500, body: 'boom' } });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(error);
      await user.click(within(alert).getByRole('button', { name: 'Refresh Page' }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      restore();
    }
  });

  it(empty ? `shows '${empty}' when empty` : 'shows nothing when empty', async () => {
    renderRoute(path, { ...DAILY_STUBS, [api]: { body: [] } });
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: `Loading ${label}` })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('list', { name: label })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    if (empty) expect(screen.getByText(empty)).toBeInTheDocument();
  });
});

describe('page extras', () => {
  it('/business shows case studies, three illustrated screenshots and why it matters', async () => {
    renderRoute('/business', { '/api/business?limit=12': { body: newsArticles(2) } });
    expect(await screen.findByRole('heading', { name: 'Case studies' })).toBeInTheDocument();
    const shots = screen.getAllByRole('img');
    expect(shots).toHaveLength(3);
    for (const shot of shots) {
      expect(shot.getAttribute('aria-label')).toMatch(/Illustration/);
      expect(shot).toHaveAttribute('width', '320');
      expect(shot).toHaveAttribute('height', '180');
    }
    expect(screen.getByRole('heading', { name: 'Why it matters' })).toBeInTheDocument();
    expect(screen.getAllByText(/not investment advice/).length).toBeGreaterThan(0);
  });

  it('/opinion shows its header, subtitle and footer note', async () => {
    renderRoute('/opinion', { ...DAILY_STUBS, '/api/opinion?limit=12': { body: newsArticles(1) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Opinion' })).toBeInTheDocument();
    expect(screen.getByText('Expert opinions and market commentary')).toBeInTheDocument();
    expect(
      screen.getByText(/not financial advice; always do your own research/),
    ).toBeInTheDocument();
  });

  it('/business shows at most what the API returns, twelve cards', async () => {
    renderRoute('/business', { '/api/business?limit=12': { body: newsArticles(12) } });
    const grid = await screen.findByRole('list', { name: 'Business articles' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(12);
  });
});
