import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '@probedge/kit';
import { loadGatewayConfig, upstreamUrlOf } from './env';

describe('loadGatewayConfig', () => {
  it('defaults to port 8080 and the local service ports', () => {
    const config = loadGatewayConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.UPSTREAM_TIMEOUT_MS).toBe(10_000);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(upstreamUrlOf(config, 'content')).toBe('http://127.0.0.1:4001');
    expect(upstreamUrlOf(config, 'news')).toBe('http://127.0.0.1:4002');
    expect(upstreamUrlOf(config, 'insights')).toBe('http://127.0.0.1:4003');
    expect(upstreamUrlOf(config, 'billing')).toBe('http://127.0.0.1:4004');
  });

  it('drops a trailing slash from service URLs', () => {
    const config = loadGatewayConfig({ NEWS_URL: 'http://news:4002/' });
    expect(upstreamUrlOf(config, 'news')).toBe('http://news:4002');
  });

  it('names every bad key at once', () => {
    let caught: unknown;
    try {
      loadGatewayConfig({ CONTENT_URL: 'ftp://content', UPSTREAM_TIMEOUT_MS: '0', PORT: 'x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const issues = (caught as ConfigError).issues.join('\n');
    for (const key of ['CONTENT_URL', 'UPSTREAM_TIMEOUT_MS', 'PORT']) expect(issues).toContain(key);
  });

  it('accepts a WEB_DIST_DIR holding an index.html and refuses one without', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'probedge-dist-'));
    try {
      expect(() => loadGatewayConfig({ WEB_DIST_DIR: dir })).toThrow(/WEB_DIST_DIR/);
      await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
      expect(loadGatewayConfig({ WEB_DIST_DIR: dir }).WEB_DIST_DIR).toBe(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a wildcard or a non-origin in CORS_ALLOWED_ORIGINS', () => {
    expect(() => loadGatewayConfig({ CORS_ALLOWED_ORIGINS: '*' })).toThrow('CORS_ALLOWED_ORIGINS');
    expect(
      loadGatewayConfig({ CORS_ALLOWED_ORIGINS: 'https://a.example/, https://b.example' })
        .CORS_ALLOWED_ORIGINS,
    ).toEqual(['https://a.example', 'https://b.example']);
  });

  it('refuses a webhook reserve that leaves billing no connection for other requests', () => {
    expect(() =>
      loadGatewayConfig({ UPSTREAM_MAX_SOCKETS: '8', UPSTREAM_WEBHOOK_RESERVE: '8' }),
    ).toThrow('UPSTREAM_WEBHOOK_RESERVE: 8 leaves none of billing');
    const config = loadGatewayConfig({ UPSTREAM_MAX_SOCKETS: '8', UPSTREAM_WEBHOOK_RESERVE: '0' });
    expect(config.UPSTREAM_WEBHOOK_RESERVE).toBe(0);
    expect(loadGatewayConfig({}).UPSTREAM_CLIENT_SHARE).toBe(32);
  });
});
