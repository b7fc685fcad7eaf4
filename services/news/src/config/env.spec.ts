import { readFileSync } from 'node:fs';
import path from 'node:path';
import { baseShape, ConfigError } from '@probedge/kit';
import { configShape, loadNewsConfig } from './env';

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

  it('lists every news variable in the root .env.example', () => {
    const example = readFileSync(
      path.join(__dirname, '..', '..', '..', '..', '.env.example'),
      'utf8',
    );
    for (const key of Object.keys(configShape).filter((key) => !(key in baseShape))) {
      expect(example).toMatch(new RegExp(`^#? ?${key}=`, 'm'));
    }
  });
});
