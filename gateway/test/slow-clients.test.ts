import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { waitFor } from '@probedge/kit/testing';
import {
  send,
  startGateway,
  startUpstreams,
  stopUpstreams,
  upstreamUrls,
  type RunningGateway,
  type Upstreams,
} from './support/gateway';

/** A billing stand-in that counts the requests it was sent and those whose client went away. */
async function startCountingBilling() {
  const counts = { started: 0, endedEarly: 0, completed: 0 };
  const server: Server = createServer((req, res) => {
    counts.started += 1;
    req.resume();
    req.on('end', () => {
      counts.completed += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"url":"https://checkout.example/cs_1"}');
    });
    req.on('close', () => {
      if (!req.complete) counts.endedEarly += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { counts, url, stop };
}

interface SlowClient {
  socket: Socket;
  answer: string;
  closed: boolean;
  drip: NodeJS.Timeout | undefined;
}

/** Sends a checkout's headers and then one body byte at a time, far slower than any real client. */
function slowCheckout(gatewayUrl: string): SlowClient {
  const { hostname, port } = new URL(gatewayUrl);
  const socket = connect(Number(port), hostname);
  const client: SlowClient = { socket, answer: '', closed: false, drip: undefined };
  socket.on('connect', () => {
    socket.write(
      'POST /api/create-checkout-session HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{',
    );
    client.drip = setInterval(() => socket.write(' '), 300);
  });
  socket.on('data', (chunk: Buffer) => (client.answer += chunk.toString('latin1')));
  socket.on('error', () => {});
  socket.on('close', () => {
    client.closed = true;
    clearInterval(client.drip);
  });
  return client;
}

describe('slow clients cannot hold the sockets to the services', () => {
  let upstreams: Upstreams;
  let billing: Awaited<ReturnType<typeof startCountingBilling>>;
  let gateway: RunningGateway;
  const clients: SlowClient[] = [];

  beforeAll(async () => {
    upstreams = await startUpstreams();
    billing = await startCountingBilling();
    gateway = await startGateway({
      ...upstreamUrls(upstreams),
      BILLING_URL: billing.url,
      CLIENT_REQUEST_TIMEOUT_MS: 1500,
    });
  });

  afterAll(async () => {
    for (const client of clients) {
      clearInterval(client.drip);
      client.socket.destroy();
    }
    await gateway?.close();
    await billing?.stop();
    if (upstreams) await stopUpstreams(upstreams);
  });

  it('answers 408 to senders that dribble a body, ends their service requests, and serves everyone else meanwhile', async () => {
    for (let i = 0; i < 20; i += 1) clients.push(slowCheckout(gateway.url));
    await waitFor(() => billing.counts.started === 20, 'the 20 slow checkouts reaching billing');

    // While they dribble, other visitors are answered.
    const guides = await send(gateway.url, '/api/guides');
    expect(guides.status).toBe(200);

    await waitFor(() => clients.every((client) => client.closed), 'every slow client cut off');
    for (const client of clients) expect(client.answer).toMatch(/^HTTP\/1\.1 408 /);
    await waitFor(
      () => billing.counts.endedEarly === 20,
      'billing seeing each of those requests end',
    );
    expect(billing.counts.completed).toBe(0);

    // A checkout sent at a normal pace still goes through.
    const checkout = await send(gateway.url, '/api/create-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"tier":"professional"}',
    });
    expect(checkout.status).toBe(200);
    expect(billing.counts.completed).toBe(1);
  });
});
