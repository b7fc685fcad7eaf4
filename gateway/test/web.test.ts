import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  send,
  startGateway,
  type RunningGateway,
  requestsReceived,
  useGatewayWithUpstreams,
} from './support/gateway';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-3f9a1c.js"></script></body></html>';
const APP_JS = 'console.log("app");';

describe('serving the web build', () => {
  let dist: string;
  const fixture = useGatewayWithUpstreams(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'probedge-web-'));
    await mkdir(path.join(dist, 'assets'));
    await mkdir(path.join(dist, 'about'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(dist, 'assets', 'index-3f9a1c.js'), APP_JS);
    await writeFile(path.join(dist, 'assets', 'index-77b2e0.css'), 'body{margin:0}');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dist, 'about', 'index.html'), '<html>prerendered about</html>');
    await writeFile(path.join(dist, '.env'), 'SECRET=1');
    return { WEB_DIST_DIR: dist };
  });

  afterAll(() => rm(dist, { recursive: true, force: true }));

  /** The app's index page, answered with `status` and revalidated on every visit. */
  const expectAppPage = async (target: string, status: number) => {
    const res = await send(fixture.gateway.url, target);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
  };

  it.each([
    '/',
    '/guides',
    '/guides/',
    '/GUIDES',
    '/guide/some-slug',
    '/blog/a-new-post?ref=mail',
    '/daytrader?session_id=cs_test_x',
    '/subscribe/success',
    '/account',
    '/search?q=hedge',
    '/guides/category/day-trading',
    '/guides/category/psychology-mindset/',
    '/stocks/AAPL',
    '/stocks/brk.b',
  ])('serves the app with 200 for its page %s', async (target) => {
    await expectAppPage(target, 200);
    expect(requestsReceived(fixture.upstreams)).toBe(0);
  });

  it.each([
    '/nope',
    '/blog/a/b/c?ref=mail',
    '/guide',
    '/.env',
    '/openapi.json',
    '/guides/extra',
    '/guides/category/forex',
    '/guides/category',
    '/stocks',
    '/stocks/AAPL/history',
  ])('serves the app, which shows its not-found screen, with 404 for %s', (target) =>
    expectAppPage(target, 404),
  );

  it('answers a conditional request for an unknown path with the 404 page, never 304', async () => {
    const first = await send(fixture.gateway.url, '/nope');
    const again = await send(fixture.gateway.url, '/nope', {
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.status).toBe(404);
    expect(again.text).toBe(INDEX_HTML);
  });

  it.each([
    ['/day-trader', '/daytrader'],
    ['/day-trader/', '/daytrader'],
    ['/day-trader?session_id=cs_test_x&ref=mail', '/daytrader?session_id=cs_test_x&ref=mail'],
  ])('redirects %s permanently to %s', async (target, location) => {
    const res = await send(fixture.gateway.url, target);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it('serves the bare shell, not the prerendered home, for routes the build did not prerender', async () => {
    const shell = INDEX_HTML.replace('<div id="root">', '<div id="root" data-shell="">');
    await writeFile(path.join(dist, 'shell.html'), shell);
    try {
      expect((await send(fixture.gateway.url, '/guide/new-slug')).text).toBe(shell);
      const unknown = await send(fixture.gateway.url, '/no/such/page');
      expect(unknown.status).toBe(404);
      expect(unknown.text).toBe(shell);
      expect((await send(fixture.gateway.url, '/')).text).toBe(INDEX_HTML);
      expect((await send(fixture.gateway.url, '/about')).text).toBe(
        '<html>prerendered about</html>',
      );
    } finally {
      await rm(path.join(dist, 'shell.html'));
    }
  });

  it('serves ticker pages their own shell with the quote and the first chart range preloaded', async () => {
    const stockShell = INDEX_HTML.replace(
      '</head>',
      '<link rel="modulepreload" href="/x.js"></head>',
    );
    await writeFile(path.join(dist, 'stock-shell.html'), stockShell);
    try {
      const page = await send(fixture.gateway.url, '/stocks/brk.b');
      expect(page.status).toBe(200);
      expect(page.text).toBe(stockShell);
      expect(page.headers.link).toBe(
        '</api/market/symbols/BRK.B>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
          '</api/market/symbols/BRK.B/history?range=1y>; rel=preload; as=fetch; crossorigin=use-credentials',
      );
      // The symbol as the page asks for it: decoded, upper case, then encoded.
      expect((await send(fixture.gateway.url, '/stocks/%5Egspc')).headers.link).toContain(
        '</api/market/symbols/%5EGSPC>;',
      );
      // Not a ticker symbol: the page says so without asking the API, so nothing is preloaded.
      const invalid = await send(fixture.gateway.url, '/stocks/not%20a%20symbol');
      expect(invalid.status).toBe(200);
      expect(invalid.headers.link).toBeUndefined();
      expect((await send(fixture.gateway.url, '/guide/new-slug')).headers.link).toBeUndefined();
      expect((await send(fixture.gateway.url, '/guide/new-slug')).text).toBe(INDEX_HTML);
    } finally {
      await rm(path.join(dist, 'stock-shell.html'));
    }
  });

  it('serves hashed assets with immutable caching', async () => {
    const res = await send(fixture.gateway.url, '/assets/index-3f9a1c.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.text).toBe(APP_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('returns 404, not the app, for a missing file under /assets/', async () => {
    const res = await send(fixture.gateway.url, '/assets/index-000000.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('serves index.html and other unhashed files with no-cache', async () => {
    const index = await send(fixture.gateway.url, '/index.html');
    expect(index.status).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const icon = await send(fixture.gateway.url, '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a conditional request for index.html with 304', async () => {
    const first = await send(fixture.gateway.url, '/guides');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await send(fixture.gateway.url, '/guides', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('serves a prerendered page when the build has one for the route', async () => {
    const res = await send(fixture.gateway.url, '/about');
    expect(res.status).toBe(200);
    expect(res.text).toBe('<html>prerendered about</html>');
  });

  describe('with the compressed copies the build writes', () => {
    const js = `${APP_JS}\n`.repeat(50);
    const css = 'body{margin:0}\n'.repeat(50);

    beforeAll(async () => {
      await writeFile(path.join(dist, 'assets', 'big-1a2b3c.js'), js);
      await writeFile(path.join(dist, 'assets', 'big-1a2b3c.js.br'), brotliCompressSync(js));
      await writeFile(path.join(dist, 'assets', 'big-1a2b3c.js.gz'), gzipSync(js));
      await writeFile(path.join(dist, 'assets', 'big-4d5e6f.css'), css);
      await writeFile(path.join(dist, 'assets', 'big-4d5e6f.css.gz'), gzipSync(css));
      await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
      await writeFile(path.join(dist, 'index.html.gz'), gzipSync(INDEX_HTML));
    });

    afterAll(async () => {
      for (const file of [
        'assets/big-1a2b3c.js',
        'assets/big-1a2b3c.js.br',
        'assets/big-1a2b3c.js.gz',
        'assets/big-4d5e6f.css',
        'assets/big-4d5e6f.css.gz',
        'index.html.br',
        'index.html.gz',
      ]) {
        await rm(path.join(dist, file));
      }
    });

    it('sends brotli to a client that accepts it, with the original type', async () => {
      const res = await send(fixture.gateway.url, '/assets/big-1a2b3c.js', {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(res.body).toString()).toBe(js);
    });

    it('sends gzip to a client that accepts only gzip', async () => {
      const res = await send(fixture.gateway.url, '/assets/big-1a2b3c.js', {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).toString()).toBe(js);
    });

    it('falls back to gzip when a file has no brotli copy', async () => {
      const res = await send(fixture.gateway.url, '/assets/big-4d5e6f.css', {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(gunzipSync(res.body).toString()).toBe(css);
    });

    it('sends the file as it is to a client that accepts no compression', async () => {
      const res = await send(fixture.gateway.url, '/assets/big-1a2b3c.js');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.text).toBe(js);
      const refused = await send(fixture.gateway.url, '/assets/big-1a2b3c.js', {
        headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
      });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.text).toBe(js);
    });

    it('compresses the app page, also when it is the 404 answer', async () => {
      for (const [target, status] of [
        ['/', 200],
        ['/guides', 200],
        ['/nope', 404],
      ] as const) {
        const res = await send(fixture.gateway.url, target, {
          headers: { 'accept-encoding': 'br' },
        });
        expect(res.status).toBe(status);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(brotliDecompressSync(res.body).toString()).toBe(INDEX_HTML);
      }
    });

    it('never serves a compressed copy to a client that asked for the file without it', async () => {
      const res = await send(fixture.gateway.url, '/index.html', {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.text).toBe(INDEX_HTML);
    });
  });

  describe('the offer end date in prerendered pages', () => {
    // What a build of 2030 writes with the default PRICE_VALID_UNTIL, and one configured for longer.
    const page = (date: string) =>
      `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Product","offers":{"@type":"Offer","price":"29.99","priceValidUntil":"${date}"}}]}</script></head><body>plan</body></html>`;
    const STALE = page('2030-12-31');
    const LASTING = page('2032-06-30');

    beforeAll(async () => {
      await mkdir(path.join(dist, 'subscribe'));
      await writeFile(path.join(dist, 'subscribe', 'index.html'), STALE);
      await writeFile(path.join(dist, 'subscribe', 'index.html.br'), brotliCompressSync(STALE));
      await writeFile(path.join(dist, 'subscribe', 'index.html.gz'), gzipSync(STALE));
      await mkdir(path.join(dist, 'daytrader'));
      await writeFile(path.join(dist, 'daytrader', 'index.html'), LASTING);
      // Only the clock moves: to a day in 2031, after the build year's offer ended.
      jest.useFakeTimers({
        now: Date.parse('2031-03-15T10:00:00Z'),
        doNotFake: [
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'setImmediate',
          'clearImmediate',
          'queueMicrotask',
          'nextTick',
          'hrtime',
          'performance',
        ],
      });
    });

    afterAll(async () => {
      jest.useRealTimers();
      await rm(path.join(dist, 'subscribe'), { recursive: true });
      await rm(path.join(dist, 'daytrader'), { recursive: true });
    });

    it('fills in the end of the current year for an offer that has ended, in every encoding', async () => {
      const expected = STALE.replace(
        '"priceValidUntil":"2030-12-31"',
        '"priceValidUntil":"2031-12-31"',
      );
      const plain = await send(fixture.gateway.url, '/subscribe');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-type']).toMatch(/^text\/html/);
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.text).toBe(expected);

      const br = await send(fixture.gateway.url, '/subscribe', {
        headers: { 'accept-encoding': 'br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).toString()).toBe(expected);
      const gzip = await send(fixture.gateway.url, '/subscribe', {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe(expected);
      expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
    });

    it('answers a revalidation of the corrected page with 304', async () => {
      const first = await send(fixture.gateway.url, '/subscribe');
      const again = await send(fixture.gateway.url, '/subscribe', {
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.status).toBe(304);
    });

    it('leaves an offer that still holds as the build wrote it', async () => {
      const res = await send(fixture.gateway.url, '/daytrader');
      expect(res.text).toBe(LASTING);
    });
  });

  it('sends the Content-Security-Policy with the app', async () => {
    const res = await send(fixture.gateway.url, '/guides');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers HEAD for a client route without a body', async () => {
    const res = await send(fixture.gateway.url, '/guides', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(0);
  });

  it('keeps /api, /healthz and non-GET requests away from the app', async () => {
    const api = await send(fixture.gateway.url, '/api/unknown');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    const health = await send(fixture.gateway.url, '/healthz');
    expect(health.json()).toEqual({ status: 'ok' });
    const post = await send(fixture.gateway.url, '/guides', { method: 'POST', body: 'x' });
    expect(post.status).toBe(404);
    expect(post.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('without a web build', () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await startGateway();
  });

  afterAll(() => gateway.close());

  it.each(['/', '/guides', '/openapi.json', '/assets/index.js'])(
    'returns 404 JSON for %s',
    async (target) => {
      const res = await send(gateway.url, target);
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({
        statusCode: 404,
        error: 'Not Found',
        message: `No route GET ${target}`,
      });
    },
  );
});
