// node services/news/bench/tagging.bench.mjs (after `make build`): headlines tagged a second by the
// built tagger (dist/tagging) over the labelled headlines of test/fixtures/tagged-headlines.json,
// title and description as ingestion passes them, repeated for DURATION_MS after a warm-up, on one
// core of this process, against the target of 5,000 a second; then the same titles each with a
// description of about 400 characters (other headlines of the set joined), nearer what feeds send.
// It also prints what loading the module costs (the instrument list is compiled once, at load).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.join(here, '..');

const TARGET_PER_SECOND = 5_000;
const WARM_UP_MS = 1_000;
const DURATION_MS = 3_000;
const RUNS = Number(process.env.BENCH_ROUNDS ?? 3);

const loadStarted = performance.now();
const { tagInstruments } = require(
  path.join(packageDir, 'dist', 'tagging', 'tag-instruments.util.js'),
);
const loadMs = performance.now() - loadStarted;

const headlines = JSON.parse(
  readFileSync(path.join(packageDir, 'test', 'fixtures', 'tagged-headlines.json'), 'utf8'),
);
const DESCRIPTION_LENGTH = 400;
const withDescriptions = headlines.map(({ title }, index) => {
  const others = Array.from(
    { length: 12 },
    (_, offset) => headlines[(index + 1 + offset) % headlines.length].title,
  );
  return { title, description: others.join('. ').slice(0, DESCRIPTION_LENGTH) };
});

const averageLength = (items) =>
  Math.round(
    items.reduce(
      (sum, { title, description }) => sum + title.length + (description?.length ?? 0),
      0,
    ) / items.length,
  );

/** Tags the items over and over for `durationMs`; answers items a second. */
function run(items, durationMs) {
  let tagged = 0;
  let symbols = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < durationMs) {
    for (const { title, description } of items) {
      symbols += tagInstruments(title, description).length;
    }
    tagged += items.length;
    elapsed = performance.now() - started;
  }
  // Keeps the result alive so the loop cannot be optimised away.
  if (symbols < 0) console.log(symbols);
  return (tagged / elapsed) * 1000;
}

function measure(items) {
  run(items, WARM_UP_MS);
  return Array.from({ length: RUNS }, () => run(items, DURATION_MS));
}

const workloads = [
  ['labelled set', headlines],
  [`with ${DESCRIPTION_LENGTH}-char descriptions`, withDescriptions],
].map(([name, items]) => ({ name, items, rates: measure(items) }));

console.log(
  `tagging: ${headlines.length} labelled headlines, Node ${process.version}, ` +
    `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}; one core`,
);
console.log(`module load (instrument list compiled): ${loadMs.toFixed(1)} ms`);
console.log('');
console.log('| workload                     | chars | run | headlines/s | µs per headline |');
console.log('|------------------------------|-------|-----|-------------|-----------------|');
for (const { name, items, rates } of workloads) {
  rates.forEach((rate, index) => {
    console.log(
      `| ${name.padEnd(28)} | ${String(averageLength(items)).padStart(5)} | ${String(index + 1).padStart(3)} | ` +
        `${Math.round(rate).toLocaleString('en-US').padStart(11)} | ${(1e6 / rate).toFixed(1).padStart(15)} |`,
    );
  });
}
console.log('');
for (const { name, rates } of workloads) {
  const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)];
  console.log(
    `${name}: median ${Math.round(median).toLocaleString('en-US')} headlines/s, ` +
      `${median >= TARGET_PER_SECOND ? 'meets' : 'MISSES'} the target of ${TARGET_PER_SECOND.toLocaleString('en-US')}/s`,
  );
}
