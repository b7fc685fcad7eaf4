import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute, settle, type StubHandler } from '../../../../test/render-route';
import { contentItem, listItem } from './fixtures';

const GUIDES = [
  listItem({ slug: 'ruin-and-drawdown', category: 'risk-management', title: 'Risk of Ruin' }),
  listItem({ slug: 'portfolio-heat', category: 'risk-management', title: 'Portfolio Heat' }),
  listItem({ slug: 'stop-placement', category: 'risk-management', title: 'Stop Placement' }),
  listItem({ slug: 'kelly-sizing', category: 'position-sizing', title: 'Kelly Sizing' }),
  listItem({ slug: 'fixed-fraction', category: 'position-sizing', title: 'Fixed Fraction' }),
  listItem({ slug: 'opening-range', category: 'day-trading', title: 'Opening Range' }),
  listItem({ slug: 'forex-tips', category: 'forex', title: 'Forex Tips' }),
];

/** The stubs for /guides and every guide's page: the list, and each guide by its slug. */
function guideStubs(): Record<string, StubHandler> {
  const stubs: Record<string, StubHandler> = { '/api/guides': { body: GUIDES } };
  for (const guide of GUIDES) {
    stubs[`/api/guides/${guide.slug}`] = { body: contentItem({ ...guide }) };
  }
  return stubs;
}

/**
 * A guide's page once the guide is shown and the guide list has been answered, so the absence of
 * the category list afterwards means "none", not "not yet".
 */
async function renderGuidePage(path: string) {
  const stubs = guideStubs();
  let listed = false;
  stubs['/api/guides'] = () => {
    listed = true;
    return { body: GUIDES };
  };
  const page = renderRoute(path, stubs);
  await screen.findByRole('link', { name: 'Explore the Professional plan' });
  await waitFor(() => expect(listed).toBe(true));
  await settle();
  return page;
}

const hrefs = (links: HTMLElement[]) => links.map((link) => link.getAttribute('href'));

describe("a guide's category", () => {
  it("lists the category's other guides on a guide's page, not itself nor other categories", async () => {
    const { user, location } = renderRoute('/guide/portfolio-heat', guideStubs());

    const more = await screen.findByRole('navigation', { name: 'More Risk Management guides' });
    expect(within(more).getByRole('heading', { level: 2 })).toHaveTextContent(
      'More Risk Management guides',
    );
    expect(hrefs(within(more).getAllByRole('link'))).toEqual([
      '/guide/ruin-and-drawdown',
      '/guide/stop-placement',
    ]);

    await user.click(within(more).getByRole('link', { name: 'Stop Placement' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stop Placement' }),
    ).toBeInTheDocument();
    expect(location().pathname).toBe('/guide/stop-placement');
  });

  it('shows no list for a guide alone in its category', async () => {
    await renderGuidePage('/guide/opening-range');
    expect(screen.getByRole('heading', { level: 1, name: 'Opening Range' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /^More / })).not.toBeInTheDocument();
  });

  it('lists nothing and asks for no guides on a blog', async () => {
    const { fetchMock } = renderRoute('/blog/week-ahead', {
      '/api/blogs/week-ahead': {
        body: contentItem({ slug: 'week-ahead', category: 'risk-management', title: 'Week Ahead' }),
      },
    });
    await screen.findByRole('link', { name: 'Explore the Professional plan' });
    expect(screen.queryByRole('navigation', { name: /^More / })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/guides');
  });

  it('reaches every guide of a known category from /guides in at most two steps', async () => {
    const reached = new Set<string | null>();
    const cards = renderRoute('/guides', guideStubs());
    const grid = await screen.findByRole('list', { name: 'Guide topics' });
    const firstSteps = hrefs(within(grid).getAllByRole('link'));
    cards.unmount();

    for (const href of firstSteps) {
      reached.add(href);
      if (href?.startsWith('/guides/category/')) {
        // A topic's page of every guide: its cards are the second step.
        const page = renderRoute(href, guideStubs());
        const list = await screen.findByRole('list', { name: / guides$/ });
        for (const link of within(list).getAllByRole('link'))
          reached.add(link.getAttribute('href'));
        page.unmount();
        continue;
      }
      const page = await renderGuidePage(href!);
      const more = screen.queryByRole('navigation', { name: /^More / });
      for (const link of more ? within(more).getAllByRole('link') : []) {
        reached.add(link.getAttribute('href'));
      }
      page.unmount();
    }

    const guides = [...reached].filter((href) => href?.startsWith('/guide/')).sort();
    expect(guides).toEqual(
      GUIDES.filter((guide) => guide.category !== 'forex')
        .map((guide) => `/guide/${guide.slug}`)
        .sort(),
    );
  });

  it('has a page per known category listing all its guides, and none for an unknown one', async () => {
    const page = renderRoute('/guides/category/risk-management', guideStubs());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Risk Management Guides' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Risk Management guides' });
    expect(hrefs(within(list).getAllByRole('link'))).toEqual([
      '/guide/ruin-and-drawdown',
      '/guide/portfolio-heat',
      '/guide/stop-placement',
    ]);
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      expect.stringMatching(/\/guides\/category\/risk-management$/),
    );
    page.unmount();

    renderRoute('/guides/category/forex', guideStubs());
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/not found/i);
  });
});
