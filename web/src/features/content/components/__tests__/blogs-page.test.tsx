import { screen, within } from '@testing-library/react';
import { pending, renderRoute } from '../../../../test/render-route';
import { listItem } from './fixtures';

const BLOGS = [
  listItem({ slug: 'fed-week', category: 'market-analysis', title: 'Fed Week Playbook' }),
  listItem({ slug: 'bull-flags', category: 'technical-patterns', title: 'Reading Bull Flags' }),
  listItem({ slug: 'gold-bugs', category: 'commodities', title: 'Gold Bugs' }),
  listItem({ slug: 'more-flags', category: 'technical-patterns', title: 'More Flags' }),
];

describe('blogs page', () => {
  it("gives every blog with a known category its own card with 'Read Blog →'", async () => {
    renderRoute('/blogs', { '/api/blogs': { body: BLOGS } });

    const grid = await screen.findByRole('list', { name: 'Blog posts' });
    const cards = within(grid).getAllByRole('link');
    expect(cards).toHaveLength(3);
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/blog/fed-week',
      '/blog/bull-flags',
      '/blog/more-flags',
    ]);
    expect(cards[0]).toHaveTextContent('Fed Week Playbook');
    expect(cards[0]).toHaveTextContent('Description of fed-week');
    expect(cards[0]).toHaveTextContent('Market Analysis');
    expect(cards[1]).toHaveTextContent('Technical Patterns');
    for (const card of cards) expect(card).toHaveTextContent('Read Blog →');
  });

  it('hides blogs whose category is not known', async () => {
    renderRoute('/blogs', { '/api/blogs': { body: BLOGS } });

    await screen.findByText('Fed Week Playbook');
    expect(screen.queryByText('Gold Bugs')).not.toBeInTheDocument();
  });

  it('shows the loading text while blogs are on their way', async () => {
    renderRoute('/blogs', { '/api/blogs': () => pending() });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading trading blogs...');
  });

  it('logs a failed request and shows an empty list', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/blogs', { '/api/blogs': { status: 503 } });

    expect(await screen.findByText(/No trading blogs are available/)).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'Failed to load blogs',
      expect.objectContaining({ message: '503: Service Unavailable' }),
    );
  });

  it('offers a call to action to /subscribe', async () => {
    renderRoute('/blogs', { '/api/blogs': { body: BLOGS } });

    const cta = await screen.findByRole('link', { name: 'See the Professional plan' });
    expect(cta).toHaveAttribute('href', '/subscribe');
  });
});
