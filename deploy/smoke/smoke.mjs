// make smoke: the compose stack as an operator runs it, checked from outside. Expects the images
// built (make images) and a Docker engine with Compose (v1 `docker-compose` or v2 `docker compose`).
// Brings the stack up under its own project name and free ports, checks every promise an operator
// relies on, cuts one service and the gateway in turn, and tears everything down with its volumes.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const project = process.env.SMOKE_PROJECT ?? 'probedge-smoke';
const docker = existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker';
const compose =
  spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0
    ? ['docker-compose']
    : [docker, 'compose'];
const started = Date.now();
const results = [];

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The base images make images chose (stand-ins on machines that cannot pull), as KEY=value lines. */
function chosenBases() {
  const file = path.join(root, '.local', 'images', 'bases.env');
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const ports = { web: await freePort(), mail: await freePort(), dashboard: await freePort() };
const env = {
  ...process.env,
  ...chosenBases(),
  COMPOSE_PROJECT_NAME: project,
  WEB_PORT: String(ports.web),
  MAIL_INBOX_PORT: String(ports.mail),
  QUEUE_DASHBOARD_PORT: String(ports.dashboard),
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${ports.web}`,
  // The bundled sample feeds, served by the news worker itself: the check does not depend on the
  // internet's feeds (the real ones of sources.json are the compose default).
  NEWS_SAMPLE_FEEDS_PORT: process.env.NEWS_SAMPLE_FEEDS_PORT ?? '4202',
  NEWS_ALLOW_LOOPBACK: 'true',
};
const base = `http://127.0.0.1:${ports.web}`;

function run(args, options = {}) {
  const [command, ...rest] = [...compose, ...args];
  return execFileSync(command, rest, { cwd: root, env, encoding: 'utf8', ...options });
}

function say(line) {
  console.log(`smoke: ${line}`);
}

async function check(name, fn) {
  const at = Date.now();
  try {
    const detail = await fn();
    results.push({ name, ok: true });
    say(`ok   ${name}${detail ? ` (${detail})` : ''} [${((Date.now() - at) / 1000).toFixed(1)} s]`);
  } catch (error) {
    results.push({ name, ok: false });
    say(`FAIL ${name}: ${error.message}`);
  }
}

async function until(what, fn, timeoutMs = 120_000, everyMs = 1000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${what} not seen within ${timeoutMs / 1000} s${last ? `: ${last.message}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function get(pathname, init = {}) {
  const response = await fetch(`${base}${pathname}`, {
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
    ...init,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

const json = (answer) => JSON.parse(answer.text);

function containers() {
  const ids = run(['ps', '-q']).trim().split('\n').filter(Boolean);
  if (ids.length === 0) return [];
  const out = execFileSync(
    docker,
    [
      'inspect',
      '-f',
      '{{index .Config.Labels "com.docker.compose.service"}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}-{{end}} {{.State.ExitCode}}',
      ...ids,
    ],
    { encoding: 'utf8' },
  );
  return out
    .trim()
    .split('\n')
    .map((line) => {
      const [service, state, health, exitCode] = line.split(' ');
      return { service, state, health, exitCode: Number(exitCode) };
    });
}

const LONG_RUNNING = [
  'postgres',
  'redis',
  'mail',
  'content',
  'content-worker',
  'news-api',
  'news-worker',
  'insights-api',
  'insights-worker',
  'billing',
  'markets-api',
  'gateway',
];

function healthOf(service) {
  return containers().find((container) => container.service === service)?.health;
}

async function main() {
  say(`compose: ${compose.join(' ')}; project ${project}; web on ${base}`);
  run(['down', '-v', '--remove-orphans'], { stdio: 'ignore' });
  const upAt = Date.now();
  run(['up', '-d', '--no-build'], { stdio: 'inherit' });

  await check('every long-running container healthy, migrate exited 0', async () => {
    await until(
      'all healthy',
      () => {
        const all = containers();
        return LONG_RUNNING.every((service) =>
          all.some((c) => c.service === service && c.health === 'healthy'),
        );
      },
      300_000,
      2000,
    );
    const migrate = run(['ps', '-a', '-q', 'migrate']).trim();
    const code = execFileSync(docker, ['inspect', '-f', '{{.State.ExitCode}}', migrate], {
      encoding: 'utf8',
    }).trim();
    if (code !== '0') throw new Error(`migrate exited ${code}`);
    return `${((Date.now() - upAt) / 1000).toFixed(0)} s after up`;
  });

  /** What a Node script prints inside the gateway's container: the operators' port is not published. */
  const inGateway = (script) =>
    execFileSync(docker, ['exec', run(['ps', '-q', 'gateway']).trim(), 'node', '-e', script], {
      encoding: 'utf8',
    }).trim();

  await check(
    "gateway /healthz and /readyz, every service ready on the operators' port",
    async () => {
      const health = await get('/healthz');
      const ready = await get('/readyz');
      if (health.status !== 200 || ready.status !== 200) {
        throw new Error(`/healthz ${health.status}, /readyz ${ready.status}: ${ready.text}`);
      }
      if ('upstreams' in json(ready))
        throw new Error(`the public /readyz names services: ${ready.text}`);
      const inside = inGateway(
        "fetch('http://127.0.0.1:9464/readyz').then(async (r) => console.log(JSON.stringify((await r.json()).upstreams)))",
      );
      const upstreams = JSON.parse(inside);
      if (Object.values(upstreams).some((state) => state !== 'ok')) {
        throw new Error(`upstreams ${inside}`);
      }
      return inside;
    },
  );

  await check('GET /api/guides', async () => {
    const guides = await get('/api/guides');
    if (guides.status !== 200 || json(guides).length === 0) {
      throw new Error(`${guides.status} ${guides.text.slice(0, 200)}`);
    }
    return `${json(guides).length} guides`;
  });

  await check('the news worker ingested the sample feeds: GET /api/business?limit=12', async () => {
    const items = await until('business articles', async () => {
      const answer = await get('/api/business?limit=12', {
        headers: { 'cache-control': 'no-cache' },
      });
      return answer.status === 200 && json(answer).length > 0 ? json(answer) : null;
    });
    return `${items.length} articles`;
  });

  await check('GET /api/market: the sample provider of compose, labelled as such', async () => {
    const answer = await get('/api/market', { headers: { 'cache-control': 'no-cache' } });
    if (answer.status !== 200) throw new Error(`${answer.status} ${answer.text.slice(0, 200)}`);
    const market = json(answer);
    if (market.sampleData !== true) throw new Error(`sampleData is ${market.sampleData}`);
    if (!Array.isArray(market.quotes) || market.quotes.length === 0) {
      throw new Error(`no quotes: ${answer.text.slice(0, 200)}`);
    }
    return `${market.quotes.length} quotes, sampleData true`;
  });

  await check('a sandbox checkout unlocks the subscription', async () => {
    // One browser: the cookies each answer sets go with the next request.
    const jar = new Map();
    const browse = async (pathname, init = {}) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const answer = await get(pathname, {
        ...init,
        headers: { ...(init.headers ?? {}), ...(cookie ? { cookie } : {}) },
      });
      for (const line of answer.headers.getSetCookie()) {
        const [pair] = line.split(';');
        jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      return answer;
    };
    const session = await browse('/api/create-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'professional' }),
    });
    if (session.status !== 200) throw new Error(`checkout ${session.status} ${session.text}`);
    const pay = new URL(json(session).url);
    const paid = await browse(`${pay.pathname}${pay.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=smoke%40example.com',
    });
    const location = paid.headers.get('location') ?? '';
    const sessionId = new URL(location, base).searchParams.get('session_id');
    if (paid.status !== 303 || !sessionId) throw new Error(`pay ${paid.status} ${location}`);
    const activated = await browse('/api/activate-subscription', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    if (activated.status !== 200) throw new Error(`activate ${activated.status} ${activated.text}`);
    const access = await browse('/api/check-subscription');
    if (json(access).hasAccess !== true) throw new Error(`check-subscription ${access.text}`);
    return 'active';
  });

  await check('the web page is served, with its <title>', async () => {
    const page = await get('/', { headers: { 'accept-encoding': 'br' } });
    const title = /<title[^>]*>([^<]*)<\/title>/.exec(page.text)?.[1];
    if (page.status !== 200 || !title) throw new Error(`${page.status}`);
    const unknown = await get('/no-such-page');
    if (unknown.status !== 404) throw new Error(`/no-such-page answered ${unknown.status}`);
    return `"${title}"; unknown pages 404`;
  });

  await check('/metrics only on the private metrics port, not on the published one', async () => {
    const outside = await get('/metrics');
    if (outside.status !== 404) throw new Error(`the published port answered ${outside.status}`);
    const inside = inGateway(
      "fetch('http://127.0.0.1:9464/metrics').then(async (r) => console.log(r.status, (await r.text()).includes('http_request_duration_seconds')))",
    );
    if (inside !== '200 true') throw new Error(`metrics port answered ${inside}`);
    return '404 outside, 200 on 9464';
  });

  await check('GET /api/docs', async () => {
    const docs = await get('/api/docs');
    if (docs.status !== 200) throw new Error(`${docs.status}`);
    return 'Swagger UI';
  });

  await check('search finds guides and news, and the feeds are Atom', async () => {
    // The news worker copies content's guides and blogs into the index within moments of start.
    const hits = await until(
      'guides and news in one search',
      async () => {
        const found = await get('/api/search?q=earnings', {
          headers: { 'cache-control': 'no-cache' },
        });
        if (found.status !== 200)
          throw new Error(`search ${found.status}: ${found.text.slice(0, 200)}`);
        const { results } = json(found);
        const kinds = new Set(results.map((result) => result.type));
        return kinds.has('news') && (kinds.has('guide') || kinds.has('blog')) ? results : undefined;
      },
      60_000,
    );
    for (const feed of ['guides', 'blogs', 'daily-analysis']) {
      const answer = await get(`/api/feeds/${feed}`);
      const type = answer.headers.get('content-type') ?? '';
      if (answer.status !== 200 || !type.startsWith('application/atom+xml')) {
        throw new Error(`/api/feeds/${feed}: ${answer.status} ${type}`);
      }
    }
    const types = new Set(hits.map((result) => result.type));
    return `${hits.length} hits (${[...types].join(', ')}); 3 feeds`;
  });

  await check('the insights worker is ready', async () => {
    if (healthOf('insights-worker') !== 'healthy') throw new Error(healthOf('insights-worker'));
  });

  await check('a stopped service answers 502 JSON through the gateway, then recovers', async () => {
    run(['stop', 'content'], { stdio: 'ignore' });
    const down = await get('/api/guides', { headers: { 'cache-control': 'no-cache' } });
    const body = json(down);
    if (down.status !== 502 && down.status !== 503) throw new Error(`answered ${down.status}`);
    if (typeof body.message !== 'string') throw new Error(`not the JSON error shape: ${down.text}`);
    run(['start', 'content'], { stdio: 'ignore' });
    await until('content healthy again', () => healthOf('content') === 'healthy', 120_000, 1000);
    await until('guides again', async () => (await get('/api/guides')).status === 200, 30_000);
    return `${down.status} while stopped, 200 after start`;
  });

  await check(
    'with one upstream paused the gateway stays healthy and serves the others',
    async () => {
      const paused = run(['ps', '-q', 'news-api']).trim();
      execFileSync(docker, ['pause', paused]);
      try {
        const health = await get('/healthz');
        const guides = await get('/api/guides', { headers: { 'cache-control': 'no-cache' } });
        // The container health check runs every 10 s: wait past two of them.
        await new Promise((resolve) => setTimeout(resolve, 25_000));
        const state = healthOf('gateway');
        if (health.status !== 200 || guides.status !== 200 || state !== 'healthy') {
          throw new Error(
            `/healthz ${health.status}, /api/guides ${guides.status}, gateway ${state}`,
          );
        }
      } finally {
        execFileSync(docker, ['unpause', paused]);
      }
      return 'healthy, guides 200';
    },
  );

  await check(
    'a restarted gateway serves the site and the API again, nothing else touched',
    async () => {
      run(['restart', 'gateway'], { stdio: 'ignore' });
      await until('gateway healthy', async () => (await get('/readyz')).status === 200, 120_000);
      const page = await get('/');
      const api = await get('/api/guides');
      if (page.status !== 200 || api.status !== 200)
        throw new Error(`/ ${page.status}, api ${api.status}`);
      return '/ and /api 200';
    },
  );

  // Service images (and the gateway's) at most 250 MB: Debian slim, the node binary and pruned
  // production dependencies (deploy/docker/prune-deps.sh). The migration image carries the Prisma CLI.
  const tag = env.PROBEDGE_TAG ?? 'local';
  await check('each service image is at most 250 MB and has no npm', async () => {
    const sizes = [];
    const over = [];
    const images = ['content', 'news', 'insights', 'billing', 'markets', 'gateway', 'migrate'];
    for (const name of images) {
      const image = `probedge/${name}:${tag}`;
      const bytes = Number(
        execFileSync(docker, ['image', 'inspect', '-f', '{{.Size}}', image], { encoding: 'utf8' }),
      );
      sizes.push(`${name} ${Math.round(bytes / 1e6)} MB`);
      if (name !== 'migrate' && bytes > 250e6) over.push(name);
    }
    const npm = spawnSync(
      docker,
      ['run', '--rm', '--entrypoint', 'sh', `probedge/news:${tag}`, '-c', 'command -v npm'],
      {
        encoding: 'utf8',
      },
    );
    if (over.length) throw new Error(`over 250 MB: ${over.join(', ')} (${sizes.join(', ')})`);
    if (npm.status === 0) throw new Error(`npm is in the runtime image: ${npm.stdout.trim()}`);
    return sizes.join(', ');
  });
}

try {
  await main();
} catch (error) {
  results.push({ name: 'the run', ok: false });
  say(`FAIL ${error.message}`);
} finally {
  if (results.some((result) => !result.ok)) {
    say('container states and the last logs follow');
    console.log(run(['ps'], { stdio: 'pipe' }));
    spawnSync(compose[0], [...compose.slice(1), 'logs', '--tail', '30'], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
  }
  if (process.env.SMOKE_KEEP !== '1') run(['down', '-v', '--remove-orphans'], { stdio: 'ignore' });
}
const failed = results.filter((result) => !result.ok);
say(
  `${results.length - failed.length} passed, ${failed.length} failed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
