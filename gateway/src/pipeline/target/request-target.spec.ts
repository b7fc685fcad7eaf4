import { parseRequestTarget } from './request-target';

describe('parseRequestTarget', () => {
  it('splits a plain target into path and query, untouched', () => {
    expect(parseRequestTarget('/api/guides/a%20b?x=1&y=%2F')).toEqual({
      kind: 'ok',
      pathname: '/api/guides/a%20b',
      search: '?x=1&y=%2F',
    });
  });

  it.each([
    '/api/../x',
    '/api/..',
    '/api/x/.',
    '/..',
    '/api/%2e%2E/x',
    '/api/%2e',
    '/api/./x',
    '/api/a%2fb',
    '/api/a%5Cb',
    '/api/a%00b',
  ])('marks %s unroutable rather than reinterpreting it', (raw) => {
    expect(parseRequestTarget(raw).kind).toBe('unroutable');
  });

  it.each(['/api/.well', '/api/x..', '/api/...', '/api/a.b/..c', '/', '/api/'])(
    'routes %s, whose dots are part of a name',
    (raw) => {
      expect(parseRequestTarget(raw)).toEqual({ kind: 'ok', pathname: raw, search: '' });
    },
  );

  it.each([
    'api/guides',
    'http://x/api',
    '*',
    '/api/a b',
    '/api/a\\b',
    '/api/%',
    '/api/%g1',
    '/api/%ff',
    '/api#x',
    '/api/é',
  ])('refuses the malformed target %s', (raw) => {
    expect(parseRequestTarget(raw).kind).toBe('malformed');
  });
});
