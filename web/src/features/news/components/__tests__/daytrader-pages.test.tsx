import { screen, waitFor, within } from '@testing-library/react';
import { pending, renderRoute } from '../../../../test/render-route';
import { newsArticles } from './fixtures';

const LANDING_API = '/api/daytrader?limit=12';
const PREVIEW_API = '/api/daytrader?limit=5';

describe('day trader news while it loads', () => {
  it.each([
    ['/daytrader', LANDING_API, 'Day trader news', 6],
    ['/free-scanner', PREVIEW_API, 'Sample news', 3],
  ])('%s requests %s and shows %s as %i skeletons', async (path, api, label, skeletons) => {
    const { fetchMock } = renderRoute(path, { [api]: () => pending() });
    const status = await screen.findByRole('status', { name: `Loading ${label}` });
    expect(within(status).getAllByTestId('news-item-skeleton')).toHaveLength(skeletons);
    expect(fetchMock).toHaveBeenCalledWith(api, expect.objectContaining({ method: 'GET' }));
  });
});

describe('/daytrader', () => {
  it("shows the price and a 'Try Sample Scan' link to /demo", async () => {
    renderRoute('/daytrader', { [LANDING_API]: { body: [] } });
    expect(await screen.findByText('$29.99/month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Sample Scan' })).toHaveAttribute('href', '/demo');
    expect(screen.getAllByText(/not investment advice/).length).toBeGreaterThan(0);
  });

  it("shows at most 12 items, each with 'Read More →' in a new tab", async () => {
    renderRoute('/daytrader', { [LANDING_API]: { body: newsArticles(14) } });
    const grid = await screen.findByRole('list', { name: 'Day trader news' });
    const items = within(grid).getAllByRole('listitem');
    expect(items).toHaveLength(12);
    expect(items[0]).toHaveTextContent('Headline 1');
    const link = within(items[0]!).getByRole('link', { name: 'Read More →' });
    expect(link).toHaveAttribute('href', 'https://news.example/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("reads 'Loading day trader news...' when the list is empty", async () => {
    renderRoute('/daytrader', { [LANDING_API]: { body: [] } });
    expect(await screen.findByText('Loading day trader news...')).toBeInTheDocument();
    expect(
      screen.queryByRole('status', { name: 'Loading Day trader news' }),
    ).not.toBeInTheDocument();
  });

  it('does not break when the request fails', async () => {
    renderRoute('/daytrader', { [LANDING_API]: { status: 503, body: '{}' } });
    expect(await screen.findByText('Loading day trader news...')).toBeInTheDocument();
    expect(screen.getByText('$29.99/month')).toBeInTheDocument();
  });
});

describe('/free-scanner', () => {
  it("shows the 'Free Preview Mode' notice", async () => {
    renderRoute('/free-scanner', { [PREVIEW_API]: { body: [] } });
    expect(await screen.findByRole('note')).toHaveTextContent('Free Preview Mode');
  });

  it('shows the first 3 of 5 items with the note', async () => {
    renderRoute('/free-scanner', { [PREVIEW_API]: { body: newsArticles(5) } });
    const grid = await screen.findByRole('list', { name: 'Sample news' });
    const items = within(grid).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.querySelector('h3')?.textContent)).toEqual([
      'Headline 1',
      'Headline 2',
      'Headline 3',
    ]);
    expect(screen.getByText('Showing 3 of 50+ daily news updates')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Headline 4')).not.toBeInTheDocument());
  });
});
