// make bench: Lighthouse (mobile preset, Debian Chromium) on /, /guides and /demo of the local
// stack, and the gzipped JavaScript the landing route loads. Targets: performance ≥ 95, CLS ≤ 0.05,
// landing-route JavaScript ≤ 120 KB gzipped. Figures are printed, never asserted.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const PAGES = ['/', '/guides', '/demo'];

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
try {
  for (const page of PAGES) {
    const result = await lighthouse(`${settings.gatewayUrl}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
    });
    const audits = result.lhr.audits;
    rows.push({
      page,
      score: Math.round(result.lhr.categories.performance.score * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
    });
  }
} finally {
  await chrome.kill();
  await stop();
}

const js = await landingJavaScript();
console.log('\nLighthouse, mobile preset (simulated throttling), Debian Chromium');
console.log('  page        score   LCP (ms)   CLS     TBT (ms)   targets: score ≥ 95, CLS ≤ 0.05');
for (const row of rows) {
  console.log(
    `  ${row.page.padEnd(10)}  ${String(row.score).padStart(5)}   ${row.lcp.toFixed(0).padStart(8)}   ${row.cls.toFixed(3)}   ${row.tbt.toFixed(0).padStart(8)}`,
  );
}
console.log(
  `  landing route JavaScript: ${js.kb.toFixed(1)} KB gzipped in ${js.files} files (target ≤ 120 KB)`,
);
process.exit(0);
