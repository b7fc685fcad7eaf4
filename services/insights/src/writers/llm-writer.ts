import { Logger } from '@nestjs/common';
import { retryAfterMs } from '@probedge/kit';
import { NOT_ADVICE_LINE } from '@probedge/proto';
import type { InsightsConfig } from '../config/env';
import { ModelFailedError, ModelRefusedError } from '../failures/generation-failures';
import { longDate } from '../market/market-date.util';
import type { NewsArticle } from '../news/news-article';
import { plainTextBlocks } from './markdown-text.util';
import { marketLines } from './market-lines';
import { withDisclaimer, type DailyWriter, type DayInput } from './writer';

/** Articles listed in a prompt; the newest first, so the prompt stays within a model's context. */
const PROMPT_ARTICLES = 60;
const MAX_RETRY_AFTER_MS = 30_000;

export class LlmError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The server's Retry-After, when it sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
}

type LlmSettings = Pick<
  InsightsConfig,
  | 'BRAND_NAME'
  | 'LLM_MODEL'
  | 'LLM_TIMEOUT_MS'
  | 'LLM_MAX_TOKENS'
  | 'LLM_MAX_ATTEMPTS'
  | 'LLM_RETRY_BASE_MS'
> & { LLM_BASE_URL: string; LLM_API_KEY: string };

const systemPrompt = (brandName: string) =>
  [
    `You write for ${brandName}, an educational site about probability-based market analysis.`,
    'Write plain text in short paragraphs separated by blank lines; no Markdown headings or tables.',
    'Use only the numbered articles you are given and cite them by number, like [3].',
    'Describe what the coverage says and what it may mean for probabilities; never tell readers to buy or sell.',
    `End with this exact line: ${NOT_ADVICE_LINE}`,
  ].join(' ');

function articleList(articles: readonly NewsArticle[]): string {
  return articles
    .slice(0, PROMPT_ARTICLES)
    .map((article, index) => {
      const tickers = article.tickers.length ? ` [${article.tickers.join(', ')}]` : '';
      return `[${index + 1}] ${article.title} (${article.feed}, ${article.sourceId}, ${article.publishedAt})${tickers} ${article.url}\n    ${article.description.slice(0, 300)}`;
    })
    .join('\n');
}

function statistics(day: DayInput): string {
  const { digest } = day;
  return [
    `Articles: ${digest.total} (${digest.feeds.map((f) => `${f.feed} ${f.count}`).join(', ')}).`,
    `Tone by finance word list: ${digest.tone.label}, ${digest.tone.positive} positive / ${digest.tone.negative} negative terms.`,
    `Most-mentioned tickers: ${digest.tickers.map((t) => `${t.symbol} (${t.articles})`).join(', ') || 'none'}.`,
    `Standout themes: ${digest.themes.map((t) => `"${t.term}" (${t.articles} today vs ${t.baselinePerDay.toFixed(1)}/day before)`).join(', ') || 'none'}.`,
    ...marketLines(day.markets),
  ].join('\n');
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The server's Retry-After, capped so one answer cannot stall a job for long. */
function retryAfterCapped(header: string | null): number | undefined {
  const ms = retryAfterMs(header);
  return ms === undefined ? undefined : Math.min(ms, MAX_RETRY_AFTER_MS);
}

/** An OpenAI-compatible chat-completions client (any provider or local server that speaks it). */
export class LlmWriter implements DailyWriter {
  readonly name: string;
  private readonly logger = new Logger(LlmWriter.name);
  private readonly endpoint: string;

  constructor(
    private readonly settings: LlmSettings,
    /** Waits between attempts; replaceable so tests can see the backoff without waiting it out. */
    private readonly sleep: (ms: number) => Promise<void> = delay,
  ) {
    this.name = `llm:${settings.LLM_MODEL}`;
    this.endpoint = `${settings.LLM_BASE_URL.replace(/\/+$/, '')}/chat/completions`;
  }

  async analysis(day: DayInput): Promise<string> {
    const prompt = [
      `Write the Daily Market Analysis for ${longDate(day.marketDate)} in 4 to 6 paragraphs:`,
      'the volume and tone of the coverage, the most-mentioned tickers, the themes that stand out',
      'against the previous days with the headlines that carry them, and what to watch next.',
      'State market figures only as the Markets lines give them, with their source and time (or say',
      'market data was unavailable, when they say so); never estimate or add a price.',
      '',
      'Statistics computed over the articles:',
      statistics(day),
      '',
      'Articles:',
      articleList(day.articles),
    ].join('\n');
    return withDisclaimer(await this.complete(prompt));
  }

  async opinion(day: DayInput, source: NewsArticle): Promise<string> {
    const others = day.articles.filter((article) => article.id !== source.id);
    const prompt = [
      `Write the Daily Opinion for ${longDate(day.marketDate)} in 3 to 5 paragraphs: a considered`,
      "response to article [1], placed in the context of the rest of the day's coverage.",
      '',
      'Statistics computed over the day:',
      statistics(day),
      '',
      'Articles:',
      articleList([source, ...others]),
    ].join('\n');
    return withDisclaimer(await this.complete(prompt));
  }

  /** One completion, retried with exponential backoff on 429, 5xx, timeouts and network errors. */
  private async complete(prompt: string): Promise<string> {
    let lastError: LlmError | undefined;
    for (let attempt = 1; attempt <= this.settings.LLM_MAX_ATTEMPTS; attempt += 1) {
      try {
        return await this.request(prompt);
      } catch (error) {
        const failure =
          error instanceof LlmError ? error : new LlmError((error as Error).message, true);
        if (!failure.retryable) {
          throw new ModelRefusedError(`language model refused the request: ${failure.message}`);
        }
        lastError = failure;
        if (attempt < this.settings.LLM_MAX_ATTEMPTS) {
          const wait = failure.retryAfterMs ?? this.settings.LLM_RETRY_BASE_MS * 2 ** (attempt - 1);
          this.logger.warn(
            { attempt, wait, err: failure.message },
            'language model call failed; retrying',
          );
          await this.sleep(wait);
        }
      }
    }
    throw new ModelFailedError(
      `language model failed after ${this.settings.LLM_MAX_ATTEMPTS} attempts: ${lastError?.message}`,
    );
  }

  private async request(prompt: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.settings.LLM_API_KEY}`,
        },
        body: JSON.stringify({
          model: this.settings.LLM_MODEL,
          max_tokens: this.settings.LLM_MAX_TOKENS,
          temperature: 0.3,
          messages: [
            { role: 'system', content: systemPrompt(this.settings.BRAND_NAME) },
            { role: 'user', content: prompt },
          ],
        }),
        signal: AbortSignal.timeout(this.settings.LLM_TIMEOUT_MS),
      });
    } catch (error) {
      const name = (error as Error).name;
      const message =
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${this.settings.LLM_TIMEOUT_MS} ms`
          : `cannot reach the language model (${(error as Error).message})`;
      throw new LlmError(message, true);
    }
    if (!response.ok) {
      await response.body?.cancel();
      const retryable = response.status === 429 || response.status >= 500;
      throw new LlmError(
        `language model answered HTTP ${response.status}`,
        retryable,
        retryAfterCapped(response.headers.get('retry-after')),
      );
    }
    let body: ChatCompletion;
    try {
      body = (await response.json()) as ChatCompletion;
    } catch {
      throw new LlmError('language model answered with something other than JSON', true);
    }
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      throw new LlmError('language model answered without any text', true);
    }
    // The answer is the model's plain text, which may echo a headline's links or HTML verbatim.
    return plainTextBlocks(content);
  }
}
