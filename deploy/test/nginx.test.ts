import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PRIVATE_PAGES } from '@probedge/proto';
import { readRepoFile } from './support/files';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw GET, so the test sees exactly what nginx sends (no automatic decompression). */
function get(port: number, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('latin1'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The web image's nginx.conf run by a real nginx (Debian's), with only what ties it to the image
 * changed: the listen address, the document root, the writable paths and the gateway's address.
 */
describe('the web image nginx (deploy/docker/nginx.conf) serving a build', () => {
  let dir: string;
  let nginx: ChildProcess;
  let gateway: Server;
  let port: number;
  const gatewaySaw: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'probedge-nginx-'));
    const root = path.join(dir, 'html');
    const page = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    page('index.html', '<title>home prerendered</title>');
    page('shell.html', '<title>app shell</title>');
    page('guides/index.html', '<title>guides prerendered</title>');
    page('guide/known/index.html', '<title>known guide prerendered</title>');
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    page('assets/app-abc123.js', script);
    writeFileSync(path.join(root, 'assets/app-abc123.js.gz'), gzipSync(script));
    // nginx's workers drop root's rights: everything they serve must be readable by anyone.
    for (const folder of [dir, root, path.join(root, 'guides'), path.join(root, 'guide')])
      chmodSync(folder, 0o755);
    chmodSync(path.join(root, 'guide/known'), 0o755);
    chmodSync(path.join(root, 'assets'), 0o755);

    gateway = createServer((req, res) => {
      gatewaySaw.push(req.headers);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ from: 'gateway', url: req.url }));
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const gatewayPort = (gateway.address() as AddressInfo).port;

    port = await freePort();
    const config = readRepoFile('deploy/docker/nginx.conf')
      .replace(/(pid|_temp_path)(\s+)\/tmp\//g, `$1$2${dir}/`)
      .replace('listen 8080;', `listen 127.0.0.1:${port};`)
      .replace('root /usr/share/nginx/html;', `root ${root};`)
      .replace(/server gateway:8080;/, `server 127.0.0.1:${gatewayPort};`)
      .replace('access_log /dev/stdout json;', 'access_log off;')
      // A test worker's standard streams may be sockets, which nginx cannot open by path.
      .replace('error_log /dev/stderr warn;', `error_log ${dir}/error.log warn;`);
    writeFileSync(path.join(dir, 'nginx.conf'), config);
    nginx = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'ignore',
    });
    await new Promise<void>((resolve, reject) => {
      // Polling stops once nginx answers or fails to start, so a failed start leaves nothing running.
      let settled = false;
      const fail = (error: Error) => {
        settled = true;
        reject(error);
      };
      nginx.once('error', fail);
      nginx.once('exit', (code) =>
        fail(new Error(`nginx exited with ${code}: ${readFileSync(`${dir}/error.log`, 'utf8')}`)),
      );
      const poll = () => {
        if (settled) return;
        get(port, '/healthz').then(
          () => {
            settled = true;
            resolve();
          },
          () => setTimeout(poll, 50),
        );
      };
      poll();
    });
  });

  afterAll(async () => {
    // nginx may never have started (not installed: spawn's ENOENT); then there is nothing to stop.
    if (nginx?.pid !== undefined && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    if (gateway) await new Promise((resolve) => gateway.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves a prerendered page with the app headers and no caching', async () => {
    const answer = await get(port, '/guides');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('guides prerendered');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a path the app does not know with the app shell and 404', async () => {
    const answer = await get(port, '/no/such/page');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('app shell');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers a guide the build did not prerender with the app shell and 200', async () => {
    const fresh = await get(port, '/guide/published-after-the-build');
    expect(fresh.status).toBe(200);
    expect(fresh.body).toContain('app shell');
    const known = await get(port, '/guide/known');
    expect(known.body).toContain('known guide prerendered');
  });

  it.each(PRIVATE_PAGES)(
    'answers %s, which is never prerendered, with the app shell and 200',
    async (page) => {
      const answer = await get(port, page);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('app shell');
    },
  );

  it('moves /day-trader to /daytrader for good, keeping the query', async () => {
    const answer = await get(port, '/day-trader?session_id=cs_1');
    expect(answer.status).toBe(301);
    expect(new URL(answer.headers.location ?? '', 'http://x').pathname).toBe('/daytrader');
    expect(answer.headers.location).toContain('?session_id=cs_1');
  });

  it('serves hashed assets from their precompressed copy, cached for good', async () => {
    const answer = await get(port, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get(port, '/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('passes the API, sitemap and robots to the gateway with the client address and request id', async () => {
    for (const target of ['/api/business?limit=1', '/sitemap.xml', '/robots.txt']) {
      const answer = await get(port, target);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ from: 'gateway', url: target });
      // The gateway's own answer, without the page headers added on top.
      expect(answer.headers['content-security-policy']).toBeUndefined();
    }
    const api = gatewaySaw[0];
    expect(api['x-forwarded-for']).toBe('127.0.0.1');
    expect(api['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });
});
