import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

export interface TcpProxy {
  /** The loopback port clients connect to instead of the target's. */
  port: number;
  /** Whether connections are passed through right now. */
  readonly open: boolean;
  /** Drops every open connection and resets new ones, as if the target had gone away. */
  cut(): void;
  /** Passes new connections through again. */
  restore(): void;
  /** Holds every answer from the target this long before passing it on (0: none), e.g. a slow database. */
  setLatency(ms: number): void;
  /**
   * The next answer from the target that contains `marker` never arrives: its connection is dropped
   * instead, as when a reply is lost on the way back (e.g. `COMMIT\0`: the transaction committed,
   * its client never hears so).
   */
  dropAnswerContaining(marker: string): void;
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy in front of a dependency (Postgres, Redis) that a test can cut and restore,
 * so the dependency's own state survives the outage and nothing else sharing it notices.
 */
export async function startTcpProxy(target: { host?: string; port: number }): Promise<TcpProxy> {
  const host = target.host ?? '127.0.0.1';
  const pairs = new Set<[Socket, Socket]>();
  let open = true;
  let latency = 0;
  let trap: Buffer | undefined;

  const server = createServer((client) => {
    if (!open) {
      // destroy() rather than resetAndDestroy(): resetting a socket that is already shutting down
      // can leave its handle open and stall the test process at exit.
      client.on('error', () => undefined);
      client.destroy();
      return;
    }
    const upstream = createConnection({ host, port: target.port });
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    // Answers keep their order whatever the latency was when each arrived.
    let lastDue = 0;
    const later = (action: () => void) => {
      const due = Math.max(Date.now() + latency, lastDue);
      lastDue = due;
      if (due <= Date.now()) action();
      else setTimeout(action, due - Date.now());
    };
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', () => later(drop));
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (trap && chunk.includes(trap)) {
        trap = undefined;
        drop();
        return;
      }
      later(() => {
        if (!client.destroyed) client.write(chunk);
      });
    });
    upstream.on('end', () => later(() => client.end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const dropAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    get open() {
      return open;
    },
    cut() {
      open = false;
      dropAll();
    },
    restore() {
      open = true;
    },
    setLatency(ms: number) {
      latency = ms;
    },
    dropAnswerContaining(marker: string) {
      trap = Buffer.from(marker);
    },
    async close() {
      open = false;
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
