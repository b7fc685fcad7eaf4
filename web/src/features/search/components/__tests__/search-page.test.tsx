import { screen, within } from '@testing-library/react';
import type { SearchResponse, SearchResult } from '@probedge/proto';
import { HOME_FEED_STUBS, renderRoute } from '../../../../test/render-route';

const GUIDE: SearchResult = {
  type: 'guide',
  id: 'position-sizing',
  title: 'Position Sizing Basics',
  url: '/guide/position-sizing',
  snippet: [
    { text: 'Size every position so that one ', highlight: false },
    { text: 'hedge', highlight: true },
    { text: ' cannot sink you.', highlight: false },
  ],
  category: 'risk-management',
  publishedAt: '2026-01-05T00:00:00.000Z',
  rank: 0.6,
};

const NEWS: SearchResult = {
  type: 'news',
  id: '6c1d',
  title: 'Funds hedge ahead of the Fed',
  url: 'https://news.example/fed-hedge',
  snippet: [],
  category: 'business',
  source: 'Example Wire',
  publishedAt: '2026-11-20T09:00:00.000Z',
  rank: 0.4,
};

function found(results: SearchResult[], extra: Partial<SearchResponse> = {}): SearchResponse {
  return { query: 'hedge', type: 'all', results, ...extra };
}

describe('search page', () => {
  it('runs the query in the address and shows each hit with its highlighted words', async () => {
    renderRoute('/search?q=hedge', {
      '/api/search?q=hedge&limit=20': { body: found([GUIDE, NEWS]) },
    });

    const list = await screen.findByRole('list', { name: 'Search results' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Position Sizing Basics' })).toHaveAttribute(
      'href',
      '/guide/position-sizing',
    );
    expect(within(items[0]).getByText('hedge', { selector: 'mark' })).toBeInTheDocument();
    const external = within(items[1]).getByRole('link', { name: /Funds hedge ahead of the Fed/ });
    expect(external).toHaveAttribute('href', 'https://news.example/fed-hedge');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(items[1]).getByText(/Example Wire/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 results for “hedge”');
    expect(screen.getByRole('searchbox', { name: 'Search guides, blogs and news' })).toHaveValue(
      'hedge',
    );
  });

  it('puts a new query and a type in the address, so the results can be shared', async () => {
    const { user, location } = renderRoute('/search', {
      '/api/search?q=sizing&limit=20': { body: found([GUIDE], { query: 'sizing' }) },
      '/api/search?q=sizing&type=guide&limit=20': {
        body: found([GUIDE], { query: 'sizing', type: 'guide' }),
      },
    });
    expect(screen.getByText('Type a word or two and press Enter to search.')).toBeInTheDocument();

    await user.type(
      screen.getByRole('searchbox', { name: 'Search guides, blogs and news' }),
      ' sizing {Enter}',
    );
    await screen.findByRole('link', { name: 'Position Sizing Basics' });
    expect(location().search).toBe('?q=sizing');

    await user.click(screen.getByRole('radio', { name: 'Guides' }));
    expect(location().search).toBe('?q=sizing&type=guide');
    await screen.findByRole('link', { name: 'Position Sizing Basics' });
    expect(screen.getByRole('radio', { name: 'Guides' })).toBeChecked();
  });

  it('says what to do when the query is too short, without asking the API', async () => {
    const { fetchMock } = renderRoute('/search?q=a');
    expect(await screen.findByText('Type at least 2 characters to search.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the loading state, then an empty state that names the query', async () => {
    let answer: (value: { body: SearchResponse }) => void = () => undefined;
    renderRoute('/search?q=zzzz', {
      '/api/search?q=zzzz&limit=20': () => new Promise((resolve) => (answer = resolve)),
    });
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    answer({ body: found([], { query: 'zzzz' }) });
    expect(await screen.findByText(/No results for “zzzz”/)).toBeInTheDocument();
  });

  it('offers a retry when the search fails, and asks again', async () => {
    const { user, fetchMock } = renderRoute('/search?q=hedge', {
      '/api/search?q=hedge&limit=20': {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'down' },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Search is unavailable right now.');
    const calls = fetchMock.mock.calls.length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(fetchMock.mock.calls.length).toBe(calls + 1);
  });

  it("shows the API's reason for a refused query", async () => {
    renderRoute('/search?q=%22%22', {
      '/api/search?q=%22%22&limit=20': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'q has no words to search for' },
      },
    });
    expect(await screen.findByText('q has no words to search for')).toBeInTheDocument();
  });

  it('is reached from the search field in the header on any page', async () => {
    const { user, location } = renderRoute('/', {
      ...HOME_FEED_STUBS,
      '/api/search?q=hedge&limit=20': { body: found([GUIDE]) },
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search the site' }), 'hedge{Enter}');
    expect(location().pathname).toBe('/search');
    expect(location().search).toBe('?q=hedge');
    expect(await screen.findByRole('link', { name: 'Position Sizing Basics' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the site' })).toHaveValue('');
  });
});

describe('search page instruments', () => {
  it('lists tickers and companies matching the words, each linking to its page', async () => {
    renderRoute('/search?q=apple', {
      '/api/search?q=apple&limit=20': { body: found([GUIDE], { query: 'apple' }) },
      '/api/market/search?q=apple': {
        body: {
          query: 'apple',
          sampleData: true,
          results: [
            { symbol: 'AAPL', name: 'Apple Inc.', exchange: 'NASDAQ', type: 'Common Stock' },
          ],
        },
      },
    });

    const instruments = await screen.findByRole('region', { name: /Instruments/ });
    expect(within(instruments).getByText('Sample data')).toBeVisible();
    expect(within(instruments).getByRole('link', { name: 'AAPL Apple Inc.' })).toHaveAttribute(
      'href',
      '/stocks/AAPL',
    );
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeInTheDocument();
  });

  it('shows no instruments block when the market search has no match', async () => {
    renderRoute('/search?q=hedge', {
      '/api/search?q=hedge&limit=20': { body: found([GUIDE]) },
      '/api/market/search?q=hedge': { body: { query: 'hedge', sampleData: true, results: [] } },
    });
    await screen.findByRole('list', { name: 'Search results' });
    expect(screen.queryByRole('region', { name: /Instruments/ })).not.toBeInTheDocument();
  });
});
