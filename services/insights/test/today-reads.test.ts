import { createRedis, publishChange } from '@probedge/kit';
import { waitFor } from '@probedge/kit/testing';
import { marketDate } from '../src/market/market-date.util';
import { closeAll, createStage, startApi, type Running, type Stage } from './support';

/** Today's analysis, written straight into the database as the worker would, unannounced. */
const writeAnalysis = (api: Running) =>
  api.items.save({
    kind: 'analysis',
    marketDate: marketDate(new Date(), api.config.MARKET_TIMEZONE),
    content: 'Today the markets weighed the odds.',
    sourceArticleTitle: null,
    articleCount: 3,
    writer: 'builtin',
    generation: 0,
  });

/**
 * A burst of reads before the day's analysis exists costs one database read per reuse window;
 * a new item still shows at once, announced by the worker that wrote it.
 */
describe("today's items, read once and reused", () => {
  let stage: Stage;
  let api: Running;
  let base: string;
  const redis = createRedis({ url: 'redis://127.0.0.1:6379' });

  const status = async (target: string) => (await fetch(`${base}${target}`)).status;

  beforeAll(async () => {
    stage = await createStage({});
    // A window far longer than the test: only an announcement can end it.
    api = await startApi(stage, { INSIGHTS_READ_REUSE_MS: '60000' });
    await api.app.listen(0, '127.0.0.1');
    base = await api.app.getUrl();
    // Subscribed: what it held from before (nothing) has been dropped, and announcements arrive.
    const channel = api.config.CACHE_INVALIDATION_CHANNEL;
    await waitFor(async () => (await redis.pubsub('NUMSUB', channel))[1] === 1, 'subscription');
  });

  afterAll(async () => {
    redis.disconnect();
    await closeAll(api, stage);
  });

  it('answers from its last read until the worker announces a new item', async () => {
    expect(await status('/api/daily-analysis')).toBe(404);
    // Written without an announcement: the reads go on answering from the last one.
    await writeAnalysis(api);
    expect(await status('/api/daily-analysis')).toBe(404);
    expect(await status('/api/daily-analysis')).toBe(404);
    await publishChange(redis, api.config.CACHE_INVALIDATION_CHANNEL, 'insights', 'daily analysis');
    await waitFor(
      async () => (await status('/api/daily-analysis')) === 200,
      'the announced analysis',
    );
    // Another service's announcement is not about these items.
    expect(await status('/api/daily-opinion')).toBe(404);
  });
});

describe("today's items without reuse", () => {
  let stage: Stage;
  let api: Running;

  beforeAll(async () => {
    stage = await createStage({});
    api = await startApi(stage, { INSIGHTS_READ_REUSE_MS: '0' });
    await api.app.listen(0, '127.0.0.1');
  });

  afterAll(() => closeAll(api, stage));

  it('reads the database every time', async () => {
    const base = await api.app.getUrl();
    expect((await fetch(`${base}/api/daily-analysis`)).status).toBe(404);
    await writeAnalysis(api);
    expect((await fetch(`${base}/api/daily-analysis`)).status).toBe(200);
  });
});
