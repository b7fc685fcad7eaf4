import { matchRoute, ROUTES } from '@probedge/proto';
import fc from 'fast-check';
import { send, useGatewayWithUpstreams } from './support/gateway';

const WORDS = [
  'guides',
  'blogs',
  'faq',
  'newsletter',
  'confirm',
  'articles',
  'targeted',
  'market',
  'stripe',
  'webhook',
  'daily-analysis',
  'generate-opinion',
  'check-subscription',
  'docs',
  'content.json',
  'openapi.json',
  'healthz',
  'api',
  '',
  '.',
  '..',
  '%2e%2e',
  '%2E',
  '%2f',
  '%2F',
  '%5C',
  '%00',
  '%',
  '%zz',
  '%c0%ae',
  '%e2%82',
  ';',
  '..;',
  '~',
  '@',
  ':slug',
  '*',
  '\\',
  '%20',
  '+',
  'http:',
];

const segment = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 6 }).map(encodeURIComponent),
);

const query = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })), { maxLength: 3 })
    .map(
      (pairs) =>
        `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`,
    ),
  fc.constantFrom('?', '?&&', '?a=%zz', '?x=..%2F..', '?q=<script>', '?a=1?b=2', '?\'"{}|^`'),
);

const method = fc.constantFrom('GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');

/** Anything at all after /api/. */
const anySuffix = fc.tuple(method, fc.array(segment, { minLength: 1, maxLength: 4 }));

/** A route of the table with an arbitrary slug, sometimes bent: extra segment, trailing slash. */
const nearRoute = fc
  .tuple(
    fc.constantFrom(...ROUTES),
    fc.oneof(method, fc.constant('route')),
    segment,
    fc.option(segment, { nil: undefined }),
    fc.boolean(),
  )
  .map(([route, verb, slug, extra, trailingSlash]) => {
    const segments = route.path
      .slice('/api/'.length)
      .replace(/:[^/]+/g, slug)
      .split('/');
    if (extra !== undefined) segments.push(extra);
    if (trailingSlash) segments.push('');
    return [verb === 'route' ? route.method : verb, segments] as [string, string[]];
  });

describe('any path under /api', () => {
  const fixture = useGatewayWithUpstreams();

  it('never answers 5xx while services answer 200, and every 4xx is the JSON error shape', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anySuffix, nearRoute), query, async ([verb, segments], search) => {
        Object.values(fixture.upstreams).forEach((upstream) => upstream.reset());
        const pathname = `/api/${segments.join('/')}`;
        const target = `${pathname}${search}`;
        const res = await send(fixture.gateway.url, target, {
          method: verb,
          body: verb === 'POST' ? '{}' : undefined,
        });

        expect(res.status).toBeLessThan(500);
        const reached = Object.values(fixture.upstreams).flatMap((upstream) => upstream.received);
        if (res.status >= 400) {
          expect(reached).toHaveLength(0);
          if (verb !== 'HEAD') {
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            expect(res.json()).toEqual({
              statusCode: res.status,
              error: expect.any(String),
              message: expect.any(String),
              requestId: expect.any(String),
            });
          }
        }
        if (reached.length > 0) {
          // Only a route of the table reaches a service, one service, and it gets the target
          // unchanged.
          expect(reached).toHaveLength(1);
          expect(matchRoute(verb === 'HEAD' ? 'GET' : verb, pathname)).toBeDefined();
          expect(reached[0]!.url).toBe(target);
        }
      }),
      {
        numRuns: 200,
        // A search asked with HEAD, found by a CI run (seed 1507001557): always tried.
        examples: [[['HEAD', ['search']], '?']],
      },
    );
  });
});
