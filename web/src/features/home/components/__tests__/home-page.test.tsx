import { act, screen, waitFor, within } from '@testing-library/react';
import { HOME_FEED_STUBS, renderRoute, type StubResponse } from '../../../../test/render-route';
import { expectLinks } from '../../../../test/links';
import { SAMPLE_SNAPSHOT } from '../../../../test/market-fixtures';

describe('home page', () => {
  it('names the brand and subtitle and says the content is educational', async () => {
    renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'ProbEdge' })).toBeInTheDocument();
    const hero = screen.getByRole('region', { name: 'ProbEdge' });
    expect(within(hero).getByText('Probability-based trading intelligence')).toBeInTheDocument();
    expect(
      within(hero).getByText(/educational content, not investment advice/),
    ).toBeInTheDocument();
  });

  it('links to the guides, the blogs and the FAQ', async () => {
    renderRoute('/');

    const hero = await screen.findByRole('region', { name: 'ProbEdge' });
    expectLinks(hero, { 'Browse Guides': '/guides', 'Read Blogs': '/blogs', FAQ: '/faq' });
  });
});

describe('home page background calls', () => {
  const calledUrls = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([url]) => String(url));

  it('asks for targeted, analysis preview, category articles and market data with the spec sizes', async () => {
    const { fetchMock } = renderRoute('/', {
      '/api/articles/targeted?limit=6': { body: [] },
      '/api/analysis?limit=1': { body: [] },
      '/api/articles?limit=8': { body: [] },
      '/api/market': { body: { indices: [] } },
    });
    await screen.findByRole('heading', { level: 1, name: 'ProbEdge' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(calledUrls(fetchMock).sort()).toEqual([
      '/api/analysis?limit=1',
      '/api/articles/targeted?limit=6',
      '/api/articles?limit=8',
      '/api/market',
    ]);
  });

  it('holds the calls back until the browser is idle after the page has loaded', async () => {
    const idle: IdleRequestCallback[] = [];
    window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => {
      idle.push(callback);
      return idle.length;
    });
    window.cancelIdleCallback = jest.fn();
    try {
      const { fetchMock, unmount } = renderRoute('/', HOME_FEED_STUBS);
      await screen.findByRole('heading', { level: 1, name: 'ProbEdge' });
      await waitFor(() => expect(idle).toHaveLength(1));
      expect(calledUrls(fetchMock)).toEqual([]);

      act(() => idle[0]({ didTimeout: false, timeRemaining: () => 50 }));

      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
      unmount();
    } finally {
      // jsdom has no idle callbacks of its own.
      delete (window as Partial<Window>).requestIdleCallback;
      delete (window as Partial<Window>).cancelIdleCallback;
    }
  });

  it('keeps the page whole and logs the messages when every call fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      renderRoute('/', {
        '/api/articles/targeted?limit=6': { status: 502, body: 'down' },
        '/api/analysis?limit=1': { status: 500, body: '' },
        '/api/articles?limit=8': { status: 502, body: 'down' },
        '/api/market': { status: 503, body: '{"message":"No market data provider is configured"}' },
      });
      expect(await screen.findByRole('link', { name: 'Browse Guides' })).toBeInTheDocument();
      await waitFor(() => expect(warn).toHaveBeenCalledTimes(4));
      const messages = warn.mock.calls.map(([message]) => String(message));
      expect(messages).toContain(
        'Failed to fetch market data (503: {"message":"No market data provider is configured"})',
      );
      expect(messages).toContain('Failed to fetch market movers (502: down)');
      expect(messages).toContain('Failed to fetch news feed analysis (500: Internal Server Error)');
      expect(screen.getByRole('heading', { level: 1, name: 'ProbEdge' })).toBeInTheDocument();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('market data every 30 seconds', () => {
  const MARKET = '/api/market';
  const NO_PROVIDER: StubResponse = {
    status: 503,
    body: '{"message":"No market data provider is configured"}',
  };

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
  const setVisibility = (state: DocumentVisibilityState) =>
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });

  async function renderHome(answer: () => StubResponse) {
    const { fetchMock } = renderRoute('/', { ...HOME_FEED_STUBS, [MARKET]: answer });
    const reads = () => fetchMock.mock.calls.filter(([url]) => url === MARKET).length;
    await screen.findByRole('heading', { level: 1, name: 'ProbEdge' });
    await waitFor(() => expect(reads()).toBe(1));
    return reads;
  }

  it('keeps asking after 503s and after successes, logging failures and showing snapshots', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let answer: StubResponse = NO_PROVIDER;
    const reads = await renderHome(() => answer);

    await advance(29_000);
    expect(reads()).toBe(1);
    await advance(1_000);
    expect(reads()).toBe(2);
    await advance(30_000);
    expect(reads()).toBe(3);

    answer = { body: SAMPLE_SNAPSHOT };
    await advance(30_000);
    expect(reads()).toBe(4);
    expect(screen.getByRole('region', { name: /Markets/ })).toBeInTheDocument();

    answer = NO_PROVIDER;
    await advance(30_000);
    expect(reads()).toBe(5);
    const failures = warn.mock.calls.filter(([line]) =>
      String(line).startsWith('Failed to fetch market data (503: '),
    );
    expect(failures).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 1, name: 'ProbEdge' })).toBeInTheDocument();
  });

  it('skips its turns while the tab is hidden and asks once when it is shown again', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reads = await renderHome(() => NO_PROVIDER);
    try {
      setVisibility('hidden');
      await advance(5 * 60_000);
      expect(reads()).toBe(1);

      setVisibility('visible');
      await advance(30_000);
      expect(reads()).toBe(2);
    } finally {
      setVisibility('visible');
    }
  });
});
