import { screen, within } from '@testing-library/react';
import { answered, renderRoute } from '../../../../test/render-route';

const LANDING_API = '/api/daytrader?limit=12';
const PREVIEW_API = '/api/daytrader?limit=5';

/**
 * Renders the page and lets its list request answer before the tests look, so that no update of
 * the page lands after a test has ended.
 */
async function renderSettled(path: string, api: string): Promise<void> {
  const { fetchMock } = renderRoute(path, { [api]: { body: [] } });
  await answered(fetchMock, api);
}

describe('/daytrader static sections', () => {
  beforeEach(() => renderSettled('/daytrader', LANDING_API));

  it('shows a sized screenshot illustration with alt text', async () => {
    const image = await screen.findByRole('img', { name: /day trading scanner/ });
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  });

  it('explains the three steps: market scan, pattern detection, dual validation', async () => {
    const how = await screen.findByRole('region', { name: 'How the Day Trading Scanner Works' });
    expect(
      within(how)
        .getAllByRole('heading', { level: 3 })
        .map((node) => node.textContent),
    ).toEqual(['Market scan', 'Pattern detection', 'Dual validation']);
  });

  it('lists six templates, sample signals and the three skill levels', async () => {
    const templates = await screen.findByRole('list', { name: 'Pattern templates' });
    expect(within(templates).getAllByRole('listitem')).toHaveLength(6);
    const samples = screen.getByRole('list', { name: 'Sample signals' });
    expect(within(samples).getAllByText('Entry').length).toBeGreaterThan(0);
    for (const level of ['Beginner', 'Intermediate', 'Advanced']) {
      expect(screen.getByRole('article', { name: level })).toBeVisible();
    }
  });

  it('shows five sample current signals in a captioned table', async () => {
    const table = await screen.findByRole('table', { name: /Sample current signals/ });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    // Narrow screens scroll it sideways: the scroller is a named region reachable with Tab.
    const scroller = screen.getByRole('region', { name: /Sample current signals/ });
    expect(scroller).toContainElement(table);
    expect(scroller).toHaveAttribute('tabindex', '0');
  });

  it('ends with a pricing block linking to /subscribe', async () => {
    const pricing = await screen.findByRole('region', { name: 'One plan for active traders' });
    expect(pricing).toHaveTextContent('$29.99 per month');
    expect(within(pricing).getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
  });
});

describe('/free-scanner static sections', () => {
  beforeEach(() => renderSettled('/free-scanner', PREVIEW_API));

  it('opens the pro app and the scanner in new tabs from the hero', async () => {
    const hero = await screen.findByRole('region', { name: 'Free Scanner Preview' });
    const upgrade = within(hero).getByRole('link', { name: 'Upgrade for Full Access' });
    expect(upgrade).toHaveAttribute('href', 'https://app.probedge.example');
    expect(upgrade).toHaveAttribute('target', '_blank');
    const scanner = within(hero).getByRole('link', { name: 'Try Free Scanner' });
    expect(scanner).toHaveAttribute('href', 'https://scanner.probedge.example');
    expect(scanner).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('note')).toHaveTextContent('Free Preview Mode');
  });

  it('shows three sample cards with entry and exit locked', async () => {
    const cards = within(await screen.findByRole('list', { name: 'Sample signals' })).getAllByRole(
      'article',
    );
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      for (const field of ['Pattern', 'Status', 'Change', 'Confidence']) {
        expect(within(card).getByText(field)).toBeVisible();
      }
      expect(card).toHaveTextContent('Entry / exit prices: Available in Pro');
    }
  });

  it('has the three-step explainer, an upgrade call to action and the disclaimer', async () => {
    const how = await screen.findByRole('region', { name: 'How the scanner works' });
    expect(within(how).getAllByRole('listitem')).toHaveLength(3);
    const upgrade = screen.getByRole('region', { name: 'Ready for the full picture?' });
    expect(within(upgrade).getByRole('link', { name: 'See Pricing' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(
      screen.getByText(/not investment advice\. Preview signals are sample data/),
    ).toBeVisible();
  });
});
