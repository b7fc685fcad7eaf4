import { screen, waitFor, within } from '@testing-library/react';
import { pending, renderRoute } from '../../../../test/render-route';
import { listItem } from './fixtures';

const GUIDES = [
  listItem({ slug: 'swing-basics', category: 'swing-trading', title: 'Swing Basics' }),
  listItem({ slug: 'day-first', category: 'day-trading', title: 'Day Trading First Steps' }),
  listItem({ slug: 'day-second', category: 'day-trading', title: 'Day Trading Second' }),
  listItem({ slug: 'forex-tips', category: 'forex', title: 'Forex Tips' }),
  listItem({ slug: 'mind-1', category: 'psychology-mindset', title: 'Calm Under Pressure' }),
];

describe('guides page', () => {
  it('shows one card per known category, in category order, with its first guide', async () => {
    renderRoute('/guides', { '/api/guides': { body: GUIDES } });

    const grid = await screen.findByRole('list', { name: 'Guide topics' });
    const cards = within(grid)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/guide/'));
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Day Trading First Steps',
      'Swing Basics',
      'Calm Under Pressure',
    ]);
    expect(cards[0]).toHaveTextContent('Day Trading');
    expect(cards[0]).toHaveTextContent('Description of day-first');
    expect(cards[2]).toHaveTextContent('Psychology & Mindset');
    expect(screen.queryByText('Day Trading Second')).not.toBeInTheDocument();
  });

  it('hides guides whose category is not known', async () => {
    renderRoute('/guides', { '/api/guides': { body: GUIDES } });

    await screen.findByText('Swing Basics');
    expect(screen.queryByText('Forex Tips')).not.toBeInTheDocument();
    expect(screen.queryByText('forex')).not.toBeInTheDocument();
  });

  it("links each card, reading 'Read Guide →', to /guide/<slug>", async () => {
    renderRoute('/guides', { '/api/guides': { body: GUIDES } });

    const actions = await screen.findAllByText('Read Guide →');
    expect(actions).toHaveLength(3);
    expect(actions.map((action) => action.closest('a')?.getAttribute('href'))).toEqual([
      '/guide/day-first',
      '/guide/swing-basics',
      '/guide/mind-1',
    ]);
  });

  it("links each topic to its category's page of every guide", async () => {
    const { user, location } = renderRoute('/guides', { '/api/guides': { body: GUIDES } });

    const links = await screen.findAllByRole('link', { name: /^All .* guides →$/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/guides/category/day-trading',
      '/guides/category/swing-trading',
      '/guides/category/psychology-mindset',
    ]);
    await user.click(links[0]);
    expect(location().pathname).toBe('/guides/category/day-trading');
    const list = await screen.findByRole('list', { name: 'Day Trading guides' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Day Trading First Steps', 'Day Trading Second']);
  });

  it('announces the guides feed in the page head for feed readers', async () => {
    renderRoute('/guides', { '/api/guides': { body: GUIDES } });

    await waitFor(() => expect(document.title).toBe('Trading Guides | ProbEdge'));
    const feeds = document.head.querySelectorAll('link[rel="alternate"]');
    expect(feeds).toHaveLength(1);
    expect(feeds[0]).toHaveAttribute('type', 'application/atom+xml');
    expect(feeds[0]).toHaveAttribute('title', 'ProbEdge guides');
    expect(feeds[0]).toHaveAttribute('href', '/api/feeds/guides');
  });

  it('shows the loading spinner while guides are on their way', async () => {
    renderRoute('/guides', { '/api/guides': () => pending() });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading trading guides...');
  });

  it('logs a failed request and ends loading with an empty list', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { fetchMock } = renderRoute('/guides', {
      '/api/guides': { status: 500, body: 'database unavailable' },
    });

    expect(await screen.findByText(/No trading guides are available/)).toBeInTheDocument();
    expect(screen.queryByText('Loading trading guides...')).not.toBeInTheDocument();
    expect(screen.queryByText('Read Guide →')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'Failed to load guides',
      expect.objectContaining({ message: '500: database unavailable' }),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offers a call to action to /subscribe', async () => {
    renderRoute('/guides', { '/api/guides': { body: GUIDES } });

    const cta = await screen.findByRole('link', { name: 'See the Professional plan' });
    expect(cta).toHaveAttribute('href', '/subscribe');
  });
});
