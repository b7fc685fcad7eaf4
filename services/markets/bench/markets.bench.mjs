// make bench: GET /api/market through the gateway's cache, with the markets service behind it asking
// a stand-in Finnhub that counts every call. Prints req/s, p99 and each symbol's provider calls
// against its freshness windows, with met / MISSED verdicts:
// - at least 10,000 req/s through the gateway;
// - at most one provider call per symbol per freshness window, whatever the load.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, stopProcess } from '../../news/bench/processes.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..', '..');
const autocannon = require('autocannon');

const WATCHLIST = ['SPY', 'QQQ', 'DIA', 'IWM', 'VIXY', 'TLT'];
/** Short windows, so a run spans several and the per-window bound is seen holding. */
const FRESH_SECONDS = 5;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_RPS = 10_000;
const KEY = 'bench-finnhub-key';

/** A Finnhub stand-in: /quote, /stock/profile2 and /stock/metric, counting calls by path and symbol. */
function startFakeFinnhub() {
  const calls = new Map();
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://finnhub.local');
    const symbol = url.searchParams.get('symbol') ?? '';
    const key = `${url.pathname} ${symbol}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    if (req.headers['x-finnhub-token'] !== KEY) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end('{"error":"Invalid API key"}');
    }
    const price = 100 + symbol.length;
    const body =
      url.pathname === '/quote'
        ? {
            c: price,
            d: 1.25,
            dp: 1.27,
            h: price + 1,
            l: price - 1,
            o: price - 0.5,
            pc: price - 1.25,
            t: Math.floor(Date.now() / 1000),
          }
        : url.pathname === '/stock/profile2'
          ? {
              name: `${symbol} Fund`,
              ticker: symbol,
              exchange: 'NYSE ARCA',
              finnhubIndustry: 'N/A',
              marketCapitalization: 0,
              currency: 'USD',
            }
          : { metric: {}, metricType: 'all', symbol };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        quoteCalls: (symbol) => calls.get(`/quote ${symbol}`) ?? 0,
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

function load(url) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

const verdict = (ok) => (ok ? 'met' : 'MISSED');

async function main() {
  const finnhub = await startFakeFinnhub();
  const ports = { markets: await freePort(), gateway: await freePort() };
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const ready = (port) => `http://127.0.0.1:${port}/readyz`;
  const children = [];
  try {
    children.push(
      await startProcess({
        name: 'markets',
        cwd: path.join(root, 'services', 'markets'),
        script: 'dist/main.js',
        env: {
          PORT: String(ports.markets),
          MARKET_PROVIDERS: 'finnhub',
          FINNHUB_API_KEY: KEY,
          FINNHUB_BASE_URL: finnhub.url,
          FINNHUB_CALLS_PER_MINUTE: '100000',
          MARKET_WATCHLIST: WATCHLIST.join(','),
          MARKET_QUOTE_TTL_SECONDS: String(FRESH_SECONDS),
          MARKET_QUOTE_CLOSED_TTL_SECONDS: String(FRESH_SECONDS),
          MARKETS_REDIS_PREFIX: `${prefix}-markets:`,
        },
        readyUrl: ready(ports.markets),
      }),
    );
    children.push(
      await startProcess({
        name: 'gateway',
        cwd: path.join(root, 'gateway'),
        script: 'dist/main.js',
        env: {
          PORT: String(ports.gateway),
          MARKETS_URL: `http://127.0.0.1:${ports.markets}`,
          RATE_LIMIT_PREFIX: `${prefix}-ratelimit:`,
          // One client sends all the load; its limit is counted as usual but set never to trip.
          RATE_LIMIT_GENERAL: '100000000',
        },
        readyUrl: ready(ports.gateway),
      }),
    );
    const url = `http://127.0.0.1:${ports.gateway}/api/market`;
    // Warm-up: the first answer fills the caches; its calls count too.
    const first = await fetch(url);
    if (!first.ok) throw new Error(`GET /api/market answered ${first.status}`);
    const started = Date.now();
    const result = await load(url);
    const elapsedS = (Date.now() - started) / 1000;
    const non2xx = result.non2xx + result.errors;
    const windows = Math.ceil(elapsedS / FRESH_SECONDS) + 1;
    const calls = WATCHLIST.map((symbol) => [symbol, finnhub.quoteCalls(symbol)]);
    const worst = Math.max(...calls.map(([, count]) => count));

    console.log(`GET /api/market through the gateway, ${CONNECTIONS} connections, ${DURATION_S} s`);
    console.log(
      `  ${Math.round(result.requests.average).toLocaleString('en-US')} req/s, p99 ${result.latency.p99} ms, ${non2xx} non-2xx or errors`,
    );
    console.log(
      `  provider /quote calls per symbol over ${elapsedS.toFixed(1)} s (fresh for ${FRESH_SECONDS} s, so at most ${windows}): ${calls.map(([symbol, count]) => `${symbol} ${count}`).join(', ')}`,
    );
    console.log(
      `  >= ${TARGET_RPS.toLocaleString('en-US')} req/s: ${verdict(result.requests.average >= TARGET_RPS && non2xx === 0)}`,
    );
    console.log(
      `  <= one provider call per symbol per freshness window: ${verdict(worst <= windows)}`,
    );
  } finally {
    await Promise.all(children.map(stopProcess));
    await finnhub.close();
  }
}

await main();
