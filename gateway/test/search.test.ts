import type { ServerResponse } from 'node:http';
import type { SearchResponse, SearchResult } from '@probedge/proto';
import {
  send,
  startGateway,
  startUpstreams,
  stopUpstreams,
  upstreamUrls,
  useGatewayWithUpstreams,
  type RunningGateway,
  type Upstreams,
} from './support/gateway';
import { closedPort } from './support/upstream';

function hit(
  type: SearchResult['type'],
  id: string,
  rank: number,
  publishedAt: string,
): SearchResult {
  return {
    type,
    id,
    title: `${type} ${id}`,
    url: type === 'news' ? `https://example.com/${id}` : `/${type}s/${id}`,
    snippet: [{ text: id, highlight: true }],
    category: type === 'news' ? 'business' : 'basics',
    ...(type === 'news' ? { source: 'Example' } : {}),
    publishedAt,
    rank,
  };
}

function answer(
  res: ServerResponse,
  body: SearchResponse,
  cacheControl = 'public, max-age=60',
): void {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': cacheControl });
  res.end(JSON.stringify(body));
}

describe('GET /api/search through the gateway', () => {
  const fixture = useGatewayWithUpstreams({ UPSTREAM_TIMEOUT_MS: 300 });
  let upstreams: Upstreams;
  let gateway: RunningGateway;

  beforeAll(() => {
    ({ upstreams, gateway } = fixture);
  });

  beforeEach(() => Object.values(upstreams).forEach((upstream) => upstream.reset()));

  const contentHits = [
    hit('guide', 'hedging-basics', 0.6, '2026-01-02T00:00:00.000Z'),
    hit('blog', 'volatility-week', 0.2, '2026-03-01T00:00:00.000Z'),
  ];
  const newsHits = [
    hit('news', 'n1', 0.4, '2026-11-20T00:00:00.000Z'),
    hit('news', 'n2', 0.2, '2026-11-21T00:00:00.000Z'),
  ];

  function serveBoth(): void {
    upstreams.content.handler = (_req, res) =>
      answer(res, { query: 'hedge', type: 'all', results: contentHits });
    upstreams.news.handler = (_req, res) =>
      answer(res, { query: 'hedge', type: 'all', results: newsHits });
  }

  it('asks content and news with the same query and merges their hits by rank, newer first on a tie', async () => {
    serveBoth();
    const res = await send(gateway.url, '/api/search?q=hedge&limit=3', {
      headers: { 'x-request-id': 'req-search-1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-search-1');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json() as SearchResponse;
    expect(body.type).toBe('all');
    expect(body.unavailable).toBeUndefined();
    expect(body.results.map((result) => result.id)).toEqual(['hedging-basics', 'n1', 'n2']);
    for (const upstream of [upstreams.content, upstreams.news]) {
      expect(upstream.received).toHaveLength(1);
      expect(upstream.last?.url).toBe('/api/search?q=hedge&limit=3');
      expect(upstream.last?.headers['x-request-id']).toBe('req-search-1');
      expect(upstream.last?.headers['x-client-address']).toBe('127.0.0.1');
    }
  });

  it('keeps a whole merged answer in its response cache for the next visitor', async () => {
    serveBoth();
    const first = await send(gateway.url, '/api/search?q=kept');
    const again = await send(gateway.url, '/api/search?q=kept');
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.age).toBeDefined();
    expect(upstreams.content.received).toHaveLength(1);
    expect(upstreams.news.received).toHaveLength(1);
  });

  it.each([
    ['news', 'news'],
    ['guide', 'content'],
    ['blog', 'content'],
  ] as const)('sends a search narrowed to %s to %s alone', async (type, service) => {
    const res = await send(gateway.url, `/api/search?q=hedge&type=${type}`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ service, path: '/api/search' });
    const others = Object.values(upstreams).filter((upstream) => upstream.name !== service);
    expect(others.every((upstream) => upstream.received.length === 0)).toBe(true);
  });

  it('refuses an unknown type itself with 400', async () => {
    const res = await send(gateway.url, '/api/search?q=hedge&type=video');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      message: 'type must be one of guide, blog, news',
    });
    expect(Object.values(upstreams).every((upstream) => upstream.received.length === 0)).toBe(true);
  });

  it("passes the services' 400 for a bad query on unchanged", async () => {
    const refusal = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'q must be 2 to 200 characters',
    };
    for (const upstream of [upstreams.content, upstreams.news]) {
      upstream.handler = (_req, res) => {
        res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(refusal));
      };
    }
    const res = await send(gateway.url, '/api/search?q=a');
    expect(res.status).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(refusal);
  });

  it('still shows the guides and blogs when news fails, naming what is missing, and keeps it out of caches', async () => {
    upstreams.content.handler = (_req, res) =>
      answer(res, { query: 'hedge', type: 'all', results: contentHits });
    upstreams.news.handler = (_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"statusCode":503}');
    };
    const res = await send(gateway.url, '/api/search?q=hedge');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as SearchResponse;
    expect(body.unavailable).toEqual(['news']);
    // Not kept: the next visitor's search asks both again.
    await send(gateway.url, '/api/search?q=hedge');
    expect(upstreams.news.received).toHaveLength(2);
    expect(body.results.map((result) => result.id)).toEqual(['hedging-basics', 'volatility-week']);
  });

  it('still shows the news when content does not answer in time', async () => {
    upstreams.content.handler = () => undefined;
    upstreams.news.handler = (_req, res) =>
      answer(res, { query: 'hedge', type: 'all', results: newsHits });
    const res = await send(gateway.url, '/api/search?q=hedge');
    expect(res.status).toBe(200);
    expect((res.json() as SearchResponse).unavailable).toEqual(['guide', 'blog']);
  });

  it('answers 504 JSON when neither answers in time', async () => {
    upstreams.content.handler = () => undefined;
    upstreams.news.handler = () => undefined;
    const res = await send(gateway.url, '/api/search?q=hedge', {
      headers: { 'x-request-id': 'req-search-slow' },
    });
    expect(res.status).toBe(504);
    expect(res.json()).toEqual({
      statusCode: 504,
      error: 'Gateway Timeout',
      message: 'The search did not answer in time',
      requestId: 'req-search-slow',
    });
  });
});

describe('GET /api/search when both services are down', () => {
  it('answers 502 JSON without naming addresses', async () => {
    const upstreams = await startUpstreams();
    const [contentPort, newsPort] = [await closedPort(), await closedPort()];
    const gateway = await startGateway({
      ...upstreamUrls(upstreams),
      CONTENT_URL: `http://127.0.0.1:${contentPort}`,
      NEWS_URL: `http://127.0.0.1:${newsPort}`,
    });
    try {
      const res = await send(gateway.url, '/api/search?q=hedge');
      expect(res.status).toBe(502);
      expect(res.json()).toMatchObject({ statusCode: 502, message: 'The search is unavailable' });
      expect(res.text).not.toContain('127.0.0.1');
    } finally {
      await gateway.close();
      await stopUpstreams(upstreams);
    }
  });
});
