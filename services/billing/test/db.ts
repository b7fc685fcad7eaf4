import { Client } from 'pg';

/** Reads rows straight from the test database, to assert what was (and was not) stored. */
export async function query<T extends Record<string, unknown>>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
