import { loadContentConfig } from '../config/env';
import { ContentCache } from './content-cache';

function cacheFor(seconds: string): ContentCache {
  return new ContentCache(loadContentConfig({ CONTENT_CACHE_SECONDS: seconds }));
}

describe('ContentCache', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers from memory until the entry is older than the TTL, then reads again', async () => {
    const clock = jest.spyOn(performance, 'now').mockReturnValue(1000);
    const cache = cacheFor('30');
    const load = jest.fn().mockResolvedValueOnce(['first']).mockResolvedValueOnce(['second']);
    await expect(cache.remember('list:guide', load)).resolves.toEqual(['first']);
    clock.mockReturnValue(31_000);
    await expect(cache.remember('list:guide', load)).resolves.toEqual(['first']);
    clock.mockReturnValue(31_001);
    await expect(cache.remember('list:guide', load)).resolves.toEqual(['second']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one read between concurrent misses of the same key', async () => {
    const cache = cacheFor('30');
    let release: (value: string[]) => void = () => undefined;
    const load = jest.fn(() => new Promise<string[]>((resolve) => (release = resolve)));
    const answers = Promise.all([1, 2, 3].map(() => cache.remember('faq', load)));
    release(['q']);
    await expect(answers).resolves.toEqual([['q'], ['q'], ['q']]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers a read under way when cleared, without keeping what it read', async () => {
    const cache = cacheFor('30');
    let release: (value: string[]) => void = () => undefined;
    const load = jest
      .fn()
      .mockImplementationOnce(() => new Promise<string[]>((resolve) => (release = resolve)))
      .mockResolvedValueOnce(['new']);
    const before = cache.remember('faq', load);
    cache.clear();
    release(['old']);
    await expect(before).resolves.toEqual(['old']);
    await expect(cache.remember('faq', load)).resolves.toEqual(['new']);
  });

  it('does not keep a failed read', async () => {
    const cache = cacheFor('30');
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('database away'))
      .mockResolvedValueOnce(['back']);
    await expect(cache.remember('faq', load)).rejects.toThrow('database away');
    await expect(cache.remember('faq', load)).resolves.toEqual(['back']);
  });

  it('reads every time with a TTL of 0, and forgets everything on clear', async () => {
    const off = cacheFor('0');
    const load = jest.fn().mockResolvedValue(['x']);
    await off.remember('faq', load);
    await off.remember('faq', load);
    expect(load).toHaveBeenCalledTimes(2);

    const on = cacheFor('30');
    const reload = jest.fn().mockResolvedValue(['y']);
    await on.remember('faq', reload);
    on.clear();
    await on.remember('faq', reload);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
