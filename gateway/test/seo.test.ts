import { PUBLIC_PAGES, TOOL_PAGES } from '@probedge/proto';
import { send, useGatewayWithUpstreams } from './support/gateway';

describe('sitemap.xml and robots.txt', () => {
  const fixture = useGatewayWithUpstreams();
  const items = {
    '/api/guides': [
      {
        slug: 'reading-probabilities',
        category: 'risk-management',
        createdAt: '2026-10-01T12:00:00.000Z',
      },
    ],
    '/api/blogs': [{ slug: 'fed-week & you', createdAt: '2026-11-02T08:00:00.000Z' }],
  };

  beforeAll(() => {
    fixture.upstreams.content.handler = (_req, res, received) => {
      const path = received.url.split('?')[0] as keyof typeof items;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(items[path] ?? []));
    };
  });

  it('lists every public page and every guide and blog under the public origin', async () => {
    const res = await send(fixture.gateway.url, '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      ...PUBLIC_PAGES.map((page) => new URL(page, 'http://localhost:8080').toString()),
      ...TOOL_PAGES.map((page) => new URL(page, 'http://localhost:8080').toString()),
      // Only the categories that hold a guide.
      'http://localhost:8080/guides/category/risk-management',
      'http://localhost:8080/guide/reading-probabilities',
      'http://localhost:8080/blog/fed-week%20&amp;%20you',
    ]);
    expect(res.text).toContain('<lastmod>2026-10-01</lastmod>');
    expect(locs).not.toContain('http://localhost:8080/account');
    const asked = fixture.upstreams.content.received.map((request) => request.url);
    expect(asked).toEqual(expect.arrayContaining(['/api/guides?limit=50', '/api/blogs?limit=50']));
  });

  it('points crawlers at the sitemap and away from the API and personal pages', async () => {
    const res = await send(fixture.gateway.url, '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('Disallow: /api/');
    expect(res.text).toContain('Disallow: /account');
    expect(res.text).toContain('Disallow: /search');
    expect(res.text).toContain('Sitemap: http://localhost:8080/sitemap.xml');
    // The Atom feeds are open to crawlers, listed beside the sitemap.
    expect(res.text).toMatch(/Allow: \/api\/feeds\/\nDisallow: \/api\//);
    for (const feed of ['guides', 'blogs', 'daily-analysis']) {
      expect(res.text).toContain(`Sitemap: http://localhost:8080/api/feeds/${feed}`);
    }
  });
});

describe('sitemap.xml while the content service is down', () => {
  const fixture = useGatewayWithUpstreams();

  it('still lists the fixed pages', async () => {
    await fixture.upstreams.content.stop();
    const res = await send(fixture.gateway.url, '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<loc>http://localhost:8080/demo</loc>');
    expect(res.text).not.toContain('/guide/');
  });
});
