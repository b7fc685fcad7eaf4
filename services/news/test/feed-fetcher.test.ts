import { gzipSync } from 'node:zlib';
import { FeedFetcher, FetchError, type FetcherSettings } from '../src/ingestion/feed-fetcher';
import { rss, startFeedServer, xml, type FeedServer } from './feed-server';

const SETTINGS: FetcherSettings = {
  allowLoopback: true,
  timeoutMs: 1000,
  maxBodyBytes: 64 * 1024,
  maxRedirects: 3,
  userAgent: 'test-agent',
};

async function fetchError(fetcher: FeedFetcher, url: string): Promise<FetchError> {
  try {
    await fetcher.fetch({ url });
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected a FetchError');
}

describe('FeedFetcher against a local server', () => {
  let server: FeedServer;
  const fetcher = new FeedFetcher(SETTINGS);

  beforeAll(async () => {
    server = await startFeedServer();
  });
  afterAll(() => server.close());

  it('sends the feed Accept header and a user agent', async () => {
    server.route('/plain', xml(rss([{ link: 'https://e.com/1', title: 'x' }])));
    const result = await fetcher.fetch({ url: server.url('/plain') });
    expect(result.status).toBe('ok');
    const [headers] = server.requests('/plain');
    expect(headers!.accept).toContain('application/rss+xml');
    expect(headers!.accept).toContain('application/atom+xml');
    expect(headers!['user-agent']).toBe('test-agent');
  });

  it('refuses loopback unless the switch allows it, before connecting', async () => {
    const strict = new FeedFetcher({ ...SETTINGS, allowLoopback: false });
    server.route('/strict', xml('<rss/>'));
    const error = await fetchError(strict, server.url('/strict'));
    expect(error.code).toBe('blocked-address');
    expect(server.requests('/strict')).toHaveLength(0);
  });

  it.each(['ftp://example.com/feed', 'file:///etc/passwd', 'javascript:alert(1)'])(
    'refuses the scheme of %s',
    async (url) => {
      expect((await fetchError(fetcher, url)).code).toBe('bad-url');
    },
  );

  it('refuses a host name that resolves to a private address without connecting', async () => {
    const attempts: string[] = [];
    const tricked = new FeedFetcher({
      ...SETTINGS,
      resolve: async (host) => {
        attempts.push(host);
        return ['10.1.2.3'];
      },
    });
    const error = await fetchError(tricked, 'http://feeds.internal.test/rss');
    expect(error.code).toBe('blocked-address');
    expect(attempts).toEqual(['feeds.internal.test']);
  });

  it('refuses a name with any forbidden address among its answers', async () => {
    const mixed = new FeedFetcher({
      ...SETTINGS,
      resolve: async () => ['93.184.215.14', '169.254.169.254'],
    });
    expect((await fetchError(mixed, 'http://mixed.test/')).code).toBe('blocked-address');
  });

  it.each([
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
  ])('refuses a redirect to %s', async (target) => {
    server.route('/to-private', (_req, res) => res.writeHead(302, { location: target }).end());
    const error = await fetchError(fetcher, server.url('/to-private'));
    expect(error.code).toBe('blocked-address');
  });

  it('follows a limited number of redirects', async () => {
    server.route('/r1', (_req, res) => res.writeHead(301, { location: '/r2' }).end());
    server.route('/r2', (_req, res) =>
      res.writeHead(307, { location: server.url('/final') }).end(),
    );
    server.route('/final', xml(rss([])));
    const result = await fetcher.fetch({ url: server.url('/r1') });
    expect(result.finalUrl).toBe(server.url('/final'));
    server.route('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
    expect((await fetchError(fetcher, server.url('/loop'))).code).toBe('too-many-redirects');
    expect(server.requests('/loop')).toHaveLength(SETTINGS.maxRedirects + 1);
  });

  it('stops reading past the body cap, declared or not', async () => {
    const big = 'x'.repeat(SETTINGS.maxBodyBytes + 1);
    server.route('/declared', xml(big));
    server.route('/chunked', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      for (let i = 0; i < 80; i += 1) res.write('y'.repeat(1024));
      res.end();
    });
    server.route('/gzip-bomb', (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20)));
    });
    for (const path of ['/declared', '/chunked', '/gzip-bomb']) {
      expect((await fetchError(fetcher, server.url(path))).code).toBe('too-large');
    }
  });

  it('gives up on a slow server at the deadline', async () => {
    server.route('/slow', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.write('<rss>');
    });
    // The server never finishes the body, so only the deadline can end this request.
    const error = await fetchError(fetcher, server.url('/slow'));
    expect(error.code).toBe('timeout');
  });

  it('reports 429 and 503 with their Retry-After', async () => {
    server.route('/busy', (_req, res) => res.writeHead(429, { 'retry-after': '120' }).end());
    server.route('/down', (_req, res) => res.writeHead(503, { 'retry-after': '30' }).end());
    expect((await fetchError(fetcher, server.url('/busy'))).details).toEqual({
      status: 429,
      retryAfterSeconds: 120,
    });
    expect((await fetchError(fetcher, server.url('/down'))).details).toEqual({
      status: 503,
      retryAfterSeconds: 30,
    });
  });

  it('decodes gzip and the declared charset', async () => {
    const body = Buffer.from(
      rss([{ link: 'https://e.com/1', title: 'caf\u00e9' }]).replace('UTF-8', 'ISO-8859-1'),
      'latin1',
    );
    server.route('/latin1', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
      res.end(gzipSync(body));
    });
    const result = await fetcher.fetch({ url: server.url('/latin1') });
    expect(result.status === 'ok' && result.body).toContain('café');
  });
});
