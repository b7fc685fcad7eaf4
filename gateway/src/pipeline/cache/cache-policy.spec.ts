import {
  etagMatches,
  flatHeaders,
  servableFromCache,
  sharedLifetime,
  storedHeaders,
} from './cache-policy';

describe('sharedLifetime', () => {
  const json = { 'content-type': 'application/json' };

  it.each([
    ['public, max-age=0, s-maxage=30', 30],
    ['s-maxage=30', 30],
    ['public, max-age=20', 20],
    ['PUBLIC, S-MAXAGE=45', 45],
    ['public, s-maxage="15"', 15],
    ['public, s-maxage=600', 60],
  ])('keeps %s for %i s (capped at 60)', (cacheControl, seconds) => {
    expect(sharedLifetime(200, { ...json, 'cache-control': cacheControl }, 60)).toBe(seconds);
  });

  it('takes the age the answer already has off its lifetime', () => {
    expect(sharedLifetime(200, { 'cache-control': 's-maxage=30', age: '25' }, 60)).toBe(5);
    expect(sharedLifetime(200, { 'cache-control': 's-maxage=30', age: '30' }, 60)).toBeUndefined();
  });

  it.each([
    ['no cache-control', {}],
    ['max-age without public', { 'cache-control': 'max-age=30' }],
    ['private', { 'cache-control': 'private, s-maxage=30' }],
    ['no-store', { 'cache-control': 'no-store, s-maxage=30' }],
    ['no-cache', { 'cache-control': 'no-cache, s-maxage=30' }],
    ['a zero lifetime', { 'cache-control': 's-maxage=0' }],
    ['a malformed lifetime', { 'cache-control': 's-maxage=soon' }],
    ['a cookie', { 'cache-control': 's-maxage=30', 'set-cookie': ['a=b'] }],
    ['an encoding', { 'cache-control': 's-maxage=30', 'content-encoding': 'gzip' }],
    ['Vary: Cookie', { 'cache-control': 's-maxage=30', vary: 'Origin, Cookie' }],
    ['Vary: *', { 'cache-control': 's-maxage=30', vary: '*' }],
  ])('keeps nothing with %s', (_what, headers) => {
    expect(sharedLifetime(200, headers, 60)).toBeUndefined();
  });

  it('keeps only 200 answers, and nothing when the cache is off', () => {
    expect(sharedLifetime(404, { 'cache-control': 's-maxage=30' }, 60)).toBeUndefined();
    expect(sharedLifetime(206, { 'cache-control': 's-maxage=30' }, 60)).toBeUndefined();
    expect(sharedLifetime(200, { 'cache-control': 's-maxage=30' }, 0)).toBeUndefined();
    expect(sharedLifetime(200, { 'cache-control': 's-maxage=30', vary: 'origin' }, 60)).toBe(30);
  });
});

describe('servableFromCache', () => {
  it('serves plain GET and HEAD requests', () => {
    expect(servableFromCache('GET', {})).toBe(true);
    expect(servableFromCache('HEAD', { 'content-length': '0' })).toBe(true);
    expect(servableFromCache('GET', { 'cache-control': 'max-age=60' })).toBe(true);
  });

  it.each([
    ['POST', {}],
    ['OPTIONS', {}],
    ['GET', { 'cache-control': 'no-cache' }],
    ['GET', { 'cache-control': 'no-store' }],
    ['GET', { 'cache-control': 'max-age=0' }],
    ['GET', { pragma: 'no-cache' }],
    ['GET', { authorization: 'Bearer x' }],
    ['GET', { 'content-length': '2' }],
    ['GET', { 'transfer-encoding': 'chunked' }],
  ])('sends %s %j to the service', (method, headers) => {
    expect(servableFromCache(method, headers)).toBe(false);
  });
});

describe('storedHeaders and flatHeaders', () => {
  it('keeps what describes the answer and drops what belongs to one exchange', () => {
    const kept = storedHeaders({
      'content-type': 'application/json',
      etag: 'W/"1"',
      'cache-control': 's-maxage=30',
      connection: 'keep-alive',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      date: 'Mon, 23 Nov 2026 00:00:00 GMT',
      age: '3',
      'x-request-id': 'abc',
      'x-powered-by': 'Express',
      'content-length': '10',
      'access-control-allow-origin': '*',
    });
    expect(Object.fromEntries(kept)).toEqual({
      'content-type': 'application/json',
      etag: 'W/"1"',
      'cache-control': 's-maxage=30',
    });
  });

  it('merges layers by name, the last one winning, into one flat list', () => {
    expect(
      flatHeaders(
        [
          ['X-Frame-Options', 'SAMEORIGIN'],
          ['vary', 'Origin'],
        ],
        [
          ['x-frame-options', 'DENY'],
          ['link', ['<a>', '<b>']],
          ['content-length', 3],
        ],
      ),
    ).toEqual([
      'vary',
      'Origin',
      'x-frame-options',
      'DENY',
      'link',
      '<a>',
      'link',
      '<b>',
      'content-length',
      '3',
    ]);
  });
});

describe('etagMatches', () => {
  it('compares entity tags weakly, as for GET', () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"x", W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('*', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
    expect(etagMatches('W/"a"', undefined)).toBe(false);
  });
});
