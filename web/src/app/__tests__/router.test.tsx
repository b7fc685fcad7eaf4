import { screen } from '@testing-library/react';
import { HOME_FEED_STUBS, renderRoute } from '../../test/render-route';

describe('router', () => {
  it.each(['/no-such-page', '/guides/extra/deep', '/daytrader-typo'])(
    "shows '404 Page Not Found' with a link home for %s",
    async (path) => {
      renderRoute(path);

      expect(
        await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    },
  );

  it('redirects /day-trader to /daytrader, keeping the query string', async () => {
    const { location } = renderRoute('/day-trader?session_id=cs_test_123&ref=demo', {
      '/api/daytrader?limit=12': { body: [] },
    });

    await screen.findByRole('heading', { name: 'Active Trading News' });
    expect(location().pathname).toBe('/daytrader');
    expect(location().search).toBe('?session_id=cs_test_123&ref=demo');
  });

  it('leaves a page for another when a link is followed', async () => {
    const { user, location } = renderRoute('/no-such-page', HOME_FEED_STUBS);

    await user.click(await screen.findByRole('link', { name: 'Back to Home' }));
    expect(location().pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'ProbEdge' })).toBeInTheDocument();
  });
});
