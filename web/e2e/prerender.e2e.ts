import { baseUrl, openPage, suiteBrowser } from './support/browser';

/** Where the spec keeps the checkout session id in the browser (web/src/lib/constants.ts). */
const SESSION_ID_STORAGE_KEY = 'stripe_session_id';

/** The raw HTML a crawler fetches, before any JavaScript. */
async function fetchHtml(path: string): Promise<string> {
  const res = await fetch(`${baseUrl()}${path}`);
  expect(res.status).toBe(200);
  return res.text();
}

async function fetchJson<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

type JsonLdNode = Record<string, unknown> & { '@type': string };

interface CrawledHead {
  titles: string[];
  meta: (key: string) => string[];
  canonicals: string[];
  jsonLd: JsonLdNode[];
}

/** What a crawler reads from a page's HTML: <title>, <meta>, canonical links and JSON-LD nodes. */
function crawl(html: string): CrawledHead {
  const titles = [...html.matchAll(/<title\b[^>]*>([^<]*)<\/title>/g)].map((m) =>
    decodeEntities(m[1]),
  );
  const metas = [...html.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]);
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const meta = (key: string) =>
    metas
      .filter((tag) => attribute(tag, 'name') === key || attribute(tag, 'property') === key)
      .map((tag) => decodeEntities(attribute(tag, 'content') ?? ''));
  const canonicals = [...html.matchAll(/<link\b[^>]*\srel="canonical"[^>]*>/g)].map((m) =>
    decodeEntities(attribute(m[0], 'href') ?? ''),
  );
  const jsonLd = [
    ...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
  ].flatMap((block) => {
    const data = JSON.parse(block[1]) as { '@graph'?: JsonLdNode[] } & Partial<JsonLdNode>;
    return data['@graph'] ?? [data as JsonLdNode];
  });
  return { titles, meta, canonicals, jsonLd };
}

const one = (values: string[]): string => {
  expect(values).toHaveLength(1);
  return values[0];
};

const today = new Date().toISOString().slice(0, 10);

describe('prerendered pages', () => {
  const browser = suiteBrowser();
  let guide: { slug: string; title: string; description: string; content: string };
  let faqCount: number;

  beforeAll(async () => {
    const guides = await fetchJson<{ slug: string }[]>('/api/guides');
    guide = await fetchJson(`/api/guides/${guides[0].slug}`);
    faqCount = (await fetchJson<unknown[]>('/api/faq')).length;
  });

  /** A Product with its Offer, valid from today on, as the pricing pages carry. */
  function expectOffer(nodes: JsonLdNode[], pageUrl: string) {
    const product = nodes.find((node) => node['@type'] === 'Product');
    expect(product?.offers).toEqual({
      '@type': 'Offer',
      price: '29.99',
      priceCurrency: 'USD',
      priceValidUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      availability: 'https://schema.org/InStock',
      url: pageUrl,
    });
    const validUntil = (product?.offers as { priceValidUntil: string }).priceValidUntil;
    expect(validUntil >= today).toBe(true);
  }

  it("give crawlers each page's own title, description, keywords, canonical URL, social tags and JSON-LD", async () => {
    const pages: {
      path: string;
      title?: string;
      types: string[];
      check?: (nodes: JsonLdNode[], url: string) => void;
    }[] = [
      { path: '/', types: ['Organization', 'WebSite'] },
      { path: '/guides', title: 'Trading Guides', types: ['CollectionPage'] },
      {
        path: `/guide/${guide.slug}`,
        title: guide.title,
        types: ['Article'],
        check: (nodes) => {
          const article = nodes.find((node) => node['@type'] === 'Article');
          expect(article?.headline).toBe(guide.title);
          expect(article?.description).toBe(guide.description);
        },
      },
      {
        path: '/faq',
        title: 'FAQ',
        types: ['FAQPage'],
        check: (nodes) =>
          expect(nodes.find((node) => node['@type'] === 'FAQPage')?.mainEntity).toHaveLength(
            faqCount,
          ),
      },
      { path: '/subscribe', title: 'Pricing', types: ['Product', 'WebPage'], check: expectOffer },
      {
        path: '/daytrader',
        title: 'Day Trading Signals',
        types: ['Product', 'WebPage'],
        check: expectOffer,
      },
      {
        path: '/professional-trading',
        title: 'Professional Trading App',
        types: ['Product', 'WebPage'],
        check: expectOffer,
      },
    ];

    const home = crawl(await fetchHtml('/'));
    const brand = one(home.meta('og:site_name'));
    const origin = new URL(one(home.canonicals)).origin;
    const seen = {
      titles: new Set<string>(),
      descriptions: new Set<string>(),
      keywords: new Set(),
    };

    for (const { path, title, types, check } of pages) {
      const head = crawl(await fetchHtml(path));
      const url = `${origin}${path}`;
      const fullTitle = one(head.titles);
      if (title) expect(fullTitle).toBe(`${title} | ${brand}`);
      else expect(fullTitle).toMatch(new RegExp(` \\| ${brand}$`));
      const description = one(head.meta('description'));
      if (path.startsWith('/guide/')) expect(description).toBe(guide.description);
      expect(description.length).toBeGreaterThanOrEqual(50);
      const keywords = one(head.meta('keywords'));
      expect(keywords.split(', ').every((keyword) => keyword.trim().length > 0)).toBe(true);

      expect(one(head.canonicals)).toBe(url);
      expect(one(head.meta('og:url'))).toBe(url);
      expect(one(head.meta('og:title'))).toBe(fullTitle);
      expect(one(head.meta('og:description'))).toBe(description);
      expect(one(head.meta('twitter:card'))).toBe('summary');
      expect(one(head.meta('twitter:title'))).toBe(fullTitle);
      expect(one(head.meta('twitter:description'))).toBe(description);

      expect(head.jsonLd.map((node) => node['@type']).sort()).toEqual(types);
      check?.(head.jsonLd, url);

      seen.titles.add(fullTitle);
      seen.descriptions.add(description);
      seen.keywords.add(keywords);
    }
    expect(seen.titles.size).toBe(pages.length);
    expect(seen.descriptions.size).toBe(pages.length);
    expect(seen.keywords.size).toBe(pages.length);
  });

  it('show their main text without JavaScript', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/guide/${guide.slug}`);
      expect(await page.locator('h1').first().innerText()).toBe(guide.title);
      // The article's structure is in the prerendered HTML: its Markdown sections as <h2>s.
      const sections = [...guide.content.matchAll(/^## (.+)$/gm)].map((match) => match[1].trim());
      expect(sections.length).toBeGreaterThan(0);
      expect(await page.locator('main h2').allInnerTexts()).toEqual(
        expect.arrayContaining(sections),
      );
      await page.goto(`${baseUrl()}/faq`);
      expect(await page.locator('main').innerText()).toContain('?');
      await page.goto(`${baseUrl()}/subscribe`);
      expect(await page.locator('main').innerText()).toContain('$29.99');
    } finally {
      await context.close();
    }
  });

  it('preload the route chunk of the page with the entry', async () => {
    for (const [path, chunk] of [
      ['/', 'home-page'],
      ['/guides', 'guides-page'],
      ['/demo', 'demo-page'],
    ]) {
      const html = await fetchHtml(path);
      expect(html).toMatch(
        new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js">`),
      );
    }
  });

  it('hydrate without errors and keep one title in <head>', async () => {
    for (const path of ['/', '/guides', `/guide/${guide.slug}`, '/faq', '/demo']) {
      const { page, problems } = await openPage(browser());
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(new URL(response.url()).pathname);
      });
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForLoadState('networkidle');
      expect(failed).toEqual([]);
      expect(problems).toEqual([]);
      expect(await page.locator('head title').count()).toBe(1);
      expect(await page.locator('head link[rel="canonical"]').count()).toBe(1);
      await page.close();
    }
  });

  it('hydrate /daytrader opened cold with a checkout session id, keep it, and claim nothing it does not give', async () => {
    const { page, problems } = await openPage(browser());
    await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/check-subscription')),
      page.goto(`${baseUrl()}/daytrader?session_id=cs_test_x`),
    ]);
    await page.waitForLoadState('networkidle');
    // A session id in the address alone gives no access, so no banner says it does.
    expect(await page.getByRole('heading', { name: 'Subscription Active!' }).count()).toBe(0);
    expect(problems).toEqual([]);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_ID_STORAGE_KEY)).toBe(
      'cs_test_x',
    );
    await page.close();
  });

  it('render a route the build did not prerender from the app shell', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl()}/subscribe/success`);
    await page.locator('h1').first().waitFor();
    expect(await page.locator('head title').count()).toBe(1);
    expect(problems.filter((problem) => !problem.includes('Failed to load resource'))).toEqual([]);
  });
});
