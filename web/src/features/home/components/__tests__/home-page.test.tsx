import { screen, within } from '@testing-library/react';
import { renderRoute } from '../../../../test/render-route';

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
    expect(within(hero).getByRole('link', { name: 'Browse Guides' })).toHaveAttribute(
      'href',
      '/guides',
    );
    expect(within(hero).getByRole('link', { name: 'Read Blogs' })).toHaveAttribute(
      'href',
      '/blogs',
    );
    expect(within(hero).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
  });
});
