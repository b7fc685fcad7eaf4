// A synthetic news corpus for the search benchmark: sources, story claims and articles written as
// ingestion writes them, with a vocabulary shaped like market news (a few words in most articles,
// a long tail of names that appear in a handful). Seeded, so every run searches the same rows.
import { randomUUID } from 'node:crypto';

export const CORPUS_SOURCES = [
  { id: 'bench-wire-business', name: 'Bench Wire Business', feed: 'business' },
  { id: 'bench-daily-business', name: 'Bench Daily', feed: 'business' },
  { id: 'bench-street-analysis', name: 'Bench Street Analysis', feed: 'analysis' },
  { id: 'bench-column-opinion', name: 'Bench Column', feed: 'opinion' },
  { id: 'bench-tape-daytrader', name: 'Bench Tape', feed: 'daytrader' },
  { id: 'bench-ticker-stocks', name: 'Bench Ticker', feed: 'stocks', category: 'stocks' },
  { id: 'bench-herald-general', name: 'Bench Herald', feed: 'general' },
];

/** Words the benchmark's query kinds look for, with how often the corpus uses them. */
export const CORPUS_WORDS = {
  /** In roughly one article in two (titles or descriptions). */
  common: 'market',
  /** In about 25 articles of 100,000. */
  rare: 'zephyrite',
  /** Both words in about one article in twelve, side by side in most of those. */
  phrase: 'interest rates',
  /** Nowhere. */
  missing: 'quixotically',
  /** Only English stop words: an empty query for PostgreSQL. */
  stopWords: 'the of and',
};

const SYLLABLES = [
  'nor',
  'vex',
  'tal',
  'mira',
  'cor',
  'lum',
  'stra',
  'quen',
  'dal',
  'ver',
  'ox',
  'pel',
  'tri',
  'zan',
  'bro',
  'kel',
];
const SUFFIXES = [
  'Energy',
  'Holdings',
  'Bank',
  'Motors',
  'Foods',
  'Pharma',
  'Systems',
  'Capital',
  'Retail',
  'Logistics',
  'Airlines',
  'Semiconductors',
];
const SECTORS = [
  'energy',
  'banking',
  'retail',
  'technology',
  'healthcare',
  'utilities',
  'transport',
  'chipmaking',
  'insurance',
  'housing',
  'mining',
  'media',
];
const TITLE_VERBS = [
  'shares rise after',
  'shares fall after',
  'beats estimates with',
  'misses forecasts on',
  'raises guidance on',
  'cuts outlook amid',
  'announces buyback alongside',
  'names new chief after',
  'expands into',
  'faces probe over',
];
const TITLE_OBJECTS = [
  'quarterly earnings',
  'strong holiday sales',
  'weaker demand',
  'a supply chain squeeze',
  'record deliveries',
  'rising costs',
  'a merger deal',
  'new product launch',
  'regulatory approval',
  'slowing growth',
  'higher margins',
  'a dividend increase',
];
const OPENERS = [
  'Investors weighed',
  'Traders focused on',
  'Analysts pointed to',
  'Executives highlighted',
  'Portfolio managers debated',
  'Economists flagged',
];
const MIDDLES = [
  'the outlook for',
  'fresh data on',
  'volatility in',
  'momentum across',
  'valuations in',
  'credit conditions in',
  'earnings revisions for',
  'capital spending by',
];
const ENDINGS = [
  'as the session wore on.',
  'ahead of the central bank meeting.',
  'after a choppy week.',
  'into the close.',
  'despite cautious guidance.',
  'while bond yields climbed.',
  'as volumes thinned.',
  'before the jobs report.',
];
const EXTRA = [
  'Inflation expectations edged lower.',
  'Oil prices swung in a narrow range.',
  'The dollar firmed against the euro.',
  'Small caps lagged the broader indexes.',
  'Treasury yields were little changed.',
  'Options activity pointed to hedging.',
  'Chipmakers led the advance.',
  'Regional lenders drew scrutiny.',
];

/** mulberry32: a small, fast, seeded generator. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function companyNames(random, count) {
  const names = new Set();
  const pick = (list) => list[Math.floor(random() * list.length)];
  while (names.size < count) {
    const word = pick(SYLLABLES) + pick(SYLLABLES) + (random() < 0.5 ? pick(SYLLABLES) : '');
    names.add(`${word[0].toUpperCase()}${word.slice(1)} ${pick(SUFFIXES)}`);
  }
  return [...names];
}

/** `count` articles, newest first from `newest`, spread over about two years. */
export function* corpusArticles(count, { seed = 20261126, newest = Date.now() } = {}) {
  const random = seededRandom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const companies = companyNames(random, 3000);
  const spacing = (2 * 365 * 86_400_000) / count;
  for (let i = 0; i < count; i += 1) {
    const source = CORPUS_SOURCES[i % CORPUS_SOURCES.length];
    const company = pick(companies);
    const sector = pick(SECTORS);
    let title = `${company} ${pick(TITLE_VERBS)} ${pick(TITLE_OBJECTS)}`;
    if (random() < 0.2) title += ` as ${sector} stocks rally`;
    const sentences = [`${pick(OPENERS)} ${pick(MIDDLES)} ${sector} ${pick(ENDINGS)}`];
    if (random() < 0.4)
      sentences.push(
        `The broader market ${random() < 0.5 ? 'rose' : 'slipped'} as ${company} traded ${random() < 0.5 ? 'higher' : 'lower'}.`,
      );
    if (random() < 0.08)
      sentences.push('Higher interest rates weighed on borrowers and lenders alike.');
    else if (random() < 0.01) sentences.push('Rates on interest-bearing accounts were unchanged.');
    if (random() < 0.15)
      sentences.push(`Market breadth ${random() < 0.5 ? 'improved' : 'narrowed'} in ${sector}.`);
    sentences.push(pick(EXTRA));
    if (random() < 0.00025) sentences.push('Its zephyrite mine reopened after maintenance.');
    // One in ten has no description, as some feeds send only titles.
    const description = random() < 0.1 ? '' : sentences.join(' ');
    const slug = `${i}-${company.toLowerCase().replace(/\s+/g, '-')}`;
    const url = `https://${source.id}.example.com/news/${slug}`;
    yield {
      id: randomUUID(),
      sourceId: source.id,
      guid: `guid-${i}`,
      canonicalUrl: url,
      url,
      title,
      description,
      publishedAt: new Date(newest - i * spacing - Math.floor(random() * spacing)),
      feed: source.feed,
      category: source.category ?? null,
      tickers: [],
    };
  }
}

/** Writes the sources, their story claims and `count` articles through `client` (a pg Client). */
export async function seedCorpus(client, count, options) {
  for (const source of CORPUS_SOURCES) {
    await client.query(
      `INSERT INTO sources (id, name, url, feed, category) VALUES ($1, $2, $3, $4, $5)`,
      [
        source.id,
        source.name,
        `https://${source.id}.example.com/rss`,
        source.feed,
        source.category ?? null,
      ],
    );
  }
  const BATCH = 5000;
  let batch = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const column = (key) => batch.map((row) => row[key]);
    const fetchedAt = new Date();
    await client.query(
      `INSERT INTO articles (id, source_id, guid, canonical_url, url, title, description,
         published_at, fetched_at, feed, category, tickers)
       SELECT id, source_id, guid, canonical_url, url, title, description, published_at, $9, feed,
         category, '{}'::text[]
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $4::text[], $5::text[],
         $6::text[], $7::timestamptz[], $8::text[], $10::text[])
         AS t(id, source_id, guid, canonical_url, url, title, description, published_at, feed, category)`,
      [
        column('id'),
        column('sourceId'),
        column('guid'),
        column('canonicalUrl'),
        column('title'),
        column('description'),
        column('publishedAt'),
        column('feed'),
        fetchedAt,
        column('category'),
      ],
    );
    await client.query(
      `INSERT INTO story_urls (canonical_url, source_id, claimed_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])`,
      [column('canonicalUrl'), column('sourceId'), batch.map(() => fetchedAt)],
    );
    batch = [];
  };
  for (const article of corpusArticles(count, options)) {
    batch.push(article);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  await client.query('ANALYZE sources, articles, story_urls');
}
