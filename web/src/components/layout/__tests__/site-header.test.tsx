import { screen, within } from '@testing-library/react';
import { HOME_FEED_STUBS, renderRoute } from '../../../test/render-route';

jest.mock('../../../lib/config', () => ({
  appConfig: {
    brandName: 'Acme Odds',
    brandSubtitle: 'Odds for everyone',
    supportEmail: 'help@acme.example',
    publicUrl: 'https://acme.example',
    scannerUrl: 'https://scanner.acme.example',
    proAppUrl: 'https://app.acme.example',
  },
}));

const EMPTY_LISTS = {
  ...HOME_FEED_STUBS,
  '/api/guides': { body: [] },
  '/api/blogs': { body: [] },
};

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

function activeLinks() {
  return within(mainNav())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('site header', () => {
  it('shows the configured title, linking home, and subtitle', async () => {
    renderRoute('/terms');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Acme Odds' })).toHaveAttribute('href', '/');
    expect(within(banner).getByText('Odds for everyone')).toBeInTheDocument();
    expect(within(banner).queryByText('ProbEdge')).not.toBeInTheDocument();
  });

  it('lists the main links in order', async () => {
    renderRoute('/terms');

    const links = within(await screen.findByRole('navigation', { name: 'Main' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Trading Edge', '/business'],
      ['Analysis', '/analysis'],
      ['Case Studies', '/research'],
      ['Guides', '/guides'],
      ['Blogs', '/blogs'],
      ['Free Scanner', '/free-scanner'],
      ['Professional Trading', '/professional-trading'],
    ]);
  });

  it.each([
    ['/', ['Home']],
    ['/guides', ['Guides']],
    ['/guide/position-sizing', []],
    ['/blogs/some/deeper/page', ['Blogs']],
    ['/blog/why-stops-matter', []],
    ['/business', ['Trading Edge']],
    ['/professional-trading', ['Professional Trading']],
    ['/faq', []],
  ])('on %s highlights %j', async (path, expected) => {
    renderRoute(path, EMPTY_LISTS);

    await screen.findByRole('navigation', { name: 'Main' });
    expect(activeLinks()).toEqual(expected);
  });

  // jsdom ignores media queries and lays out the desktop header, where the toggle is hidden,
  // so the toggle is found by its text rather than by its (hidden) accessible role.
  it('opens the small-screen menu and closes it after a link is followed', async () => {
    const { user } = renderRoute('/', EMPTY_LISTS);

    const toggle = await screen.findByText('Menu', { selector: 'button' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByText('Close menu', { selector: 'button' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(within(mainNav()).getByRole('link', { name: 'Blogs' }));
    expect(await screen.findByText('Menu', { selector: 'button' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('offers a skip link to the main content', async () => {
    renderRoute('/terms');

    const skip = await screen.findByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});
