import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** The request target exactly as it arrived: path and query. */
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type UpstreamHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  received: ReceivedRequest,
) => void;

/** By default a service answers 200 with who it is and what it received. */
export const identify =
  (name: string): UpstreamHandler =>
  (_req, res, received) => {
    const queryStart = received.url.indexOf('?');
    const body = JSON.stringify({
      service: name,
      method: received.method,
      path: queryStart === -1 ? received.url : received.url.slice(0, queryStart),
      query: queryStart === -1 ? '' : received.url.slice(queryStart),
    });
    res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': name });
    res.end(body);
  };

/** A stand-in service on a real port that records every request it receives. */
export class FakeUpstream {
  readonly received: ReceivedRequest[] = [];
  handler: UpstreamHandler;
  private server?: Server;

  constructor(
    readonly name: string,
    private port = 0,
  ) {
    this.handler = identify(name);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get last(): ReceivedRequest | undefined {
    return this.received[this.received.length - 1];
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const received: ReceivedRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        this.received.push(received);
        this.handler(req, res, received);
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  reset(): void {
    this.received.length = 0;
    this.handler = identify(this.name);
  }
}

/** A port nothing listens on: taken from the OS, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
