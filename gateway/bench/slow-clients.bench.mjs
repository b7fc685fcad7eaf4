// make bench: another visitor's billing calls through the gateway, first alone, then while 200 slow
// clients from 20 loopback addresses dribble checkout bodies (a byte every 500 ms, reconnecting when
// cut off). Prints p50 and p99 of both runs, how many slow requests reached billing, and a met /
// MISSED verdict for the target: p99 under load within 2x of its unloaded value.
import { randomBytes } from 'node:crypto';
import { createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, stopProcess } from '../../services/news/bench/processes.mjs';

const require = createRequire(import.meta.url);
const { slowSender } = require('@probedge/kit/testing');
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const SLOW_CLIENTS = Number(process.env.BENCH_SLOW_CLIENTS ?? 200);
const ADDRESSES = 20;
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const CONCURRENCY = 4;
const DRIP_MS = 500;

/** A billing stand-in: answers each request once its body is whole, and counts checkouts. */
function startBilling() {
  const counts = { checkouts: 0, calls: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url.startsWith('/api/create-checkout-session')) counts.checkouts += 1;
      else counts.calls += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"hasAccess":false}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        counts,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(done));
        },
      }),
    ),
  );
}

function timedGet(url) {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** CALLS requests, CONCURRENCY at a time; their latencies in ms and any status but 200. */
async function measure(url) {
  const latencies = [];
  const failures = [];
  let next = 0;
  const worker = async () => {
    while (next < CALLS) {
      next += 1;
      const { status, ms } = await timedGet(url);
      latencies.push(ms);
      if (status !== 200) failures.push(status);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const at = (share) =>
    latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))];
  return { p50: at(0.5), p99: at(0.99), failures };
}

async function main() {
  const billing = await startBilling();
  const port = await freePort();
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const gateway = await startProcess({
    name: 'gateway',
    cwd: path.join(root, 'gateway'),
    script: 'dist/main.js',
    env: {
      PORT: String(port),
      BILLING_URL: billing.url,
      RATE_LIMIT_PREFIX: `${prefix}-ratelimit:`,
      // The measuring client's requests are counted as usual but never refused.
      RATE_LIMIT_GENERAL: '100000000',
      // Long enough that every slow client is still sending while the second run measures.
      CLIENT_REQUEST_TIMEOUT_MS: '120000',
    },
    readyUrl: `http://127.0.0.1:${port}/readyz`,
  });
  const stops = [];
  try {
    const url = `http://127.0.0.1:${port}/api/check-subscription`;
    await measure(url); // warm-up
    const alone = await measure(url);
    for (let i = 0; i < SLOW_CLIENTS; i += 1) {
      const sender = slowSender({
        port,
        localAddress: `127.0.0.${2 + (i % ADDRESSES)}`,
        path: '/api/create-checkout-session',
        contentLength: 100_000,
        everyMs: DRIP_MS,
        reconnect: true,
      });
      stops.push(() => sender.stop());
    }
    await new Promise((resolve) => setTimeout(resolve, 3 * DRIP_MS));
    const loaded = await measure(url);
    const reached = billing.counts.checkouts;

    const figures = ({ p50, p99, failures }) =>
      `p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, ${failures.length} not 200`;
    console.log(
      `GET /api/check-subscription through the gateway, ${CALLS} calls, ${CONCURRENCY} at a time`,
    );
    console.log(`  alone:                                          ${figures(alone)}`);
    console.log(
      `  with ${SLOW_CLIENTS} slow clients from ${ADDRESSES} addresses:      ${figures(loaded)}`,
    );
    console.log(`  slow checkouts that reached billing: ${reached}`);
    const ok = loaded.p99 <= 2 * alone.p99 && loaded.failures.length === 0 && reached === 0;
    console.log(
      `  p99 under load within 2x of alone (${(loaded.p99 / alone.p99).toFixed(2)}x): ${ok ? 'met' : 'MISSED'}`,
    );
  } finally {
    for (const stop of stops) stop();
    await stopProcess(gateway);
    await billing.close();
  }
}

await main();
