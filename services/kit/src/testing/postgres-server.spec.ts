import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Client } from 'pg';
import {
  freePort,
  initPostgresCluster,
  postgresAdminUrl,
  startPostgresServer,
  stopPostgresServer,
  type PostgresCluster,
} from './processes';

async function query<T extends Record<string, unknown>>(port: number, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: postgresAdminUrl(port) });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('a throwaway PostgreSQL cluster', () => {
  let cluster: PostgresCluster | undefined;
  let server: ChildProcess | undefined;

  afterEach(async () => {
    await stopPostgresServer(server);
    await cluster?.remove();
  });

  it('keeps its data through a fast shutdown and a restart on the same port, and is removed', async () => {
    cluster = await initPostgresCluster();
    const port = await freePort();
    server = await startPostgresServer(cluster, port);
    await query(port, 'CREATE TABLE kept (id int PRIMARY KEY)');
    await query(port, 'INSERT INTO kept VALUES (1), (2)');

    // A session open across the shutdown is ended the way a real restart ends it.
    const open = new Client({ connectionString: postgresAdminUrl(port) });
    const ended = new Promise<Error & { code?: string }>((resolve) => open.on('error', resolve));
    await open.connect();

    await stopPostgresServer(server, 'SIGINT');
    expect(server.exitCode === 0 || server.signalCode !== null).toBe(true);
    expect((await ended).code).toBe('57P01');
    await open.end().catch(() => undefined);
    await expect(query(port, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);

    server = await startPostgresServer(cluster, port);
    expect(await query<{ id: number }>(port, 'SELECT id FROM kept ORDER BY id')).toEqual([
      { id: 1 },
      { id: 2 },
    ]);

    await stopPostgresServer(server);
    await cluster.remove();
    expect(existsSync(cluster.socketDir)).toBe(false);
  });

  it('fails at once, with what the server printed, when the port is already taken', async () => {
    cluster = await initPostgresCluster();
    const port = await freePort();
    server = await startPostgresServer(cluster, port);
    const second = await initPostgresCluster();
    try {
      await expect(startPostgresServer(second, port)).rejects.toThrow(
        /exited while starting.*(in use|could not create)/s,
      );
    } finally {
      await second.remove();
    }
  });
});
