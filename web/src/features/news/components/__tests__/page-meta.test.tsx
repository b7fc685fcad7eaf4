import { waitFor } from '@testing-library/react';
import { pending, renderRoute } from '../../../../test/render-route';

function jsonLdTypes(): unknown[] {
  const script = document.querySelector('script[type="application/ld+json"]');
  const data = JSON.parse(script?.textContent ?? '{}') as { '@graph'?: { '@type': string }[] };
  return (data['@graph'] ?? []).map((node) => node['@type']);
}

const PAGES = [
  {
    path: '/business',
    api: '/api/business?limit=12',
    title: 'Trading Edge',
    types: ['CollectionPage'],
  },
  {
    path: '/analysis',
    api: '/api/analysis?limit=12',
    title: 'Analysis',
    types: ['CollectionPage'],
  },
  { path: '/opinion', api: '/api/opinion?limit=12', title: 'Opinion', types: ['CollectionPage'] },
  {
    path: '/daytrader',
    api: '/api/daytrader?limit=12',
    title: 'Day Trading Signals',
    types: ['WebPage', 'Product'],
  },
  {
    path: '/free-scanner',
    api: '/api/daytrader?limit=5',
    title: 'Free Scanner Preview',
    types: ['WebPage'],
  },
] as const;

describe.each(PAGES)('$path metadata', ({ path, api, title, types }) => {
  it(`sets title, description, keywords, canonical and ${types.join(' + ')} data`, async () => {
    renderRoute(`${path}?utm=x`, {
      '/api/daily-analysis': () => pending(),
      '/api/daily-opinion': () => pending(),
      [api]: () => pending(),
    });

    await waitFor(() => expect(document.title).toBe(`${title} | ProbEdge`));
    const head = document.head;
    expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
    expect(head.querySelector('meta[name="keywords"]')?.getAttribute('content')).toBeTruthy();
    expect(head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `http://localhost:8080${path}`,
    );
    expect(jsonLdTypes()).toEqual(types);
  });
});
