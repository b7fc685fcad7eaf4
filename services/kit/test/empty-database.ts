import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool, type PoolConfig } from 'pg';
import { createTestDatabase, type TestDatabase } from '../src/testing';

/**
 * A database of its own without any table, and a pool on it made by `config` from its URL, for the
 * enclosing describe block.
 */
export function usePoolOnEmptyDatabase(
  name: string,
  config: (url: string) => PoolConfig,
): { pool: Pool } {
  const fixture = {} as { pool: Pool };
  let database: TestDatabase | undefined;
  let noMigrations: string | undefined;

  beforeAll(async () => {
    noMigrations = mkdtempSync(path.join(os.tmpdir(), 'kit-no-migrations-'));
    database = await createTestDatabase(name, noMigrations);
    fixture.pool = new Pool(config(database.url));
  });

  afterAll(async () => {
    await fixture.pool?.end();
    await database?.drop();
    if (noMigrations) rmSync(noMigrations, { recursive: true, force: true });
  });

  return fixture;
}
