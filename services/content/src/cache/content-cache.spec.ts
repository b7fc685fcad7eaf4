import { loadContentConfig } from '../config/env';
import { ContentCache } from './content-cache';

function cacheFor(seconds: string): ContentCache {
  return new ContentCache(loadContentConfig({ CONTENT_CACHE_SECONDS: seconds }));
}

describe('ContentCache', () => {
  it('answers from memory until the entry is older than the TTL, then reads again', async () => {
    const cache = cacheFor('30');
    const load = jest.fn().mockResolvedValueOnce(['first']).mockResolvedValueOnce(['second']);
    await expect(cache.remember('list:guide', load, 0)).resolves.toEqual(['first']);
    await expect(cache.remember('list:guide', load, 29_999)).resolves.toEqual(['first']);
    await expect(cache.remember('list:guide', load, 30_000)).resolves.toEqual(['second']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one read between concurrent misses of the same key', async () => {
    const cache = cacheFor('30');
    let release: (value: string[]) => void = () => undefined;
    const load = jest.fn(() => new Promise<string[]>((resolve) => (release = resolve)));
    const answers = Promise.all([1, 2, 3].map(() => cache.remember('faq', load, 0)));
    release(['q']);
    await expect(answers).resolves.toEqual([['q'], ['q'], ['q']]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed read', async () => {
    const cache = cacheFor('30');
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('database away'))
      .mockResolvedValueOnce(['back']);
    await expect(cache.remember('faq', load, 0)).rejects.toThrow('database away');
    await expect(cache.remember('faq', load, 1)).resolves.toEqual(['back']);
  });

  it('reads every time with a TTL of 0, and forgets everything on clear', async () => {
    const off = cacheFor('0');
    const load = jest.fn().mockResolvedValue(['x']);
    await off.remember('faq', load, 0);
    await off.remember('faq', load, 0);
    expect(load).toHaveBeenCalledTimes(2);

    const on = cacheFor('30');
    const reload = jest.fn().mockResolvedValue(['y']);
    await on.remember('faq', reload, 0);
    on.clear();
    await on.remember('faq', reload, 1);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
