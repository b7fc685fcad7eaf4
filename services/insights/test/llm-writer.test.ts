import { NOT_ADVICE_LINE } from '@probedge/proto';
import request from 'supertest';
import { marketDate } from '../src/market/market-date.util';
import { completion, startLlmServer, type LlmServer } from './llm-server';
import { article, startNewsServer, type NewsServer } from './news-server';
import { closeAll, startService, type Running, type Stage } from './support';

const MODEL_UNAVAILABLE =
  'The daily analysis could not be written: the language model is unavailable. Try again later.';

/** The OpenAI-compatible writer against a local server that speaks chat completions. */
describe('the language-model writer', () => {
  let news: NewsServer;
  let llm: LlmServer;
  let stage: Stage;
  let api: Running;
  let worker: Running;
  const today = () => marketDate(new Date(), 'America/New_York');

  beforeAll(async () => {
    news = await startNewsServer();
    llm = await startLlmServer();
    news.articles = [
      article(
        { title: 'Chip stocks rally on AI demand', tickers: ['NVDA'], url: 'https://n.example/1' },
        30,
      ),
      article({ title: 'Is the AI trade crowded?', feed: 'opinion', sourceId: 'views' }, 45),
    ];
    ({ stage, api, worker } = await startService({
      NEWS_GRPC_URL: news.address,
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'sk-test-123',
      LLM_MODEL: 'test-model',
      LLM_MAX_TOKENS: '700',
      LLM_TIMEOUT_MS: '300',
      LLM_MAX_ATTEMPTS: '3',
      LLM_RETRY_BASE_MS: '10',
      // One job attempt, so each case's model calls are exactly the writer's own retries.
      INSIGHTS_JOB_ATTEMPTS: '1',
      INSIGHTS_ADMIN_TOKEN: 'admin-token-for-tests-0002',
    }));
  });

  afterAll(async () => {
    await closeAll(worker, api, stage, llm, news);
  });

  beforeEach(() => {
    llm.requests.length = 0;
  });

  /** The raw cause kept on the job for operators; readers see only the product message. */
  const failedReason = async (jobId: string) => (await api.queue.queue.getJob(jobId))?.failedReason;

  const generate = (kind: 'analysis' | 'opinion', admin = false) => {
    const call = request(api.app.getHttpServer()).post(`/api/generate-${kind}`);
    return admin ? call.set('X-Admin-Token', 'admin-token-for-tests-0002') : call;
  };

  it('fails the job and stores nothing when the model answers 500 until attempts run out', async () => {
    llm.script({ status: 500 });
    const res = await generate('analysis').expect(502);
    expect(res.body.message).toBe(MODEL_UNAVAILABLE);
    const reason = await failedReason(`daily-analysis:${today()}:0`);
    expect(reason).toContain('language model failed after 3 attempts');
    expect(reason).toContain('HTTP 500');
    expect(llm.requests).toHaveLength(3);
    expect(await api.items.count('analysis', today())).toBe(0);
  });

  it('fails on timeouts the same way', async () => {
    llm.script({ hold: true });
    const res = await generate('analysis').expect(502);
    expect(res.body.message).toBe(MODEL_UNAVAILABLE);
    expect(JSON.stringify(res.body)).not.toContain('127.0.0.1');
    expect(await failedReason(`daily-analysis:${today()}:0`)).toContain('no answer within 300 ms');
    expect(llm.requests).toHaveLength(3);
    expect(await api.items.count('analysis', today())).toBe(0);
  });

  it('writes with the model, citing the articles it was given', async () => {
    llm.script({ status: 200, body: completion('Chips led the day [1].') });
    const res = await generate('analysis').expect(200);
    expect(res.body.content).toBe(`Chips led the day [1].\n\n${NOT_ADVICE_LINE}`);
    expect(llm.requests).toHaveLength(1);
    const [call] = llm.requests;
    expect(call.authorization).toBe('Bearer sk-test-123');
    expect(call.body.model).toBe('test-model');
    expect(call.body.max_tokens).toBe(700);
    const prompt = call.body.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('[1] Chip stocks rally on AI demand (business, wire,');
    expect(prompt).toContain('https://n.example/1');
    expect(prompt).toContain('[2] Is the AI trade crowded?');
    expect(prompt).toContain('cite them by number');
    expect((await api.items.find('analysis', today()))?.writer).toBe('llm:test-model');
  });

  it('waits and retries after a 429, then succeeds', async () => {
    llm.script(
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 200, body: completion(`A view on crowding. ${NOT_ADVICE_LINE}`) },
    );
    const res = await generate('opinion').expect(200);
    expect(llm.requests).toHaveLength(2);
    expect(res.body.sourceArticleTitle).toBe('Is the AI trade crowded?');
    // A text that already ends with the line does not get it twice.
    expect(res.body.content).toBe(`A view on crowding. ${NOT_ADVICE_LINE}`);
    const prompt = llm.requests[1].body.messages[1].content;
    expect(prompt).toContain('[1] Is the AI trade crowded?');
  });

  it('does not retry a refusal such as 401', async () => {
    llm.script({ status: 401 });
    const res = await generate('analysis', true).expect(502);
    expect(res.body.message).toBe(
      'The daily analysis could not be written: the language model refused the request.',
    );
    expect(await failedReason(`daily-analysis:${today()}:1`)).toContain('HTTP 401');
    expect(llm.requests).toHaveLength(1);
    // The day's earlier item is untouched.
    expect((await api.items.find('analysis', today()))?.content).toContain('Chips led the day');
  });
});
