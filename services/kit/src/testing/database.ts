import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from 'pg';
import { z } from 'zod';
import { loadConfig } from '../config/env';

const testEnv = () =>
  loadConfig({
    TEST_DATABASE_ADMIN_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/postgres'),
  });

/** How long drop() waits for the database's connections to close before it ends them: 1 s. */
const DROP_WAIT_ATTEMPTS = 20;
const DROP_WAIT_MS = 50;

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function applyMigrations(url: string, migrationsDir: string): Promise<void> {
  const folders = (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const folder of folders) {
      await client.query(await readFile(join(migrationsDir, folder, 'migration.sql'), 'utf8'));
    }
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of its own for one test file, with the service's committed migrations applied,
 * so test files run in parallel without seeing each other's rows. It is made on the server at
 * `adminUrl`, by default TEST_DATABASE_ADMIN_URL (the machine's shared server).
 */
export async function createTestDatabase(
  prefix: string,
  migrationsDir: string,
  adminUrl: string = testEnv().TEST_DATABASE_ADMIN_URL,
): Promise<TestDatabase> {
  const name = `${prefix}_t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  await applyMigrations(url, migrationsDir);
  return {
    url,
    name,
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // A pool's end() resolves once it has let go of its connections, before their backends
        // have gone: FORCE would end those mid-close, and their clients would see an error nobody
        // listens for any more. So wait a little for them; only connections left open are forced.
        for (let attempt = 0; attempt < DROP_WAIT_ATTEMPTS; attempt += 1) {
          const { rows } = await client.query<{ open: number }>(
            'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.open === 0) break;
          await new Promise((resolve) => setTimeout(resolve, DROP_WAIT_MS));
        }
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
