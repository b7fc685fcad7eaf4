import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { freePort, killProcess, startRedisServer } from './processes';

describe('startRedisServer', () => {
  it('answers once the server replies to PING, and frees the port when killed', async () => {
    const port = await freePort();
    const server = await startRedisServer(port);
    const client = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      maxRetriesPerRequest: 0,
    });
    try {
      await client.connect();
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
      await killProcess(server);
    }
    expect(server.exitCode !== null || server.signalCode !== null).toBe(true);
  });

  it('fails at once, with what the server printed, when the port is already held', async () => {
    const port = await freePort();
    const held = new Set<Socket>();
    const holder: Server = createServer((socket) => {
      held.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      // Something listening is not enough: it has to be a Redis answering PING.
      await expect(startRedisServer(port)).rejects.toThrow(/exited while starting.*in use/s);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('lets a test kill a server that never started', async () => {
    await expect(killProcess(undefined)).resolves.toBeUndefined();
  });
});

describe('freePort', () => {
  it('hands out distinct ports below the ephemeral range, where no outgoing connection can take them', async () => {
    const ephemeralLow = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    const ports: number[] = [];
    for (let pick = 0; pick < 50; pick += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(50);
    for (const port of ports) {
      expect(port).toBeGreaterThan(1024);
      expect(port).toBeLessThan(ephemeralLow);
    }
  });
});
