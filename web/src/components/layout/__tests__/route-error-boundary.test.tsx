import { screen } from '@testing-library/react';
import { renderRoute } from '../../../test/render-route';

jest.mock('../not-found-page', () => ({
  NotFoundPage: () => {
    throw new Error('chunk failed to load');
  },
}));

describe('route error boundary', () => {
  it('shows a recoverable error inside the chrome when a page fails to render', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/missing-page');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'Page failed to render',
      expect.objectContaining({ message: 'chunk failed to load' }),
      expect.anything(),
    );
  });
});
