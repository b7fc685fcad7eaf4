import { createServer, type AddressInfo } from 'node:net';
import { createRedis, pingRedis } from '../src';

describe('createRedis', () => {
  it('talks to the real Redis and keeps each caller under its key prefix', async () => {
    const prefix = `kit-test:${process.pid}:${Date.now()}:`;
    const client = createRedis({ url: 'redis://127.0.0.1:6379', keyPrefix: prefix });
    const plain = createRedis({ url: 'redis://127.0.0.1:6379' });
    try {
      await pingRedis(client);
      await client.set('greeting', 'hello');
      expect(await plain.get(`${prefix}greeting`)).toBe('hello');
      await client.del('greeting');
    } finally {
      client.disconnect();
      plain.disconnect();
    }
  });

  it('fails a command quickly instead of queueing it while Redis is away', async () => {
    // A port that accepted once and is now closed: nothing listens there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const client = createRedis({ url: `redis://127.0.0.1:${port}` });
    try {
      await expect(pingRedis(client)).rejects.toThrow();
    } finally {
      client.disconnect();
    }
  });
});
