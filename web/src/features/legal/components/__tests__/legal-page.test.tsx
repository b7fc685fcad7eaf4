import { screen, waitFor } from '@testing-library/react';
import { LEGAL_LAST_UPDATED } from '../../../../lib/constants';
import { renderRoute } from '../../../../test/render-route';

describe('legal pages', () => {
  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/cookies', 'Cookie Policy'],
  ])(
    '%s shows its title, the last-updated date, a disclaimer and a way home',
    async (path, title) => {
      renderRoute(path);

      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(`Last updated: ${LEGAL_LAST_UPDATED}`)).toBeInTheDocument();
      expect(screen.getByText('Last updated: September 16, 2025')).toBeInTheDocument();
      expect(
        screen.getByText(/for educational purposes only and is not investment advice/),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '← Back to Home' })).toHaveAttribute('href', '/');
      expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(1);
      await waitFor(() => expect(document.title).toBe(`${title} | ProbEdge`));
    },
  );

  it('writes the configured brand and support address into the text', async () => {
    renderRoute('/terms');

    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(screen.getAllByText(/support@probedge\.example/).length).toBeGreaterThan(0);
  });
});
