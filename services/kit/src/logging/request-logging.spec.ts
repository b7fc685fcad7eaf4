import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { accessLine, createRootLogger, requestLogging } from './logger';

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

describe('accessLine', () => {
  /** A root logger whose lines are kept as written, text for text. */
  function capturedRoot(level = 'info') {
    const written: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString('utf8'));
        done();
      },
    });
    return { root: createRootLogger('gateway', level, sink), written };
  }

  const request = (url: string, method = 'GET') =>
    ({ id: 'id-"1"', method, url, headers: {} }) as unknown as IncomingMessage;
  const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
  const flushed = () => new Promise((resolve) => setImmediate(resolve));

  it.each([
    ['a cached answer', '/api/business?limit=12', 200, { cache: 'hit' }],
    ['a secret in the address', '/api/members/session?token=abc&q=caf\u00e9 \u2603', 201, {}],
    ['a failure, at error level', '/api/x', 503, {}],
  ] as const)('writes the line pino writes for %s', async (_case, url, status, extra) => {
    const { root, written } = capturedRoot();
    accessLine(root)(request(url), status, 12.4, extra);
    const line = { req: request(url), res: { statusCode: status }, responseTime: 12, ...extra };
    const child = root.child({}, { redact: [] });
    if (status >= 500) child.error(line, 'request errored');
    else child.info(line, 'request completed');
    await flushed();
    const [ours, pinos] = written.join('').split('\n');
    expect(withoutTime(ours!)).toBe(withoutTime(pinos!));
    expect(JSON.parse(ours!)).toMatchObject({ name: 'gateway', res: { statusCode: status } });
  });

  it('writes nothing below the logger level, and a failure still at warn', async () => {
    const { root, written } = capturedRoot('warn');
    const write = accessLine(root);
    write(request('/api/a'), 200, 1);
    write(request('/api/b'), 502, 1);
    await flushed();
    expect(
      written
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).req.url),
    ).toEqual(['/api/b']);
  });
});
