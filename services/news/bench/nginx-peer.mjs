// The peer in the benchmark: Debian's nginx as a reverse proxy in front of the same news API, one
// server with a keep-alive upstream and one with proxy_cache, on free loopback ports. One worker
// process, like the gateway's one event loop, so CPU per request compares process for process.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cpuMs, freePort } from './processes.mjs';

/** The nginx binary, or undefined when it is not installed (deploy/local/ensure-tools.sh installs it). */
export function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return undefined;
}

/** An nginx add_header line for one of the gateway's own headers, sent on every answer as it sends it. */
function addHeader([name, value]) {
  const text = String(value);
  if (/["\\$]/.test(text)) throw new Error(`${name}: a value nginx would read otherwise`);
  return `add_header ${name} "${text}" always;`;
}

function config({ dir, upstreamPort, proxyPort, cachePort, asRoot, ownHeaders }) {
  return `${asRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  # One JSON line per request, written as it is made, and a request id sent both ways: the per-request
  # work the gateway does too (its access line on stdout, X-Request-Id), so the rows compare like for
  # like. Both write their lines to /dev/null here (the bench ignores the gateway's stdout).
  log_format json_line escape=json
    '{"time":"$msec","req":{"id":"$request_id","method":"$request_method","url":"$request_uri"},'
    '"res":{"statusCode":$status},"responseTime":$request_time,"cache":"$upstream_cache_status"}';
  access_log /dev/null json_line;
  add_header X-Request-Id $request_id always;
  # The gateway's security headers too: every answer of both carries the same bytes of head.
  ${ownHeaders.map(addHeader).join('\n  ')}
  # Neither side closes a busy keep-alive connection after 1,000 requests (nginx's default), as the
  # gateway does not: a close racing the load generator's next request counted as an error.
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  proxy_cache_path ${dir}/cache keys_zone=bench:10m max_size=64m inactive=60s use_temp_path=off;
  upstream news {
    server 127.0.0.1:${upstreamPort};
    keepalive 64;
    keepalive_requests 1000000;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://news;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Request-Id $request_id;
    }
  }
  server {
    listen 127.0.0.1:${cachePort};
    location / {
      proxy_pass http://news;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Request-Id $request_id;
      proxy_cache bench;
      proxy_cache_valid 200 30s;
      proxy_cache_lock on;
      proxy_ignore_headers Cache-Control Expires;
    }
  }
}
`;
}

/**
 * Starts nginx in `dir`, adding `ownHeaders` (name, value pairs) to every answer; resolves with its
 * ports, its processes' CPU and a stop function.
 */
export async function startNginx(binary, dir, upstreamPort, ownHeaders) {
  const ports = { proxy: await freePort(), cache: await freePort() };
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(
    file,
    config({
      dir,
      upstreamPort,
      proxyPort: ports.proxy,
      cachePort: ports.cache,
      asRoot: process.getuid?.() === 0,
      ownHeaders,
    }),
  );
  const master = spawn(binary, ['-p', dir, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (master.exitCode !== null) throw new Error(`nginx exited with ${master.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${ports.proxy}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  /** Master and worker: the workers are the master's children. */
  const pids = () => {
    const children = readFileSync(`/proc/${master.pid}/task/${master.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return [master.pid, ...children];
  };
  const cpu = () => pids().reduce((sum, pid) => sum + cpuMs(pid), 0);
  const stop = () =>
    new Promise((resolve) => {
      if (master.exitCode !== null) return resolve();
      master.once('exit', () => resolve());
      master.kill('SIGQUIT');
    });
  return { ports, cpu, stop };
}
