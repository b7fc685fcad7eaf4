import { screen, waitFor } from '@testing-library/react';
import { HOME_FEED_STUBS, pending, renderRoute } from '../../../test/render-route';
import { serializeJsonLd } from '../structured-data';

function canonicalHref() {
  return document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
}

/** The Atom feeds the head announces, as [title, href]. */
function feedLinks() {
  return [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => [
    link.getAttribute('type'),
    link.getAttribute('title'),
    link.getAttribute('href'),
  ]);
}

const ATOM = 'application/atom+xml';

function meta(selector: string) {
  return document.head.querySelector(`meta[${selector}]`)?.getAttribute('content');
}

function jsonLd(): { '@graph': Array<Record<string, unknown>> } {
  const script = document.querySelector('script[type="application/ld+json"]');
  return JSON.parse(script?.textContent ?? '{}') as { '@graph': Array<Record<string, unknown>> };
}

const GUIDE = {
  id: 'g1',
  slug: 'exit-plans',
  title: 'Exit Plans That Work',
  description: 'Decide the exit before the entry.',
  category: 'exit-strategy',
  createdAt: '2025-09-10T00:00:00Z',
  content: 'Plan the exit.',
};

describe('PageMeta', () => {
  it('gives the guides list its title, canonical link, social tags and CollectionPage data', async () => {
    renderRoute('/guides', { '/api/guides': { body: [] } });

    await waitFor(() => expect(document.title).toBe('Trading Guides | ProbEdge'));
    expect(canonicalHref()).toBe('http://localhost:8080/guides');
    expect(meta('name="description"')).toMatch(/^Educational trading guides/);
    expect(meta('name="keywords"')).toContain('trading guides');
    expect(meta('property="og:title"')).toBe('Trading Guides | ProbEdge');
    expect(meta('property="og:url"')).toBe('http://localhost:8080/guides');
    expect(meta('property="og:type"')).toBe('website');
    expect(meta('property="og:site_name"')).toBe('ProbEdge');
    expect(meta('name="twitter:card"')).toBe('summary');
    expect(jsonLd()['@graph'][0]).toMatchObject({ '@type': 'CollectionPage' });
  });

  it('gives a guide its own title and Article data, and replaces the tags of the previous page', async () => {
    const { user } = renderRoute('/guides', {
      '/api/guides': { body: [GUIDE] },
      '/api/guides/exit-plans': { body: GUIDE },
    });

    await user.click(await screen.findByText('Read Guide →'));

    await waitFor(() => expect(document.title).toBe('Exit Plans That Work | ProbEdge'));
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(canonicalHref()).toBe('http://localhost:8080/guide/exit-plans');
    expect(meta('property="og:type"')).toBe('article');
    expect(jsonLd()['@graph'][0]).toMatchObject({
      '@type': 'Article',
      headline: 'Exit Plans That Work',
      datePublished: '2025-09-10T00:00:00Z',
      articleSection: 'Exit Strategy',
    });
  });

  it('describes the home page as a WebSite and an Organization', async () => {
    renderRoute('/', HOME_FEED_STUBS);

    await waitFor(() =>
      expect(document.title).toBe('Probability-based trading intelligence | ProbEdge'),
    );
    expect(canonicalHref()).toBe('http://localhost:8080/');
    expect(jsonLd()['@graph'].map((node) => node['@type'])).toEqual(['WebSite', 'Organization']);
  });

  it.each([
    ['/', HOME_FEED_STUBS, ['guides', 'blog', 'daily market analysis']],
    ['/guides', { '/api/guides': { body: [] } }, ['guides']],
    ['/guide/exit-plans', { '/api/guides/exit-plans': { body: GUIDE } }, ['guides']],
    ['/blogs', { '/api/blogs': { body: [] } }, ['blog']],
    ['/blog/exit-plans', { '/api/blogs/exit-plans': { body: GUIDE } }, ['blog']],
    [
      '/analysis',
      {
        '/api/daily-analysis': () => pending(),
        '/api/analysis?limit=12': () => pending(),
      },
      ['daily market analysis'],
    ],
  ])('announces the Atom feeds of %s in the head', async (path, stubs, names) => {
    renderRoute(path, { '/api/guides': { body: [] }, ...stubs });

    const paths: Record<string, string> = {
      guides: '/api/feeds/guides',
      blog: '/api/feeds/blogs',
      'daily market analysis': '/api/feeds/daily-analysis',
    };
    await waitFor(() =>
      expect(feedLinks()).toEqual(names.map((name) => [ATOM, `ProbEdge ${name}`, paths[name]])),
    );
  });

  it('keeps the not-found screen out of search results', async () => {
    renderRoute('/no/such/page');

    await waitFor(() => expect(document.title).toBe('Page Not Found | ProbEdge'));
    expect(meta('name="robots"')).toBe('noindex');
    expect(canonicalHref()).toBeUndefined();
  });

  it('escapes "<" so API text cannot close the JSON-LD script', () => {
    const serialized = serializeJsonLd([{ headline: '</script><script>alert(1)</script>' }]);
    expect(serialized).not.toContain('</script>');
    expect(JSON.parse(serialized)).toEqual({
      '@context': 'https://schema.org',
      '@graph': [{ headline: '</script><script>alert(1)</script>' }],
    });
  });
});
