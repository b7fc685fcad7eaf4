import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createRootLogger, requestLogging } from './logger';

type Handler = (req: IncomingMessage & { log?: Logger }, res: ServerResponse) => void;

/** A server with the request logging in front of `handler`, logging JSON lines into `lines`. */
async function serve(handler: Handler) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const middleware = requestLogging(createRootLogger('test', 'info', sink));
  const server: Server = createServer((req, res) => middleware(req, res, () => handler(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    lines,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('requestLogging', () => {
  it('writes one access line per request with the id it echoes, the status and the time', async () => {
    const server = await serve((_req, res) => res.writeHead(201).end('ok'));
    try {
      const answer = await fetch(`${server.url}/api/things?x=1&token=secret`, {
        headers: { 'x-request-id': 'abc-123' },
      });
      await answer.text();
      await settle();
      expect(answer.headers.get('x-request-id')).toBe('abc-123');
      expect(server.lines).toHaveLength(1);
      expect(server.lines[0]).toMatchObject({
        level: 30,
        name: 'test',
        msg: 'request completed',
        req: { id: 'abc-123', method: 'GET', url: '/api/things?x=1&token=[redacted]' },
        res: { statusCode: 201 },
      });
      expect(typeof server.lines[0]!.responseTime).toBe('number');
    } finally {
      await server.close();
    }
  });

  it('logs a 5xx at error level, and what the app logs carries the request', async () => {
    const server = await serve((req, res) => {
      req.log?.warn({ detail: 'x' }, 'something odd');
      res.writeHead(503).end();
    });
    try {
      const answer = await fetch(`${server.url}/api/fail`);
      const id = answer.headers.get('x-request-id');
      await settle();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.lines).toEqual([
        expect.objectContaining({ msg: 'something odd', req: expect.objectContaining({ id }) }),
        expect.objectContaining({ level: 50, msg: 'request errored', res: { statusCode: 503 } }),
      ]);
    } finally {
      await server.close();
    }
  });

  it('gives every request a logger, and leaves the probes out of the log', async () => {
    const server = await serve((req, res) => res.end(String(req.log !== undefined)));
    try {
      expect(await (await fetch(`${server.url}/healthz`)).text()).toBe('true');
      await (await fetch(`${server.url}/readyz`)).text();
      await settle();
      expect(server.lines).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
