import type { ChildProcess } from 'node:child_process';
import { freePort, killProcess, startRedisServer, waitFor } from '@probedge/kit/testing';
import type Redis from 'ioredis';
import request from 'supertest';
import { MARKETS_REDIS } from '../src/app.module';
import { startTestApp, type MarketsTestApp } from './test-app';

/**
 * With its Redis gone, the markets service answers from its providers at once: it sends Redis no
 * command while its client knows the connection is lost (each would wait for a reconnect or the
 * client's 2 s timeout, long enough for the gateway to give up with a 504).
 */
describe('market API once its Redis has gone away', () => {
  let server: ChildProcess;
  let markets: MarketsTestApp;

  beforeAll(async () => {
    const port = await freePort();
    server = await startRedisServer(port);
    markets = await startTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      MARKET_PROVIDERS: 'sandbox',
      MARKET_WATCHLIST: 'SPY,AAPL',
    });
  });

  afterAll(async () => {
    await markets?.close();
    if (server) await killProcess(server);
    // A client whose server has gone keeps a 2 s timer from disconnect() (connectTimeout).
    await new Promise((resolve) => setTimeout(resolve, 2_100));
  });

  it('answers from the sample provider without sending Redis a command', async () => {
    const http = () => request(markets.app.getHttpServer());
    expect((await http().get('/api/market').expect(200)).body.sampleData).toBe(true);

    await killProcess(server);
    const redis = markets.app.get<Redis>(MARKETS_REDIS);
    await waitFor(() => redis.status === 'reconnecting', 'the client noticing Redis is gone');
    const sent = jest.spyOn(redis, 'sendCommand');

    const symbol = await http().get('/api/market/symbols/AAPL').expect(200);
    expect(symbol.body).toMatchObject({ sampleData: true, quote: { symbol: 'AAPL' } });
    const snapshot = await http().get('/api/market').expect(200);
    expect(snapshot.body.sources).toEqual(['sandbox']);
    expect(sent).not.toHaveBeenCalled();
  });
});
