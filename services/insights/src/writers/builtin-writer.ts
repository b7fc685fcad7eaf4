import type { NewsArticle } from '../news/news-article';
import { longDate } from '../market/market-date.util';
import type { DayDigest, Theme } from './day-digest.util';
import { articleTerms } from './day-digest.util';
import { inlineText } from './markdown-text.util';
import { marketLines } from './market-lines';
import { withDisclaimer, type DailyWriter, type DayInput } from './writer';

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function signed(score: number): string {
  return `${score >= 0 ? '+' : '−'}${Math.abs(score).toFixed(2)}`;
}

function coverage(day: DayInput): string {
  const { digest } = day;
  const feeds = digest.feeds
    .map((volume) => `${inlineText(volume.feed)} ${volume.count}`)
    .join(', ');
  return `Coverage: ${plural(digest.total, 'article')} from the ${day.windowHours} hours before this was written, across ${plural(digest.feeds.length, 'feed')} (${feeds}).`;
}

function toneLine(digest: DayDigest): string {
  const { tone } = digest;
  if (tone.positive + tone.negative === 0) {
    return 'Tone: neutral. None of the finance tone words appeared in the headlines or summaries.';
  }
  return `Tone: ${tone.label}. The finance word list counted ${tone.positive} positive and ${tone.negative} negative terms (net score ${signed(tone.score)}).`;
}

function tickerLine(digest: DayDigest): string {
  if (digest.tickers.length === 0) return 'Tickers: no ticker symbol was mentioned.';
  const [first, ...rest] = digest.tickers;
  const others = rest.map((ticker) => `$${inlineText(ticker.symbol)} (${ticker.articles})`);
  return `Most-mentioned tickers: $${inlineText(first.symbol)} (${plural(first.articles, 'article')})${others.length ? `, ${others.join(', ')}` : ''}.`;
}

function themeLine(theme: Theme): string {
  const headlines = theme.headlines.map((headline) => `"${inlineText(headline)}"`).join('; ');
  return `- "${inlineText(theme.term)}": ${plural(theme.articles, 'article')} against ${theme.baselinePerDay.toFixed(1)} a day before. Carried by ${headlines}.`;
}

function themesBlock(digest: DayDigest): string {
  if (digest.themes.length === 0) return 'Themes: no term stood out against the previous days.';
  return [
    `Themes that stand out against the previous ${plural(digest.baselineDays, 'day')}:`,
    ...digest.themes.map(themeLine),
  ].join('\n');
}

function excerpt(text: string, limit = 280): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= limit) return clean;
  return `${clean.slice(0, clean.lastIndexOf(' ', limit) > 0 ? clean.lastIndexOf(' ', limit) : limit)}…`;
}

/**
 * The writer used when no language model is configured: statistics over the day's articles,
 * rendered as short paragraphs. Same input, same text.
 */
export class BuiltinWriter implements DailyWriter {
  readonly name = 'builtin';

  analysis(day: DayInput): Promise<string> {
    const { digest } = day;
    const text = [
      `Daily Market Analysis for ${longDate(day.marketDate)}`,
      coverage(day),
      ...marketLines(day.markets, inlineText),
      toneLine(digest),
      tickerLine(digest),
      themesBlock(digest),
      ['What to watch next:', ...digest.watch.map((item) => `- ${inlineText(item)}`)].join('\n'),
    ].join('\n\n');
    return Promise.resolve(withDisclaimer(text));
  }

  opinion(day: DayInput, source: NewsArticle): Promise<string> {
    const { digest } = day;
    const terms = articleTerms(source);
    const sharedThemes = digest.themes.filter((theme) => terms.has(theme.term));
    const sharedTickers = digest.tickers.filter((ticker) =>
      source.tickers.some((symbol) => symbol.toUpperCase() === ticker.symbol),
    );
    const connections = [
      ...sharedThemes.map(
        (theme) => `"${inlineText(theme.term)}" (${plural(theme.articles, 'article')})`,
      ),
      ...sharedTickers.map(
        (ticker) => `$${inlineText(ticker.symbol)} (${plural(ticker.articles, 'article')})`,
      ),
    ];
    const summary = source.description.trim()
      ? `In brief: ${inlineText(excerpt(source.description))}`
      : 'The piece came without a summary; read it in full at its source.';
    const context =
      connections.length > 0
        ? `Why it matters today: it touches ${connections.join(', ')}, among the threads running through the day's ${plural(digest.total, 'article')}.`
        : `Why it matters today: it stands apart from the day's main threads, a useful counterweight to the ${plural(digest.total, 'article')} that went the other way.`;
    const read =
      digest.tone.label === 'balanced'
        ? "Our read: the day's language was balanced, so treat the argument as one input among many rather than a signal in itself."
        : `Our read: the day's coverage was ${digest.tone.label} (net score ${signed(digest.tone.score)}). An argument that agrees with the crowd adds little information; one that disagrees is worth checking against the next sessions before it moves any probability estimate.`;
    const text = [
      `Daily Opinion for ${longDate(day.marketDate)}`,
      `Responding to "${inlineText(source.title)}" (${inlineText(source.sourceId)}).`,
      summary,
      context,
      read,
    ].join('\n\n');
    return Promise.resolve(withDisclaimer(text));
  }
}
