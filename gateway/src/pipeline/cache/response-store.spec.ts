import type { ServiceName } from '@probedge/proto';
import { ResponseStore, type CachedResponse } from './response-store';

function entry(service: ServiceName, bytes: number, expiresAt: number): CachedResponse {
  return {
    service,
    route: '/api/business',
    status: 200,
    head: [],
    notModifiedHead: [],
    body: 'x'.repeat(bytes),
    size: bytes,
    storedAt: 0,
    expiresAt,
  };
}

describe('ResponseStore', () => {
  let now = 0;
  const clock = () => now;

  beforeEach(() => {
    now = 1000;
  });

  it('answers until the entry expires, then forgets it', () => {
    const cache = new ResponseStore({ maxEntries: 10, maxBytes: 1000 }, clock);
    cache.set('/a', entry('news', 10, 2000));
    expect(cache.get('/a')?.body).toHaveLength(10);
    now = 1999;
    expect(cache.get('/a')).toBeDefined();
    now = 2000;
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('drops the least recently used entry when the entry budget is full', () => {
    const cache = new ResponseStore({ maxEntries: 2, maxBytes: 1000 }, clock);
    cache.set('/a', entry('news', 1, 9000));
    cache.set('/b', entry('news', 1, 9000));
    cache.get('/a');
    cache.set('/c', entry('news', 1, 9000));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
  });

  it('drops the oldest entries until a new one fits the byte budget, and refuses one too big', () => {
    const cache = new ResponseStore({ maxEntries: 10, maxBytes: 100 }, clock);
    cache.set('/a', entry('news', 40, 9000));
    cache.set('/b', entry('news', 40, 9000));
    cache.set('/c', entry('news', 40, 9000));
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.bytes).toBe(80);
    expect(cache.set('/huge', entry('news', 101, 9000))).toBe(false);
    expect(cache.size).toBe(2);
  });

  it('replaces an entry without counting its bytes twice', () => {
    const cache = new ResponseStore({ maxEntries: 10, maxBytes: 100 }, clock);
    cache.set('/a', entry('news', 60, 9000));
    cache.set('/a', entry('news', 70, 9000));
    expect(cache.bytes).toBe(70);
    expect(cache.size).toBe(1);
  });

  it('drops one service’s entries, or all of them', () => {
    const cache = new ResponseStore({ maxEntries: 10, maxBytes: 100 }, clock);
    cache.set('/news', entry('news', 1, 9000));
    cache.set('/guides', entry('content', 1, 9000));
    expect(cache.drop('news')).toBe(1);
    expect(cache.get('/news')).toBeUndefined();
    expect(cache.get('/guides')).toBeDefined();
    expect(cache.drop()).toBe(1);
    expect(cache.size).toBe(0);
  });
});
