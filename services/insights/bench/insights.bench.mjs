// make bench: the built-in writer over a day of 500 articles (the most one news call returns),
// statistics and both texts, median of several runs. Target: at most 200 ms.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = (file) => require(path.join(here, '..', 'dist', file));
const { BuiltinWriter } = dist('writers/builtin-writer.js');
const { buildDigest, pickSourceArticle, sortArticles } = dist('writers/day-digest.util.js');

const ARTICLES = 500;
const BASELINE = 500;
const RUNS = 15;
const FEEDS = ['business', 'analysis', 'opinion', 'daytrader', 'stocks', 'general'];
const TICKERS = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'META', 'JPM', 'XOM', 'GOOGL', 'AMD'];
const TOPICS = [
  'earnings',
  'inflation',
  'tariffs',
  'semiconductor',
  'treasury yields',
  'oil supply',
  'consumer spending',
  'rate decision',
  'guidance',
  'buybacks',
  'layoffs',
  'merger',
];
const VERBS = [
  'rallies',
  'slips',
  'surges',
  'falls',
  'holds steady',
  'beats estimates',
  'misses',
  'climbs',
  'drops',
  'rebounds',
];

// A deterministic generator, so every run writes about the same day.
function seeded(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function day(count, hoursBack, seed) {
  const random = seeded(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const now = Date.parse('2026-11-20T14:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const ticker = pick(TICKERS);
    const topic = pick(TOPICS);
    return {
      id: `bench-${seed}-${i}`,
      title: `${ticker} ${pick(VERBS)} as ${topic} ${pick(['weigh', 'lift', 'dominate', 'cloud'])} the outlook`,
      description: `Analysts said ${topic} and ${pick(TOPICS)} were in focus; ${pick(TICKERS)} and ${ticker} moved while investors watched ${pick(TOPICS)}.`,
      url: `https://bench.example.com/${seed}/${i}`,
      publishedAt: new Date(now - (hoursBack + random() * 24) * 3_600_000).toISOString(),
      feed: pick(FEEDS),
      sourceId: `source-${i % 12}`,
      category: '',
      tickers: random() < 0.3 ? [ticker, pick(TICKERS)] : [ticker],
    };
  });
}

const articles = day(ARTICLES, 0, 1);
const baseline = day(BASELINE, 24, 2);
const writer = new BuiltinWriter();

async function once() {
  const started = performance.now();
  const sorted = sortArticles(articles);
  const digest = buildDigest(sorted, baseline, 5);
  const input = { marketDate: '2026-11-20', windowHours: 24, articles: sorted, digest };
  await writer.analysis(input);
  await writer.opinion(input, pickSourceArticle(sorted, digest));
  return performance.now() - started;
}

await once(); // warm-up
const times = [];
for (let run = 0; run < RUNS; run += 1) times.push(await once());
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log('\nBuilt-in writer (statistics, analysis and opinion for one day)');
console.log(`  articles: ${ARTICLES} in the day, ${BASELINE} in the baseline; runs: ${RUNS}`);
console.log(
  `  median: ${median.toFixed(1)} ms   min: ${times[0].toFixed(1)} ms   max: ${times.at(-1).toFixed(1)} ms   (target ≤ 200 ms)`,
);
