import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Stock } from '@probedge/proto';
import { AppProviders } from '../../../../app/app';
import { formatMarketCap } from '../../../../lib/market-format';
import { StockDetailsPanel } from '../stock-details-panel';

const apple: Stock = {
  name: 'Apple Inc.',
  symbol: 'AAPL',
  price: 231.4,
  change: 2.15,
  percentChange: 0.94,
  fundamentals: {
    sector: 'Technology',
    industry: 'Consumer Electronics',
    marketCap: 3_512_345_000_000,
    peRatio: 35.123,
    pbRatio: null,
  },
};

function Harness({ initial }: { initial: Stock | null }) {
  const [stock, setStock] = useState(initial);
  return <StockDetailsPanel stock={stock} onClose={() => setStock(null)} />;
}

const show = (stock: Stock | null) =>
  render(
    <AppProviders>
      <MemoryRouter>
        <Harness initial={stock} />
      </MemoryRouter>
    </AppProviders>,
  );

const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('StockDetailsPanel', () => {
  it('renders nothing without a stock', () => {
    show(null);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows company, symbol, price, sector, industry, market cap in billions, P/E and P/B', () => {
    show(apple);
    const panel = screen.getByRole('region', { name: 'Apple Inc.' });
    expect(within(panel).getByText('AAPL')).toBeVisible();
    expect(valueOf('Price')).toHaveTextContent('$231.40');
    expect(valueOf('Sector')).toHaveTextContent('Technology');
    expect(valueOf('Industry')).toHaveTextContent('Consumer Electronics');
    expect(valueOf('Market cap')).toHaveTextContent('$3,512.35B');
    expect(valueOf('P/E')).toHaveTextContent('35.12');
    expect(valueOf('P/B')).toHaveTextContent('N/A');
  });

  it('shows a positive daily change in green and a negative one in red', () => {
    const { unmount } = show(apple);
    const up = within(valueOf('Daily change') as HTMLElement).getByText(/\+\$2\.15/);
    expect(up).toHaveAttribute('data-direction', 'up');
    expect(up).toHaveTextContent('+$2.15 (+0.94%)');
    expect(getComputedStyle(up).color).toBe('rgb(6, 118, 71)');
    unmount();

    show({ ...apple, change: -3.5, percentChange: -1.5 });
    const down = within(valueOf('Daily change') as HTMLElement).getByText(/-\$3\.50/);
    expect(down).toHaveAttribute('data-direction', 'down');
    expect(down).toHaveTextContent('-$3.50 (-1.50%)');
    expect(getComputedStyle(down).color).toBe('rgb(180, 35, 24)');
  });

  it("hides itself with 'Close Details'", async () => {
    show(apple);
    await userEvent.click(screen.getByRole('button', { name: 'Close Details' }));
    expect(screen.queryByRole('region', { name: 'Apple Inc.' })).not.toBeInTheDocument();
  });

  it('formats market cap in billions', () => {
    expect(formatMarketCap(845_600_000)).toBe('$0.85B');
    expect(formatMarketCap(12_000_000_000)).toBe('$12.00B');
  });
});
