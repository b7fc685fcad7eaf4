import type { TestDatabase } from '@probedge/kit/testing';
import { HEALTH_PATHS } from '@probedge/proto';
import { Client } from 'pg';
import request from 'supertest';
import { FIRST_BAR_DAY, LAST_BAR_DAY, listing } from './support/market-data-set';
import { startTwelveDataStandIn, type TwelveDataStandIn } from './support/twelvedata-stand-in';
import { createMarketsDatabase, startTestApp, type MarketsTestApp } from './test-app';

/**
 * The kept sessions and instruments: what the markets database saves the providers, and what it
 * still answers when they are away. The service's clock stands in the stand-in's month (its bars
 * run through January 2024), before the opening bell of 1 February: the 31st is settled.
 */
const BEFORE_OPEN_1_FEB = new Date('2024-02-01T12:00:00Z');
const BEFORE_OPEN_2_FEB = new Date('2024-02-02T12:00:00Z');

let twelvedata: TwelveDataStandIn;
let database: TestDatabase;
let now: Date;
const apps: MarketsTestApp[] = [];

beforeAll(async () => {
  [twelvedata, database] = await Promise.all([startTwelveDataStandIn(), createMarketsDatabase()]);
});

beforeEach(() => {
  twelvedata.reset();
  now = BEFORE_OPEN_1_FEB;
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

afterAll(async () => {
  await twelvedata?.stop();
  await database?.drop();
});

/**
 * A markets process on the shared store with a cache of its own (a new Redis prefix): what a
 * restart, another replica or an emptied Redis sees.
 */
async function freshProcess(env: NodeJS.ProcessEnv = {}) {
  const app = await startTestApp(
    {
      DATABASE_URL: database.url,
      MARKET_PROVIDERS: 'twelvedata',
      TWELVEDATA_BASE_URL: twelvedata.url,
      TWELVEDATA_API_KEY: twelvedata.apiKey,
      TWELVEDATA_CALLS_PER_MINUTE: '1000',
      MARKET_PROVIDER_TIMEOUT_MS: '500',
      ...env,
    },
    () => now,
  );
  apps.push(app);
  return () => request(app.app.getHttpServer());
}

async function rows<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function forget(symbol: string) {
  await rows('DELETE FROM daily_bars WHERE symbol = $1', [symbol]);
  await rows('DELETE FROM bar_coverage WHERE symbol = $1', [symbol]);
}

const timeSeriesCalls = () => twelvedata.requests.filter((req) => req.path === '/time_series');

describe('kept daily bars', () => {
  beforeEach(() => forget('AAPL'));

  it('answers a shorter range, and the same range after a restart, from the kept sessions', async () => {
    const bars = listing('AAPL')!.bars;
    const first = await (
      await freshProcess()
    )()
      .get('/api/market/symbols/AAPL/history?range=6m')
      .expect(200);
    expect(first.body).toMatchObject({ source: 'twelvedata', stale: false });
    expect(first.body.bars).toEqual(bars);
    expect(timeSeriesCalls()).toHaveLength(1);

    const kept = await rows<{ from: string; to: string; bars: number }>(
      `SELECT to_char(from_date, 'YYYY-MM-DD') AS "from", to_char(to_date, 'YYYY-MM-DD') AS "to",
              (SELECT count(*)::int FROM daily_bars WHERE symbol = 'AAPL') AS bars
         FROM bar_coverage WHERE source = 'twelvedata' AND symbol = 'AAPL'`,
    );
    expect(kept).toEqual([{ from: '2023-08-02', to: LAST_BAR_DAY, bars: bars.length }]);

    const http = await freshProcess();
    const month = await http().get('/api/market/symbols/AAPL/history?range=1m').expect(200);
    const again = await http().get('/api/market/symbols/AAPL/history?range=6m').expect(200);
    expect(month.body).toMatchObject({ source: 'twelvedata', stale: false });
    expect(month.body.bars).toEqual(bars.filter((bar) => bar.date >= '2024-01-01'));
    expect(again.body.bars).toEqual(bars);
    expect(timeSeriesCalls()).toHaveLength(1);
    const metrics = await http().get(HEALTH_PATHS.metrics).expect(200);
    expect(metrics.text).toMatch(
      /market_cache_lookups_total\{kind="history",outcome="stored",provider="twelvedata",service="markets"\} 2/,
    );
  });

  it('asks a provider only for the sessions after its kept ones', async () => {
    await (await freshProcess())().get('/api/market/symbols/AAPL/history?range=1m').expect(200);
    expect(timeSeriesCalls().map((req) => req.query.get('start_date'))).toEqual(['2024-01-01']);

    // A day later the 1 February session has closed and settled, and is not kept yet.
    now = BEFORE_OPEN_2_FEB;
    const res = await (
      await freshProcess()
    )()
      .get('/api/market/symbols/AAPL/history?range=1m')
      .expect(200);
    expect(timeSeriesCalls().map((req) => req.query.get('start_date'))).toEqual([
      '2024-01-01',
      '2024-02-01',
    ]);
    // The stand-in has nothing after January ("no data", as Twelve Data says it): the kept bars.
    expect(res.body).toMatchObject({ source: 'twelvedata', stale: false });
    expect(res.body.bars.at(0).date).toBe('2024-01-02');
    expect(res.body.bars.at(-1).date).toBe(LAST_BAR_DAY);
  });

  it('serves the kept sessions, marked stale, when no provider answers and nothing is cached', async () => {
    await (await freshProcess())().get('/api/market/symbols/AAPL/history?range=6m').expect(200);
    now = BEFORE_OPEN_2_FEB;
    twelvedata.setMode('failing');
    const http = await freshProcess();
    const res = await http().get('/api/market/symbols/AAPL/history?range=1m').expect(200);
    expect(res.body).toMatchObject({ source: 'twelvedata', stale: true });
    expect(res.body.bars.at(0).date).toBe('2024-01-02');
    expect(res.body.bars.at(-1).date).toBe(LAST_BAR_DAY);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    // A symbol never kept still has nothing to show.
    await http().get('/api/market/symbols/MSFT/history?range=1m').expect(503);
  });

  it('never answers one provider’s request with another’s kept bars', async () => {
    await (
      await freshProcess({ MARKET_PROVIDERS: 'sandbox' })
    )()
      .get('/api/market/symbols/AAPL/history?range=1m')
      .expect(200);
    const sampleRows = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM daily_bars WHERE source = 'sandbox' AND symbol = 'AAPL'`,
    );
    expect(sampleRows[0].n).toBeGreaterThan(15);

    twelvedata.setMode('failing');
    const live = await freshProcess();
    await live().get('/api/market/symbols/AAPL/history?range=1m').expect(503);
    twelvedata.setMode('normal');
    const res = await live().get('/api/market/symbols/AAPL/history?range=1m').expect(200);
    expect(res.body).toMatchObject({ source: 'twelvedata', sampleData: false });
    expect(res.body.bars.at(0).date).toBe(FIRST_BAR_DAY);
  });
});

describe('kept instruments', () => {
  it('answers a search from the instruments the providers named when none answers', async () => {
    await rows('DELETE FROM instruments');
    await (await freshProcess())().get('/api/market/search?q=micro').expect(200);
    await (await freshProcess())().get('/api/market/symbols/AAPL').expect(200);
    const named = await rows<{ symbol: string; name: string }>(
      `SELECT symbol, name FROM instruments WHERE source = 'twelvedata' ORDER BY symbol`,
    );
    expect(named).toEqual([
      { symbol: 'AAPL', name: 'Apple Inc' },
      { symbol: 'MSFT', name: 'Microsoft Corporation' },
    ]);

    twelvedata.setMode('failing');
    const http = await freshProcess();
    const byName = await http().get('/api/market/search?q=MICRO').expect(200);
    expect(byName.body).toMatchObject({ sampleData: false });
    expect(byName.body.results).toEqual([
      { symbol: 'MSFT', name: 'Microsoft Corporation', exchange: 'NASDAQ', type: 'Common Stock' },
    ]);
    const bySymbol = await http().get('/api/market/search?q=aap').expect(200);
    expect(bySymbol.body.results.map((match: { symbol: string }) => match.symbol)).toEqual([
      'AAPL',
    ]);
    // A pattern character is a character: nothing is named "%".
    await http().get('/api/market/search?q=%25').expect(503);
  });
});

describe('without its database', () => {
  it('answers from the providers, stays ready and counts the failures', async () => {
    const http = await freshProcess({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:9/none' });
    const res = await http().get('/api/market/symbols/AAPL/history?range=1m').expect(200);
    expect(res.body).toMatchObject({ source: 'twelvedata', stale: false });
    await http().get('/api/market/search?q=apple').expect(200);
    await http().get(HEALTH_PATHS.ready).expect(200);
    const metrics = await http().get(HEALTH_PATHS.metrics).expect(200);
    expect(metrics.text).toMatch(
      /market_store_errors_total\{operation="read-bars",service="markets"\} [1-9]/,
    );
    expect(metrics.text).toMatch(
      /market_store_errors_total\{operation="keep-instruments",service="markets"\} 1/,
    );
  });
});
