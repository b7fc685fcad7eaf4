import { screen, waitFor, within } from '@testing-library/react';
import { browserWindow } from '../../../../lib/browser-window';
import { pending, renderRoute, type StubHandler } from '../../../../test/render-route';

const CHECK = '/api/check-subscription';
const ARTICLES = '/api/articles?category=stocks&limit=12';

function renderPage(check: StubHandler, articles: StubHandler = { body: [] }) {
  return renderRoute('/professional-trading', { [CHECK]: check, [ARTICLES]: articles });
}

describe('/professional-trading access button', () => {
  it("reads 'Checking subscription...' while the check runs", async () => {
    renderPage(() => pending());
    expect(await screen.findByRole('button', { name: 'Checking subscription...' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /Subscribe to the/ })).not.toBeInTheDocument();
  });

  it('opens the professional app in a 1400x900 popup for a subscriber', async () => {
    const open = jest.spyOn(browserWindow, 'open').mockImplementation(() => {});
    const { user } = renderPage({ body: { hasAccess: true } });
    const launch = await screen.findByRole('button', { name: 'Launch Professional Trading App' });
    expect(launch).toBeEnabled();
    await user.click(launch);
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0]!;
    expect(url).toBe('https://app.probedge.example');
    expect(target).not.toBe('_blank');
    expect(features).toContain('width=1400');
    expect(features).toContain('height=900');
    expect(features).toContain('popup');
    expect(screen.queryByRole('button', { name: /Subscription Required/ })).not.toBeInTheDocument();
  });

  it.each([
    ['not subscribed', { body: { hasAccess: false } }],
    ['the check failed', { status: 500, body: 'boom' }],
    ['the check was refused', { status: 401, body: '' }],
  ])('shows the locked button and the subscribe link when %s', async (_label, check) => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage(check);
    const locked = await screen.findByRole('button', { name: /Subscription Required/ });
    expect(locked).toBeDisabled();
    expect(
      screen.getByRole('link', { name: 'Subscribe to the Professional Trading App' }),
    ).toHaveAttribute('href', '/subscribe');
    // A subscriber on another browser signs in instead, and comes back here.
    expect(screen.getByText(/Already subscribed\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?returnTo=%2Fprofessional-trading',
    );
    expect(
      screen.queryByRole('button', { name: 'Launch Professional Trading App' }),
    ).not.toBeInTheDocument();
  });
});

describe('/professional-trading access after a purchase elsewhere', () => {
  it('checks again when the page is visited again', async () => {
    let checks = 0;
    const { user } = renderPage(() => {
      checks += 1;
      return { body: { hasAccess: checks > 1 } };
    });
    await user.click(
      await screen.findByRole('link', { name: 'Subscribe to the Professional Trading App' }),
    );
    await screen.findByRole('heading', { level: 1, name: /^Choose Your/ });
    await user.click(screen.getByRole('link', { name: 'Professional Trading' }));
    expect(
      await screen.findByRole('button', { name: 'Launch Professional Trading App' }),
    ).toBeEnabled();
    expect(checks).toBe(2);
  });
});

describe('/professional-trading page', () => {
  it('requests the stocks articles in the background and logs a failure', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetchMock } = renderPage({ body: { hasAccess: false } }, { status: 503, body: 'down' });
    await screen.findByRole('button', { name: /Subscription Required/ });
    expect(fetchMock).toHaveBeenCalledWith(ARTICLES, expect.objectContaining({ method: 'GET' }));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('Failed to fetch professional trading articles'),
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the screenshots, description, price, framework and the five engines', async () => {
    renderPage({ body: { hasAccess: false } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Professional Trading App' }),
    ).toBeInTheDocument();

    const shots = screen.getAllByRole('img');
    expect(shots).toHaveLength(2);
    for (const shot of shots) {
      expect(shot.getAttribute('aria-label')).toMatch(/^Illustration of/);
      expect(shot).toHaveAttribute('width', '560');
      expect(shot).toHaveAttribute('height', '315');
    }

    expect(screen.getByRole('heading', { name: 'What it does' })).toBeInTheDocument();
    const price = screen.getByRole('region', { name: 'One plan, everything included' });
    expect(within(price).getByText('$29.99')).toBeInTheDocument();
    expect(within(price).getByText('/month')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The Mathematical Framework' })).toBeInTheDocument();

    const engines = within(screen.getByRole('list', { name: 'Algorithm engines' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(engines).toEqual([
      'Unconfidence Engine',
      'DTW RSI Templates',
      'Regime + Robust Bounds',
      'Dempster-Shafer Fusion',
      'HMM Kelly Sizing',
    ]);
    expect(screen.getAllByText(/not investment advice/).length).toBeGreaterThan(0);
  });

  it('sets its title and Product data with the offer', async () => {
    renderPage({ body: { hasAccess: false } });
    await waitFor(() => expect(document.title).toBe('Professional Trading App | ProbEdge'));
    const jsonLd = document.querySelector('script[type="application/ld+json"]')?.textContent;
    const graph = (
      JSON.parse(jsonLd ?? '{}') as { '@graph': { '@type': string; offers?: unknown }[] }
    )['@graph'];
    const product = graph.find((node) => node['@type'] === 'Product');
    expect(product?.offers).toEqual(
      expect.objectContaining({
        price: '29.99',
        priceCurrency: 'USD',
        priceValidUntil: '2030-12-31',
      }),
    );
  });
});
