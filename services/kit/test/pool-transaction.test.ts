import { inPoolTransaction } from '../src';
import { usePoolOnEmptyDatabase } from './empty-database';

describe('inPoolTransaction (real PostgreSQL)', () => {
  const db = usePoolOnEmptyDatabase('kit_pool_tx', (url) => ({ connectionString: url, max: 2 }));

  beforeAll(() => db.pool.query('CREATE TABLE notes (id int PRIMARY KEY)'));

  const ids = async () =>
    (await db.pool.query<{ id: number }>('SELECT id FROM notes ORDER BY id')).rows.map((r) => r.id);

  it('commits every statement of the work together and answers its result', async () => {
    const result = await inPoolTransaction(db.pool, async (client) => {
      await client.query('INSERT INTO notes VALUES (1)');
      await client.query('INSERT INTO notes VALUES (2)');
      return 'done';
    });
    expect(result).toBe('done');
    expect(await ids()).toEqual([1, 2]);
  });

  it('rolls back everything when the work fails, and rethrows its error', async () => {
    await expect(
      inPoolTransaction(db.pool, async (client) => {
        await client.query('INSERT INTO notes VALUES (3)');
        await client.query('INSERT INTO notes VALUES (1)'); // a duplicate key
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await ids()).toEqual([1, 2]);
  });

  it('does not give a connection that died mid-transaction back to the pool', async () => {
    await expect(
      inPoolTransaction(db.pool, async (client) => {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await db.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await client.query('INSERT INTO notes VALUES (4)');
      }),
    ).rejects.toThrow();
    // The pool holds only working connections: the next transactions succeed.
    for (const id of [5, 6, 7]) {
      await inPoolTransaction(db.pool, (client) =>
        client.query('INSERT INTO notes VALUES ($1)', [id]),
      );
    }
    expect(await ids()).toEqual([1, 2, 5, 6, 7]);
  });
});
