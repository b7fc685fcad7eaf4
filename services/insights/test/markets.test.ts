import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Quote } from '@probedge/proto';
import request from 'supertest';
import { article } from './news-server';
import { useNewsAndService } from './support';

interface MarketsTestApp {
  app: { listen(port: number, host: string): Promise<unknown>; getHttpServer(): Server };
  close(): Promise<void>;
}

/** The markets service is a workspace of its own: its test helper loads at run time, by path. */
const MARKETS_TEST_APP = path.join(__dirname, '..', '..', 'markets', 'test', 'test-app');

/** The markets service itself, on its labelled sample provider, as the local stack runs it. */
async function startMarkets(): Promise<{ markets: MarketsTestApp; url: string }> {
  const { startTestApp } = (await import(MARKETS_TEST_APP)) as {
    startTestApp(env: NodeJS.ProcessEnv): Promise<MarketsTestApp>;
  };
  const markets = await startTestApp({ MARKET_PROVIDERS: 'sandbox' });
  await markets.app.listen(0, '127.0.0.1');
  const { port } = markets.app.getHttpServer().address() as AddressInfo;
  return { markets, url: `http://127.0.0.1:${port}` };
}

describe('the daily analysis with market figures', () => {
  let running: Awaited<ReturnType<typeof startMarkets>>;
  beforeAll(async () => {
    running = await startMarkets();
  });
  // Read when the service starts, after the markets service above is listening.
  const svc = useNewsAndService({
    get MARKETS_URL() {
      return running.url;
    },
  });
  afterAll(() => running.markets.close());

  it("states the watch list and the largest moves among the day's tickers, labelled as sample data", async () => {
    svc.news.articles = [
      article({ title: 'Nvidia rallies on demand', tickers: ['NVDA'] }, 5),
      article({ title: 'Apple and Nvidia lead chip gains', tickers: ['AAPL', 'NVDA'] }, 10),
      article({ title: 'Unknown small cap jumps', tickers: ['ZZZZ'] }, 15),
    ];
    const res = await svc.http().post('/api/generate-analysis').expect(200);
    const content = res.body.content as string;

    const snapshot = await request(running.markets.app.getHttpServer()).get('/api/market');
    const spy = (snapshot.body.quotes as Quote[]).find((quote) => quote.symbol === 'SPY')!;
    expect(content).toMatch(/^Markets \(sample data, not market prices; as of .+\): SPY /m);
    expect(content).toContain(
      `SPY ${spy.percentChange > 0 ? '+' : spy.percentChange < 0 ? '−' : ''}`,
    );
    expect(content).toContain(`at ${spy.price.toFixed(2)} USD`);
    const movers = /^Largest moves among the day's most-mentioned tickers .*$/m.exec(content)?.[0];
    expect(movers).toBeDefined();
    expect(movers).toContain('NVDA');
    expect(movers).toContain('AAPL');
    expect(movers).not.toContain('ZZZZ');
  });
});

describe('the daily analysis when the markets service does not answer', () => {
  const svc = useNewsAndService({ MARKETS_URL: 'http://127.0.0.1:9', MARKETS_TIMEOUT_MS: '1000' });

  it('says market data was unavailable and gives no market figure', async () => {
    svc.news.articles = [article({ title: 'Nvidia rallies on demand', tickers: ['NVDA'] }, 5)];
    const res = await svc.http().post('/api/generate-analysis').expect(200);
    const content = res.body.content as string;
    expect(content).toContain(
      'Markets: market data was unavailable when this was written, so no market figures are given.',
    );
    expect(content).not.toContain('Largest moves');
  });
});
