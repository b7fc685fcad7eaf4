import { poolConfig, preparedQuery } from '../src';
import { usePoolOnEmptyDatabase } from './empty-database';

describe('preparedQuery on a service pool (real PostgreSQL)', () => {
  // One connection, so every call below meets the statement that connection prepared.
  const db = usePoolOnEmptyDatabase('kit_prepared', (url) => poolConfig({ url, max: 1 }));

  const statement = (value: number) => ({ text: 'SELECT $1::int + 1 AS next', values: [value] });

  it('prepares the statement once per connection and answers each call for its own values', async () => {
    const answers: number[] = [];
    for (let value = 0; value < 8; value += 1) {
      const { rows } = await preparedQuery<{ next: number }>(db.pool, 'kit-next', statement(value));
      answers.push(rows[0].next);
    }
    expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const { rows } = await db.pool.query<{ custom: string; generic: string }>(
      `SELECT custom_plans AS custom, generic_plans AS generic
       FROM pg_prepared_statements WHERE name = 'kit-next'`,
    );
    // Left to itself, PostgreSQL plans the first five executions for their values before it
    // weighs a generic plan; the pool's connections plan the statement once and reuse the plan.
    expect(rows).toEqual([{ custom: '0', generic: '8' }]);
  });

  it('runs every connection with generic plans only', async () => {
    const { rows } = await db.pool.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
    expect(rows[0].plan_cache_mode).toBe('force_generic_plan');
  });
});
