import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { inPoolTransaction } from '../src';
import { createTestDatabase, type TestDatabase } from '../src/testing';

describe('inPoolTransaction (real PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: Pool;
  let noMigrations: string;

  beforeAll(async () => {
    noMigrations = mkdtempSync(path.join(os.tmpdir(), 'kit-no-migrations-'));
    database = await createTestDatabase('kit_pool_tx', noMigrations);
    pool = new Pool({ connectionString: database.url, max: 2 });
    await pool.query('CREATE TABLE notes (id int PRIMARY KEY)');
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
    rmSync(noMigrations, { recursive: true, force: true });
  });

  const ids = async () =>
    (await pool.query<{ id: number }>('SELECT id FROM notes ORDER BY id')).rows.map((r) => r.id);

  it('commits every statement of the work together and answers its result', async () => {
    const result = await inPoolTransaction(pool, async (client) => {
      await client.query('INSERT INTO notes VALUES (1)');
      await client.query('INSERT INTO notes VALUES (2)');
      return 'done';
    });
    expect(result).toBe('done');
    expect(await ids()).toEqual([1, 2]);
  });

  it('rolls back everything when the work fails, and rethrows its error', async () => {
    await expect(
      inPoolTransaction(pool, async (client) => {
        await client.query('INSERT INTO notes VALUES (3)');
        await client.query('INSERT INTO notes VALUES (1)'); // a duplicate key
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await ids()).toEqual([1, 2]);
  });

  it('does not give a connection that died mid-transaction back to the pool', async () => {
    await expect(
      inPoolTransaction(pool, async (client) => {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await client.query('INSERT INTO notes VALUES (4)');
      }),
    ).rejects.toThrow();
    // The pool holds only working connections: the next transactions succeed.
    for (const id of [5, 6, 7]) {
      await inPoolTransaction(pool, (client) =>
        client.query('INSERT INTO notes VALUES ($1)', [id]),
      );
    }
    expect(await ids()).toEqual([1, 2, 5, 6, 7]);
  });
});
