// make bench: the tools' drawdown simulation, 100,000 seeded runs of 250 trades, as the browser's
// worker runs it (the model bundled from web/src/lib/probability by esbuild, as Vite bundles it).
// Prints the median of 5 timings and a met / MISSED verdict for the target: under 1 s.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const PATHS = 100_000;
const TRADES = 250;
const TIMINGS = 5;

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

const run = { winRate: 0.45, payoff: 1.8, riskPerTrade: 0.01, trades: TRADES, drawdown: 0.2 };
const timings = [];
let figures;
for (let i = 0; i < TIMINGS; i += 1) {
  const started = performance.now();
  const hits = model.countDrawdowns(run, model.seededRandom(20261129), PATHS);
  timings.push(performance.now() - started);
  figures = model.drawdownFigures({ paths: PATHS, hits });
}
timings.sort((a, b) => a - b);
const median = timings[Math.floor(TIMINGS / 2)];
console.log(
  `Drawdown simulation: ${PATHS.toLocaleString('en-US')} runs of ${TRADES} trades (win rate 45 %, payoff 1.8, 1 % risk, 20 % drawdown)`,
);
console.log(
  `  median ${median.toFixed(0)} ms (min ${timings[0].toFixed(0)}, max ${timings.at(-1).toFixed(0)}); probability ${figures.probability.toFixed(4)} ± ${figures.standardError.toFixed(4)}`,
);
console.log(`  under 1 s: ${median < 1000 ? 'met' : 'MISSED'}`);
