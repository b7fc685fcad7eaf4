import { screen, within } from '@testing-library/react';
import type { SymbolDetails } from '@probedge/proto';
import { renderRoute } from '../../../../test/render-route';
import { sampleQuote } from '../../../../test/market-fixtures';
import { sentencesMentioning } from '../analysis-mentions';

jest.mock(
  'lightweight-charts',
  () => ({
    AreaSeries: 'Area',
    createChart: () => ({
      addSeries: () => ({ setData: () => undefined }),
      timeScale: () => ({ fitContent: () => undefined }),
      remove: () => undefined,
    }),
  }),
  { virtual: true },
);

const ANALYSIS = [
  'Headlines leaned cautious today. Chipmakers led the talk, with NVDA named most.',
  'Markets (sample data, not market prices; as of Nov 27, 4:00 PM EST): SPY +0.41% at 512.30 USD, QQQ −0.75% at 441.20 USD.',
  'Largest moves among the day’s most-mentioned tickers: NVDA +2.10% at 140.00 USD, V +1.20% at 300.00 USD.',
  'A NVDAX fund and nvda in lower case are not the ticker. Visa said little.',
].join('\n');

describe('sentencesMentioning', () => {
  it.each([
    [
      'NVDA',
      ['Chipmakers led the talk, with NVDA named most.', expect.stringContaining('NVDA +2.10%')],
    ],
    ['SPY', [expect.stringContaining('SPY +0.41% at 512.30 USD')]],
    ['QQQ', [expect.stringContaining('QQQ −0.75%')]],
    ['V', [expect.stringContaining('V +1.20%')]],
    ['A', []],
    ['AAPL', []],
  ])('finds the sentences naming %s', (symbol, expected) => {
    expect(sentencesMentioning(ANALYSIS, symbol)).toEqual(expected);
  });

  it('reads cashtags and symbols with a class suffix, at most three sentences', () => {
    const text = 'Watch $BRK.B today. BRK.B held. BRK.B again. BRK.B once more. BRK.BX is another.';
    expect(sentencesMentioning(text, 'BRK.B')).toEqual([
      'Watch $BRK.B today.',
      'BRK.B held.',
      'BRK.B again.',
    ]);
  });
});

const details: SymbolDetails = {
  sampleData: true,
  quote: sampleQuote('NVDA', 'NVIDIA Corporation', 140, 2.88),
  profile: null,
};

function renderStockPage(analysis: { status?: number; body: unknown }) {
  return renderRoute('/stocks/NVDA', {
    '/api/market/symbols/NVDA': { body: details },
    '/api/market/symbols/NVDA/history?range=1y': {
      body: {
        symbol: 'NVDA',
        range: '1y',
        source: 'sandbox',
        sampleData: true,
        stale: false,
        bars: [],
      },
    },
    '/api/articles?symbol=NVDA&limit=10': { body: [] },
    '/api/daily-analysis': analysis,
  });
}

describe('ticker page: the day’s analysis', () => {
  it('quotes the sentences that name the ticker and links to the whole analysis', async () => {
    renderStockPage({ body: { content: ANALYSIS, createdAt: '2026-11-28T06:00:00.000Z' } });
    const region = await screen.findByRole('region', { name: "NVDA in today's analysis" });
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    expect(within(region).getByText(/NVDA \+2\.10% at 140\.00 USD/)).toBeVisible();
    expect(
      within(region).getByRole('link', { name: /whole Daily Market Analysis/ }),
    ).toHaveAttribute('href', '/analysis');
  });

  it('shows nothing when there is no analysis today', async () => {
    renderStockPage({ status: 404, body: { message: 'No analysis today' } });
    await screen.findByText('No recent article names NVDA.');
    expect(screen.queryByRole('region', { name: /in today's analysis/ })).not.toBeInTheDocument();
  });
});
