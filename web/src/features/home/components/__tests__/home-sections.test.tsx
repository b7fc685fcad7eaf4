import { screen, within } from '@testing-library/react';
import { HOME_FEED_STUBS, renderRoute } from '../../../../test/render-route';

describe('home page sections', () => {
  it('tells four example trade stories in the hero, labelled as illustrations', async () => {
    renderRoute('/', HOME_FEED_STUBS);
    const stories = await screen.findByRole('list', { name: 'Example trade stories' });
    expect(within(stories).getAllByRole('article')).toHaveLength(4);
    expect(screen.getByText(/Illustrative examples written for education/)).toBeVisible();
  });

  it('lists what users get access to', async () => {
    renderRoute('/', HOME_FEED_STUBS);
    const access = await screen.findByRole('region', { name: 'What you get access to' });
    expect(within(access).getByText(/Unified scanner/)).toBeVisible();
    expect(within(access).getByText(/20\+ live signals daily/)).toBeVisible();
  });

  it('opens the free scanner and the professional app in new tabs from the plan cards', async () => {
    renderRoute('/', HOME_FEED_STUBS);
    const plans = await screen.findByRole('region', { name: 'Choose how to start' });
    const free = within(plans).getByRole('link', { name: 'Try Free Scanner' });
    expect(free).toHaveAttribute('href', 'https://scanner.probedge.example');
    expect(free).toHaveAttribute('target', '_blank');
    expect(free).toHaveAttribute('rel', 'noopener noreferrer');
    const pro = within(plans).getByRole('article', { name: 'Professional Trading App' });
    expect(pro).toHaveTextContent('$29.99/month');
    const subscribe = within(pro).getByRole('link', { name: 'Subscribe Now' });
    expect(subscribe).toHaveAttribute('href', 'https://app.probedge.example');
    expect(subscribe).toHaveAttribute('target', '_blank');
  });

  it("shows the 'what powers' list with two sized screenshot illustrations", async () => {
    renderRoute('/', HOME_FEED_STUBS);
    const powers = await screen.findByRole('region', { name: 'What powers the analysis' });
    expect(within(powers).getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
    const images = within(powers).getAllByRole('img');
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image).toHaveAttribute('width', '480');
      expect(image).toHaveAttribute('height', '270');
      expect(image.getAttribute('aria-label')).toMatch(/^Illustration of/);
    }
  });

  it('has help, security, risk-free and trust columns', async () => {
    renderRoute('/', HOME_FEED_STUBS);
    const info = await screen.findByRole('region', { name: /Why traders trust/ });
    expect(
      within(info)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Help', 'Security', 'Risk-free', 'Trust']);
  });

  it('keeps the Stock Details panel hidden because nothing selects a stock', async () => {
    renderRoute('/', HOME_FEED_STUBS);
    await screen.findByRole('heading', { level: 1, name: 'ProbEdge' });
    expect(screen.queryByRole('button', { name: 'Close Details' })).not.toBeInTheDocument();
  });
});
