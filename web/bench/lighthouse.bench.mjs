// make bench: Lighthouse (mobile preset, Debian Chromium) on /, /guides, /demo, a ticker page
// (/stocks/SPY, with its chart) and a probability tool (/tools/kelly) of the local stack, and the
// gzipped JavaScript the landing route loads. Targets: performance ≥ 95 (and accessibility, best
// practices and SEO ≥ 95, printed beside it), CLS ≤ 0.05, landing-route JavaScript ≤ 120 KB gzipped. Each page is measured LIGHTHOUSE_RUNS times (3 by
// default) and the median run (by score) is reported, with the machine's load average alongside,
// since a busy CPU lowers the score. Figures are printed, never asserted.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
// LIGHTHOUSE_PAGES=/stocks/SPY measures only the pages listed (comma-separated).
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/',
  '/guides',
  '/demo',
  '/stocks/SPY',
  '/tools/kelly',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Math.max(1, Number.parseInt(process.env.LIGHTHOUSE_RUNS ?? '3', 10) || 3);
// LIGHTHOUSE_REPORT_DIR=dir keeps each run's full report (JSON) there, to see what a figure is made of.
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

process.env.STACK_PORT_OFFSET ??= '20000';
process.env.STACK_DB_SUFFIX ??= '_bench';
process.env.LOG_LEVEL ??= 'warn';
process.env.NODE_ENV = 'production';
const stack = await import(pathToFileURL(path.join(root, 'deploy', 'local', 'stack.mjs')).href);
const settings = stack.stackSettings();
process.env.PUBLIC_URL = settings.gatewayUrl;
await stack.prepare(settings);
const stop = await stack.start(settings);

/** The scripts the landing page loads (the entry, the home route's chunk, their imports), gzipped. */
async function landingJavaScript() {
  const dist = path.join(root, 'web', 'dist');
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const { readdir } = await import('node:fs/promises');
  const homeChunks = (await readdir(path.join(dist, 'assets'))).filter((name) =>
    /^home-page-[\w-]+\.js$/.test(name),
  );
  const seen = new Set();
  const queue = [...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  queue.push(
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  queue.push(...homeChunks.map((name) => `/assets/${name}`));
  let total = 0;
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = await readFile(path.join(dist, file));
    total += gzipSync(source, { level: 9 }).length;
    // Static imports between chunks (`import ... from "./x.js"`) load with the entry.
    for (const match of source
      .toString('utf8')
      .matchAll(/\bimport\s*(?:[\w{},\s*$]*?from\s*)?["']\.\/([^'"]+\.js)["']/g)) {
      queue.push(`/assets/${match[1]}`);
    }
  }
  return { files: seen.size, kb: total / 1024 };
}

const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const rows = [];
const loadBefore = load();
try {
  for (const page of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${settings.gatewayUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        formFactor: 'mobile',
      });
      const { audits, categories, runtimeError, runWarnings } = result.lhr;
      if (REPORT_DIR) {
        const name = `${page.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}-${run + 1}.json`;
        await mkdir(REPORT_DIR, { recursive: true });
        await writeFile(path.join(REPORT_DIR, name), JSON.stringify(result.lhr));
      }
      // A run that could not measure the page (no paint in time, a crashed tab) has no score to
      // rank; it is shown as failed and left out of the median rather than counted as 0.
      const failure =
        runtimeError?.code ??
        (categories.performance.score === null ||
        audits['largest-contentful-paint'].numericValue === undefined
          ? (runWarnings[0] ?? 'no score')
          : undefined);
      if (failure) {
        runs.push({ page, failure });
        continue;
      }
      runs.push({
        page,
        score: Math.round(categories.performance.score * 100),
        // Accessibility, best practices, SEO: the same in every run of a page, so the median run's.
        others: CATEGORIES.slice(1).map((name) => Math.round((categories[name]?.score ?? 0) * 100)),
        lcp: audits['largest-contentful-paint'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
      });
    }
    const measured = runs.filter((run) => !run.failure);
    const byScore = measured.sort((a, b) => a.score - b.score || b.tbt - a.tbt);
    rows.push({
      page,
      ...byScore[Math.floor((byScore.length - 1) / 2)],
      scores: runs.map((run) => (run.failure ? `failed (${run.failure})` : String(run.score))),
    });
  }
} finally {
  await chrome.kill();
  await stop();
}

const js = await landingJavaScript();
console.log(
  `\nLighthouse, mobile preset (simulated throttling), Debian Chromium; median of ${RUNS} run(s) per page (runs that failed to measure are left out)`,
);
console.log(`  load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
console.log(
  '  page           score   LCP (ms)   CLS     TBT (ms)   a11y / BP / SEO   all scores   targets: every score ≥ 95, CLS ≤ 0.05',
);
for (const row of rows) {
  const figures =
    row.score === undefined
      ? '    —          —       —          —                  —'
      : `${String(row.score).padStart(5)}   ${row.lcp.toFixed(0).padStart(8)}   ${row.cls.toFixed(3)}   ${row.tbt.toFixed(0).padStart(8)}   ${row.others.join(' / ').padStart(15)}`;
  console.log(`  ${row.page.padEnd(13)}  ${figures}   ${row.scores.join(' / ')}`);
}
console.log(
  `  landing route JavaScript: ${js.kb.toFixed(1)} KB gzipped in ${js.files} files (target ≤ 120 KB)`,
);
process.exit(0);
