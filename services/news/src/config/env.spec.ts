import { ConfigError } from '@probedge/kit';
import { loadNewsConfig } from './env';

describe('news configuration', () => {
  it('has safe defaults: loopback refused, port 4002', () => {
    const config = loadNewsConfig({});
    expect(config).toMatchObject({ PORT: 4002, NEWS_ALLOW_LOOPBACK: false, NEWS_MAX_REDIRECTS: 3 });
    expect(config.NEWS_SAMPLE_FEEDS_PORT).toBeUndefined();
  });

  it('names every bad variable', () => {
    try {
      loadNewsConfig({ NEWS_ALLOW_LOOPBACK: 'maybe', NEWS_FETCH_TIMEOUT_MS: '-1' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('NEWS_ALLOW_LOOPBACK');
      expect((error as Error).message).toContain('NEWS_FETCH_TIMEOUT_MS');
    }
  });
});
