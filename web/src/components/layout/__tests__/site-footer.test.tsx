import { screen, within } from '@testing-library/react';
import { NOT_ADVICE_LINE } from '@probedge/proto';
import { renderRoute } from '../../../test/render-route';

describe('site footer', () => {
  afterEach(() => jest.useRealTimers());

  it('links to the FAQ and the legal pages', async () => {
    renderRoute('/terms');

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(within(footer).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
      'href',
      '/cookies',
    );
    expect(within(footer).getByRole('link', { name: 'About' })).toHaveAttribute('href', '#');
  });

  it('gives the configured support address as a mailto link', async () => {
    renderRoute('/terms');

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'support@probedge.example' })).toHaveAttribute(
      'href',
      'mailto:support@probedge.example',
    );
  });

  it('shows the copyright from 2024 to the current year and the not-advice line', async () => {
    // Only the clock is faked; timers keep running for the lazy page and SWR.
    jest.useFakeTimers({
      now: new Date('2031-05-01T12:00:00Z'),
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
        'setImmediate',
        'nextTick',
      ],
    });
    renderRoute('/terms');

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(/^©/)).toHaveTextContent(
      '© 2024–2031 ProbEdge. All rights reserved.',
    );
    expect(within(footer).getAllByText(NOT_ADVICE_LINE).length).toBeGreaterThan(0);
  });
});
