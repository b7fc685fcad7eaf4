// make bench: the feed parser alone on the largest feeds it meets, from the built service
// (dist/ingestion): 2,000-item RSS and Atom documents with full HTML descriptions (about 4 MB
// each), and the same RSS with the slips real feeds make (bare ampersands, a prefixed namespace),
// which the parser repairs. Each is parsed and turned into article drafts, as ingestion does.
// Prints the median of 5 runs in items per second and a met / MISSED verdict against the target:
// at least 10,000 items/s.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist', 'ingestion');
const { parseFeed } = await import(pathToFileURL(path.join(dist, 'feed-parser.util.js')).href);
const { draftItem } = await import(pathToFileURL(path.join(dist, 'article-draft.util.js')).href);

const ITEMS = 2000;
const RUNS = 5;
const TARGET = 10_000;

const paragraph = (i) =>
  `<p>Shares of company ${i} moved after the <b>quarterly report</b> &amp; guidance; analysts at ` +
  `<a href="https://research.example.com/notes/${i}">the desk</a> said the base rate for a gap fill ` +
  `within five sessions is about 60 %, &ldquo;higher after a volume surge&rdquo;.</p>`.repeat(12);

function rss({ slips = false } = {}) {
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const link = slips
      ? `https://news.example.com/story?id=${i}&ref=rss`
      : `https://news.example.com/story/${i}`;
    const title = slips ? `AT&T and peers: story ${i}` : `Markets story ${i}`;
    return `<item><title>${title}</title><link>${link}</link><guid>${link}</guid><pubDate>Fri, 27 Nov 2026 14:${String(i % 60).padStart(2, '0')}:00 GMT</pubDate><description><![CDATA[${paragraph(i)}]]></description></item>`;
  }).join('\n');
  const root = slips
    ? '<rss version="2.0" xmlns:a="http://www.w3.org/2005/Atom"><channel><a:link href="https://news.example.com/feed" rel="self"/>'
    : '<rss version="2.0"><channel>';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}<title>Bench</title><link>https://news.example.com/</link>${items}</channel></rss>`;
}

function atom() {
  const entries = Array.from(
    { length: ITEMS },
    (_, i) =>
      `<entry><title>Markets story ${i}</title><link href="https://news.example.com/story/${i}"/><id>tag:news.example.com,2026:${i}</id><updated>2026-11-27T14:00:00Z</updated><summary type="html">${paragraph(i).replace(/&/g, '&amp;').replace(/</g, '&lt;')}</summary></entry>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Bench</title><id>tag:news.example.com,2026:feed</id><updated>2026-11-27T14:00:00Z</updated>${entries}</feed>`;
}

const context = {
  feedUrl: 'https://news.example.com/feed',
  feed: 'business',
  category: 'markets',
  fetchedAt: new Date('2026-11-27T15:00:00Z'),
};

function rate(body) {
  const timings = [];
  let kept = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const parsed = parseFeed(body);
    kept = parsed.items.filter((item) => 'draft' in draftItem(item, context)).length;
    timings.push(performance.now() - started);
  }
  if (kept !== ITEMS) throw new Error(`kept ${kept} of ${ITEMS} items`);
  timings.sort((a, b) => a - b);
  return ITEMS / (timings[Math.floor(RUNS / 2)] / 1000);
}

console.log(
  `Feed parsing (parse and draft, dist/ingestion), ${ITEMS} items a feed, median of ${RUNS}, ${process.version}`,
);
for (const [name, body] of [
  ['RSS 2.0', rss()],
  ['Atom 1.0', atom()],
  ['RSS 2.0 with bare & and a prefix', rss({ slips: true })],
]) {
  const itemsPerSecond = rate(body);
  console.log(
    `  ${name.padEnd(34)} ${(Buffer.byteLength(body) / 1e6).toFixed(1)} MB  ${Math.round(itemsPerSecond).toLocaleString('en-US').padStart(7)} items/s  (target >= ${TARGET.toLocaleString('en-US')}): ${itemsPerSecond >= TARGET ? 'met' : 'MISSED'}`,
  );
}
