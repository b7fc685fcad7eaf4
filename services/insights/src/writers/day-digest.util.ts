import type { NewsArticle } from '../news/news-article';
import { NEGATIVE_WORDS, POSITIVE_WORDS, STOP_WORDS } from './finance-words';

export interface FeedVolume {
  feed: string;
  count: number;
}

export interface Tone {
  positive: number;
  negative: number;
  /** (positive − negative) / (positive + negative), from −1 to 1; 0 with no tone words. */
  score: number;
  label: 'leaning positive' | 'leaning negative' | 'balanced';
}

export interface TickerMentions {
  symbol: string;
  /** Articles that mention it. */
  articles: number;
}

export interface Theme {
  term: string;
  /** Articles of the day that use the term. */
  articles: number;
  /** Articles a day that used it over the baseline days. */
  baselinePerDay: number;
  /** Up to two headlines that carry the theme, newest first. */
  headlines: string[];
}

export interface DayDigest {
  total: number;
  feeds: FeedVolume[];
  tone: Tone;
  tickers: TickerMentions[];
  themes: Theme[];
  baselineDays: number;
  watch: string[];
}

const TOP_TICKERS = 5;
const TOP_THEMES = 3;
const TONE_THRESHOLD = 0.15;

/** Newest first, ties by id: the order every statistic and rendering is computed in. */
export function sortArticles(articles: readonly NewsArticle[]): NewsArticle[] {
  return [...articles].sort(
    (a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id),
  );
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z][a-z'-]*[a-z]|[a-z]/g) ?? [];
}

/** Candidate theme terms of one article: distinct, long enough, not stop or tone words. */
export function articleTerms(article: NewsArticle): Set<string> {
  const terms = new Set<string>();
  for (const word of words(`${article.title} ${article.description}`)) {
    const term = word.replace(/'s$/, '');
    if (term.length < 4 || STOP_WORDS.has(term)) continue;
    if (POSITIVE_WORDS.has(term) || NEGATIVE_WORDS.has(term)) continue;
    terms.add(term);
  }
  return terms;
}

function byCountThenName<T>(count: (item: T) => number, name: (item: T) => string) {
  return (a: T, b: T) => count(b) - count(a) || name(a).localeCompare(name(b));
}

export function feedVolumes(articles: readonly NewsArticle[]): FeedVolume[] {
  const counts = new Map<string, number>();
  for (const article of articles) counts.set(article.feed, (counts.get(article.feed) ?? 0) + 1);
  return [...counts]
    .map(([feed, count]) => ({ feed, count }))
    .sort(
      byCountThenName(
        (v) => v.count,
        (v) => v.feed,
      ),
    );
}

export function scoreTone(articles: readonly NewsArticle[]): Tone {
  let positive = 0;
  let negative = 0;
  for (const article of articles) {
    for (const word of words(`${article.title} ${article.description}`)) {
      if (POSITIVE_WORDS.has(word)) positive += 1;
      else if (NEGATIVE_WORDS.has(word)) negative += 1;
    }
  }
  const total = positive + negative;
  const score = total === 0 ? 0 : (positive - negative) / total;
  const label =
    score > TONE_THRESHOLD
      ? 'leaning positive'
      : score < -TONE_THRESHOLD
        ? 'leaning negative'
        : 'balanced';
  return { positive, negative, score, label };
}

export function topTickers(
  articles: readonly NewsArticle[],
  limit = TOP_TICKERS,
): TickerMentions[] {
  const counts = new Map<string, number>();
  for (const article of articles) {
    for (const symbol of new Set(article.tickers.map((ticker) => ticker.toUpperCase()))) {
      counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([symbol, count]) => ({ symbol, articles: count }))
    .sort(
      byCountThenName(
        (t) => t.articles,
        (t) => t.symbol,
      ),
    )
    .slice(0, limit);
}

function documentFrequency(articles: readonly NewsArticle[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const article of articles) {
    for (const term of articleTerms(article)) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return counts;
}

/**
 * Terms that stand out: used by more of the day's articles than on an average baseline day (lift
 * above 1). Ranked by lift (day + 1) / (baseline per day + 1), then by how many articles carry them.
 */
export function standoutThemes(
  day: readonly NewsArticle[],
  baseline: readonly NewsArticle[],
  baselineDays: number,
  limit = TOP_THEMES,
): Theme[] {
  const sorted = sortArticles(day);
  const today = documentFrequency(sorted);
  const before = documentFrequency(baseline);
  const minimum = sorted.length >= 4 ? 2 : 1;
  const ranked = [...today]
    .filter(([, count]) => count >= minimum)
    .map(([term, count]) => {
      const baselinePerDay = (before.get(term) ?? 0) / baselineDays;
      return { term, articles: count, baselinePerDay, lift: (count + 1) / (baselinePerDay + 1) };
    })
    .filter(({ lift }) => lift > 1)
    .sort((a, b) => b.lift - a.lift || b.articles - a.articles || a.term.localeCompare(b.term))
    .slice(0, limit);
  return ranked.map(({ term, articles, baselinePerDay }) => ({
    term,
    articles,
    baselinePerDay,
    headlines: sorted
      .filter((article) => articleTerms(article).has(term))
      .slice(0, 2)
      .map((article) => article.title),
  }));
}

function watchList(tickers: TickerMentions[], themes: Theme[], tone: Tone): string[] {
  const watch: string[] = [];
  const [theme] = themes;
  if (theme) {
    watch.push(
      `Whether "${theme.term}" keeps drawing coverage: ${theme.articles} article${theme.articles === 1 ? '' : 's'} today against ${theme.baselinePerDay.toFixed(1)} a day before.`,
    );
  }
  const [ticker] = tickers;
  if (ticker && ticker.articles > 1) {
    watch.push(
      `Follow-up news on $${ticker.symbol}, the most-mentioned ticker, and whether its coverage confirms or fades.`,
    );
  }
  if (tone.label !== 'balanced') {
    watch.push(
      `Whether the ${tone.label.replace('leaning ', '')} tone carries into the next session or reverses; one day's tone shifts the odds only at the margin.`,
    );
  } else {
    watch.push(
      'A decisive move in tone: today the positive and negative language roughly cancelled out.',
    );
  }
  return watch;
}

export function buildDigest(
  day: readonly NewsArticle[],
  baseline: readonly NewsArticle[],
  baselineDays: number,
): DayDigest {
  const tone = scoreTone(day);
  const tickers = topTickers(day);
  const themes = standoutThemes(day, baseline, baselineDays);
  return {
    total: day.length,
    feeds: feedVolumes(day),
    tone,
    tickers,
    themes,
    baselineDays,
    watch: watchList(tickers, themes, tone),
  };
}

/**
 * The opinion's source: the opinion-feed article most connected to the day's themes and tickers
 * (newest wins a tie). With no opinion article that day, every feed is considered.
 */
export function pickSourceArticle(
  day: readonly NewsArticle[],
  digest: DayDigest,
): NewsArticle | undefined {
  const sorted = sortArticles(day);
  const opinions = sorted.filter((article) => article.feed === 'opinion');
  const candidates = opinions.length > 0 ? opinions : sorted;
  const themeTerms = digest.themes.map((theme) => theme.term);
  const tickers = new Set(digest.tickers.map((ticker) => ticker.symbol));
  let best: NewsArticle | undefined;
  let bestScore = -1;
  for (const article of candidates) {
    const terms = articleTerms(article);
    const score =
      themeTerms.filter((term) => terms.has(term)).length +
      2 * article.tickers.filter((ticker) => tickers.has(ticker.toUpperCase())).length;
    if (score > bestScore) {
      best = article;
      bestScore = score;
    }
  }
  return best;
}
