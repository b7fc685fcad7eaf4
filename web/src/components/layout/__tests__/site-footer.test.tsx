import { act, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { NOT_ADVICE_LINE } from '@probedge/proto';
import { AppProviders } from '../../../app/app';
import { fixClock } from '../../../test/fixed-clock';
import { expectLinks } from '../../../test/links';
import { renderRoute } from '../../../test/render-route';
import { SiteFooter } from '../site-footer';

const footerTree = (
  <AppProviders>
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>
  </AppProviders>
);

describe('site footer', () => {
  afterEach(() => jest.useRealTimers());

  it('links to the FAQ, the tools and the legal pages', async () => {
    renderRoute('/terms');

    const footer = await screen.findByRole('contentinfo');
    expectLinks(footer, {
      FAQ: '/faq',
      'Probability tools': '/tools',
      'Terms of Service': '/terms',
      'Privacy Policy': '/privacy',
      'Cookie Policy': '/cookies',
      About: '#',
    });
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
    fixClock('2031-05-01T12:00:00Z');
    renderRoute('/terms');

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(/^©/)).toHaveTextContent(
      '© 2024–2031 ProbEdge. All rights reserved.',
    );
    expect(within(footer).getAllByText(NOT_ADVICE_LINE).length).toBeGreaterThan(0);
  });

  it('hydrates a footer prerendered in an earlier year without a mismatch, then shows this year', async () => {
    // jest.config.cjs sets the build year to 2030.
    const container = document.createElement('div');
    container.innerHTML = renderToString(footerTree);
    document.body.append(container);
    expect(container).toHaveTextContent('© 2024–2030 ProbEdge.');

    fixClock('2031-01-02T12:00:00Z');
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(container, footerTree, { onRecoverableError: recoverable });
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(container).toHaveTextContent('© 2024–2031 ProbEdge. All rights reserved.');
    container.remove();
  });
});
