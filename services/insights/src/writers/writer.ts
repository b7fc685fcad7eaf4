import { NOT_ADVICE_LINE } from '@probedge/proto';
import type { DayMarkets } from '../market/markets-client';
import type { NewsArticle } from '../news/news-article';
import type { DayDigest } from './day-digest.util';

/** What a writer gets: the day's articles (newest first), their statistics and the markets. */
export interface DayInput {
  marketDate: string;
  windowHours: number;
  articles: NewsArticle[];
  digest: DayDigest;
  /** null when no market data could be read: the text then says so and states no figure. */
  markets: DayMarkets | null;
}

export interface DailyWriter {
  /** Stored with each item: "builtin" or "llm:<model>". */
  readonly name: string;
  analysis(day: DayInput): Promise<string>;
  opinion(day: DayInput, source: NewsArticle): Promise<string>;
}

export const DAILY_WRITER = Symbol('DAILY_WRITER');

/** Every published text ends with the not-advice line, whoever wrote it. */
export function withDisclaimer(text: string): string {
  const trimmed = text.trim();
  if (trimmed.endsWith(NOT_ADVICE_LINE)) return trimmed;
  return `${trimmed}\n\n${NOT_ADVICE_LINE}`;
}
