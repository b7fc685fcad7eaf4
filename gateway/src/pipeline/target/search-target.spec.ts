import { searchTarget } from './search-target';

const target = (raw: string) => {
  const queryStart = raw.indexOf('?');
  const [pathname, search] =
    queryStart === -1 ? [raw, ''] : [raw.slice(0, queryStart), raw.slice(queryStart)];
  return searchTarget(pathname, search, raw);
};

describe('searchTarget', () => {
  it('cleans q as news does: padding and runs of spaces make one query', () => {
    for (const raw of [
      '/api/search?q=%20%20interest%20rates%20',
      '/api/search?q=interest++++rates',
      '/api/search?q=interest%09%0Arates',
      '/api/search?q=%C2%A0interest%E2%80%83rates%E3%80%80',
      '/api/search?q=interest%20rates',
      '/api/search?q=interest+rates',
    ]) {
      expect(target(raw)).toBe('/api/search?q=interest+rates');
    }
  });

  it('keeps the other parameters and their order', () => {
    expect(target('/api/search?type=guide&q=+rates+&limit=5')).toBe(
      '/api/search?type=guide&q=rates&limit=5',
    );
  });

  it('leaves a missing or repeated q and other paths as they came', () => {
    for (const raw of [
      '/api/search?q=rates&limit=5',
      '/api/search',
      '/api/search?limit=5',
      '/api/search?q=+a+&q=b',
      '/api/articles?q=+a+',
    ]) {
      expect(target(raw)).toBe(raw);
    }
  });
});
