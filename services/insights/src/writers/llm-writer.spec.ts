import { Logger } from '@nestjs/common';
import { NOT_ADVICE_LINE } from '@probedge/proto';
import { completion, startLlmServer, type LlmServer } from '../../test/llm-server';
import { ModelFailedError, ModelRefusedError } from '../failures/generation-failures';
import type { NewsArticle } from '../news/news-article';
import { buildDigest } from './day-digest.util';
import { LlmWriter } from './llm-writer';
import type { DayInput } from './writer';

const ARTICLE: NewsArticle = {
  id: 'a-1',
  title: 'Stocks edge higher',
  description: '',
  url: 'https://news.example.com/1',
  publishedAt: '2026-11-20T13:00:00.000Z',
  feed: 'business',
  sourceId: 'wire',
  category: '',
  tickers: ['SPY'],
};

const DAY: DayInput = {
  marketDate: '2026-11-20',
  windowHours: 24,
  articles: [ARTICLE],
  digest: buildDigest([ARTICLE], [], 5),
  markets: null,
};

/** The writer's retry loop against a local chat-completions server; its waits are recorded, not slept. */
describe('the language-model writer retrying', () => {
  let llm: LlmServer;
  let waits: number[];

  const writer = (attempts: number, baseMs: number) =>
    new LlmWriter(
      {
        LLM_BASE_URL: llm.baseUrl,
        LLM_API_KEY: 'sk-test',
        BRAND_NAME: 'Northwind Markets',
        LLM_MODEL: 'test-model',
        LLM_TIMEOUT_MS: 5000,
        LLM_MAX_TOKENS: 300,
        LLM_MAX_ATTEMPTS: attempts,
        LLM_RETRY_BASE_MS: baseMs,
      },
      async (ms) => {
        waits.push(ms);
      },
    );

  beforeAll(async () => {
    Logger.overrideLogger(false);
    llm = await startLlmServer();
  });

  afterAll(async () => {
    await llm.close();
  });

  beforeEach(() => {
    llm.requests.length = 0;
    waits = [];
  });

  it('doubles the wait from LLM_RETRY_BASE_MS after each failed attempt', async () => {
    llm.script(
      { status: 503 },
      { status: 503 },
      { status: 429 },
      { status: 200, body: completion('Up.') },
    );
    const text = await writer(4, 250).analysis(DAY);
    expect(text.startsWith('Up.')).toBe(true);
    expect(llm.requests).toHaveLength(4);
    expect(waits).toEqual([250, 500, 1000]);
  });

  it('keeps the links and HTML a model echoes from a headline as text', async () => {
    llm.script({
      status: 200,
      body: completion(
        'See [the filing](https://evil.example) and <https://evil.example/x> <b>now</b> [1].\n\n# Act',
      ),
    });
    const text = await writer(1, 100).opinion(DAY, ARTICLE);
    expect(text).toBe(
      [
        'See \\[the filing\\](https://evil.example) and \\<https://evil.example/x\\> \\<b\\>now\\</b\\> [1].',
        '\\# Act',
        NOT_ADVICE_LINE,
      ].join('\n\n'),
    );
  });

  it('tells the model which site it writes for, as configured', async () => {
    llm.script({ status: 200, body: completion('Calm day.') });
    await writer(1, 100).analysis(DAY);
    const system = llm.requests[0]!.body.messages.find(({ role }) => role === 'system');
    expect(system?.content).toContain('You write for Northwind Markets,');
    expect(system?.content).not.toContain('ProbEdge');
  });

  it('waits what Retry-After asks instead, capped at 30 seconds', async () => {
    llm.script(
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 429, headers: { 'retry-after': '3600' } },
      { status: 200, body: completion('Busy day.') },
    );
    await writer(3, 250).analysis(DAY);
    expect(waits).toEqual([2000, 30_000]);
  });

  it('stops after LLM_MAX_ATTEMPTS without waiting after the last one', async () => {
    llm.script({ status: 500 });
    const attempt = writer(3, 100).opinion(DAY, ARTICLE);
    await expect(attempt).rejects.toBeInstanceOf(ModelFailedError);
    await expect(attempt).rejects.toMatchObject({
      code: 'model-failed',
      retryable: true,
      message: 'language model failed after 3 attempts: language model answered HTTP 500',
    });
    expect(llm.requests).toHaveLength(3);
    expect(waits).toEqual([100, 200]);
  });

  it('neither waits nor retries when the request is refused', async () => {
    llm.script({ status: 400 });
    const attempt = writer(3, 100).analysis(DAY);
    await expect(attempt).rejects.toBeInstanceOf(ModelRefusedError);
    await expect(attempt).rejects.toMatchObject({ code: 'model-refused', retryable: false });
    await expect(attempt).rejects.toThrow('language model refused the request');
    expect(llm.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});
