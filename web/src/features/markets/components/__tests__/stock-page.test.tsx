import { screen, waitFor, within } from '@testing-library/react';
import type { PriceHistory, SymbolDetails } from '@probedge/proto';
import { pending, renderRoute } from '../../../../test/render-route';
import { sampleQuote } from '../../../../test/market-fixtures';

const chart = {
  setData: jest.fn(),
  remove: jest.fn(),
};

// The library draws on a canvas, which jsdom lacks; the test checks what the page hands it. (Its
// package is ESM-only, so Jest's resolver is told not to look for it.)
jest.mock(
  'lightweight-charts',
  () => ({
    AreaSeries: 'Area',
    createChart: jest.fn(() => ({
      addSeries: () => ({ setData: chart.setData }),
      timeScale: () => ({ fitContent: () => undefined }),
      remove: chart.remove,
    })),
  }),
  { virtual: true },
);

const details: SymbolDetails = {
  sampleData: true,
  quote: sampleQuote('AAPL', 'Apple Inc.', 231.4, -2.15),
  profile: {
    sector: 'Technology',
    industry: 'Consumer Electronics',
    marketCap: 3_512_345_000_000,
    peRatio: 35.123,
    pbRatio: null,
    exchange: 'NASDAQ',
    source: 'sandbox',
  },
};

const history = (range: string): PriceHistory => ({
  symbol: 'AAPL',
  range: range as PriceHistory['range'],
  source: 'sandbox',
  sampleData: true,
  stale: false,
  bars: [
    { date: '2026-11-25', open: 230, high: 232, low: 229, close: 231, volume: 1000 },
    { date: '2026-11-26', open: 231, high: 234, low: 230, close: 233.55, volume: 1200 },
  ],
});

describe('stock page', () => {
  beforeEach(() => {
    chart.setData.mockClear();
  });

  it('shows the quote with its source and time, the company figures and a chart with a table', async () => {
    const { user } = renderRoute('/stocks/aapl', {
      '/api/market/symbols/AAPL': { body: details },
      '/api/market/symbols/AAPL/history?range=1y': { body: history('1y') },
      '/api/articles?symbol=AAPL&limit=10': { body: [] },
    });

    expect(await screen.findByRole('heading', { level: 1, name: /Apple Inc\./ })).toBeVisible();
    expect(screen.getAllByText('Sample data').length).toBeGreaterThan(0);
    expect(screen.getByText('-$2.15 (-0.92%)')).toHaveAttribute('data-direction', 'down');
    expect(
      screen.getByText(/Sample figures, not market prices · as of Nov 27, 4:00 PM E[SD]T/),
    ).toBeVisible();
    const company = screen.getByRole('region', { name: 'Company' });
    expect(within(company).getByText('$3,512.35B')).toBeVisible();
    expect(within(company).getByText('35.12')).toBeVisible();

    await waitFor(() =>
      expect(chart.setData).toHaveBeenCalledWith([
        { time: '2026-11-25', value: 231 },
        { time: '2026-11-26', value: 233.55 },
      ]),
    );
    expect(
      screen.getByRole('img', { name: /Apple Inc\. daily closing prices over 1 year/ }),
    ).toBeInTheDocument();
    // The table's rows are built only once it is opened.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByText('Daily prices as a table'));
    const table = screen.getByRole('table', { name: /AAPL daily prices, 1 year/ });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2026-11-26');
    expect(document.title).toContain('Apple Inc. (AAPL) price and chart');
  });

  it('asks for another range when one is chosen', async () => {
    const { user, fetchMock } = renderRoute('/stocks/AAPL', {
      '/api/market/symbols/AAPL': { body: details },
      '/api/market/symbols/AAPL/history?range=1y': { body: history('1y') },
      '/api/market/symbols/AAPL/history?range=5y': { body: history('5y') },
    });
    await user.click(await screen.findByText('Daily prices as a table'));
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: '5Y' }));

    await screen.findByRole('table', { name: /5 years/ });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/market/symbols/AAPL/history?range=5y',
    );
    expect(screen.getByRole('button', { name: '5Y' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps labelling the shown bars with their own range while another range loads', async () => {
    const { user } = renderRoute('/stocks/AAPL', {
      '/api/market/symbols/AAPL': { body: details },
      '/api/market/symbols/AAPL/history?range=1y': { body: history('1y') },
      '/api/market/symbols/AAPL/history?range=1m': () => pending(),
    });
    await user.click(await screen.findByText('Daily prices as a table'));
    await screen.findByRole('table', { name: /1 year/ });

    await user.click(screen.getByRole('button', { name: '1M' }));

    // The year's bars are still on screen: they say so, not "1 month".
    expect(screen.getByRole('button', { name: '1M' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('table', { name: /AAPL daily prices, 1 year/ })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /1 month/ })).not.toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /daily closing prices over 1 year/ }),
    ).toBeInTheDocument();
  });

  it("lists the ticker's news, each article opening at its publisher", async () => {
    renderRoute('/stocks/AAPL', {
      '/api/market/symbols/AAPL': { body: details },
      '/api/market/symbols/AAPL/history?range=1y': { body: history('1y') },
      '/api/articles?symbol=AAPL&limit=10': {
        body: [
          {
            id: 'n1',
            title: 'Apple shares climb after iPhone sales beat',
            url: 'https://news.example/apple',
            publishedAt: '2026-11-27T14:00:00.000Z',
          },
        ],
      },
    });
    const news = await screen.findByRole('region', { name: 'News about AAPL' });
    const link = await within(news).findByRole('link', { name: /Apple shares climb/ });
    expect(link).toHaveAttribute('href', 'https://news.example/apple');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('says so when no recent article names the ticker', async () => {
    renderRoute('/stocks/AAPL', {
      '/api/market/symbols/AAPL': { body: details },
      '/api/market/symbols/AAPL/history?range=1y': { body: history('1y') },
      '/api/articles?symbol=AAPL&limit=10': { body: [] },
    });
    expect(await screen.findByText('No recent article names AAPL.')).toBeVisible();
  });

  it('says so when no instrument has the symbol', async () => {
    renderRoute('/stocks/ZZZZ', {
      '/api/market/symbols/ZZZZ': {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'No instrument has the symbol ZZZZ' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Symbol not found' })).toBeVisible();
    expect(screen.getByText('No instrument has the symbol ZZZZ.')).toBeVisible();
  });

  it('refuses a malformed symbol without asking the API', async () => {
    const { fetchMock } = renderRoute('/stocks/bad!!', {});
    expect(await screen.findByRole('heading', { name: 'Symbol not found' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says market data is unavailable when the API answers 503', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoute('/stocks/AAPL', {
      '/api/market/symbols/AAPL': {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'No provider' },
      },
    });
    expect(await screen.findByText(/Market data is unavailable right now/)).toBeVisible();
    jest.restoreAllMocks();
  });
});
