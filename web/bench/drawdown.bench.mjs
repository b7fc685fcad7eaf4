// make bench: the drawdown tool's simulation, 100,000 seeded runs of 250 trades, (1) in the
// browser's worker as the page runs it: the built worker file from web/dist in Debian's Chromium,
// timed from the order to the tally; (2) the model alone in Node (bundled by esbuild as Vite
// bundles it). Prints the median of 5 timings of each and a met / MISSED verdict for the target:
// under 1 s in the worker.
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');
const PATHS = 100_000;
const TRADES = 250;
const TIMINGS = 5;
const run = { winRate: 0.45, payoff: 1.8, riskPerTrade: 0.01, trades: TRADES, drawdown: 0.2 };
const request = { run, paths: PATHS, seed: 20261129 };

const median = (timings) => [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)];
const spread = (timings) =>
  `median ${median(timings).toFixed(0)} ms (min ${Math.min(...timings).toFixed(0)}, max ${Math.max(...timings).toFixed(0)})`;

async function inBrowserWorker() {
  const worker = (await readdir(path.join(dist, 'assets'))).find((name) =>
    /^drawdown\.worker-[\w-]+\.js$/.test(name),
  );
  if (!worker) throw new Error('no drawdown worker in web/dist/assets: run `make build` first');
  const source = await readFile(path.join(dist, 'assets', worker));
  const server = createServer((req, res) => {
    if (req.url === '/worker.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(source);
    } else
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>bench</title>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const timings = [];
    let tally;
    for (let i = 0; i < TIMINGS; i += 1) {
      const answer = await page.evaluate(
        (order) =>
          new Promise((resolve) => {
            // A fresh worker per run, as the page starts one per simulation.
            const started = performance.now();
            const worker = new globalThis.Worker('/worker.js');
            let progress = 0;
            worker.onmessage = ({ data }) => {
              if (data.type === 'progress') progress += 1;
              else {
                resolve({ ms: performance.now() - started, tally: data.tally, progress });
                worker.terminate();
              }
            };
            worker.postMessage({ id: 1, request: order });
          }),
        request,
      );
      timings.push(answer.ms);
      tally = answer.tally;
      if (answer.progress === 0) throw new Error('the worker reported no progress');
    }
    return { timings, tally };
  } finally {
    await browser.close();
    server.close();
  }
}

async function inNode() {
  const bundled = await build({
    entryPoints: [path.join(here, '..', 'src', 'lib', 'probability', 'index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
  });
  const model = await import(
    `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`
  );
  const timings = [];
  let tally;
  for (let i = 0; i < TIMINGS; i += 1) {
    const started = performance.now();
    tally = model.tallyDrawdowns(run, model.seededRandom(request.seed), PATHS);
    timings.push(performance.now() - started);
  }
  return { timings, tally, figures: model.drawdownFigures(tally) };
}

const node = await inNode();
const browser = await inBrowserWorker();
const same = JSON.stringify(browser.tally) === JSON.stringify(node.tally);
console.log(
  `Drawdown simulation: ${PATHS.toLocaleString('en-US')} runs of ${TRADES} trades (win rate 45 %, payoff 1.8, 1 % risk, 20 % drawdown)`,
);
console.log(
  `  in Chromium's worker (built file, worker start included): ${spread(browser.timings)}`,
);
console.log(`  the model alone in Node: ${spread(node.timings)}`);
console.log(
  `  probability ${node.figures.probability.toFixed(4)} ± ${node.figures.standardError.toFixed(4)}; worker and Node tallies ${same ? 'identical' : 'DIFFER'}`,
);
console.log(`  under 1 s in the worker: ${median(browser.timings) < 1000 ? 'met' : 'MISSED'}`);
if (!same) process.exitCode = 1;
