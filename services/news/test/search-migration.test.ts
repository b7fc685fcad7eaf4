import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@probedge/kit/testing';
import { Client } from 'pg';

const MIGRATIONS = path.join(__dirname, '..', 'prisma', 'migrations');
const FIRST_SEARCH_MIGRATION = '20261126080000_source_name';

/** Articles stored before search existed are searchable once the migrations have run. */
describe('the search migrations on an existing database', () => {
  let database: TestDatabase;
  let dir: string;
  let later: string[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'news-migrations-'));
    const all = (await readdir(MIGRATIONS, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const before = all.filter((name) => name < FIRST_SEARCH_MIGRATION);
    later = all.filter((name) => name >= FIRST_SEARCH_MIGRATION);
    for (const name of before) {
      await cp(path.join(MIGRATIONS, name), path.join(dir, name), { recursive: true });
    }
    database = await createTestDatabase('probedge_news_search_migration', dir);
  });

  afterAll(async () => {
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps semicolons and quotes out of comments, which migrate deploy would split on', async () => {
    for (const name of later) {
      const sql = await readFile(path.join(MIGRATIONS, name, 'migration.sql'), 'utf8');
      const comments = sql.split('\n').filter((line) => line.trimStart().startsWith('--'));
      expect(comments.filter((line) => /[;'"]/.test(line))).toEqual([]);
    }
  });

  it('fills the search column of stored rows, keeps it current and indexes it', async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO sources (id, url, feed) VALUES ('wire', 'https://wire.example.com/rss', 'business')`,
      );
      await client.query(
        `INSERT INTO articles (id, source_id, guid, canonical_url, url, title, description, published_at, fetched_at, feed, tickers)
         VALUES (gen_random_uuid(), 'wire', 'g-1', 'https://s.example.com/1', 'https://s.example.com/1',
           'Refiners rally', 'Margins widened for refiners.', now(), now(), 'business', '{}')`,
      );

      for (const name of later) {
        await client.query(await readFile(path.join(MIGRATIONS, name, 'migration.sql'), 'utf8'));
      }

      const stored = await client.query<{ vector: string }>(
        'SELECT search_vector::text AS vector FROM articles',
      );
      expect(stored.rows[0]!.vector).toBe("'margin':3B 'ralli':2A 'refin':1A,6B 'widen':4B");
      await client.query(`UPDATE articles SET description = 'Spreads narrowed.'`);
      const updated = await client.query<{ vector: string }>(
        'SELECT search_vector::text AS vector FROM articles',
      );
      expect(updated.rows[0]!.vector).toBe("'narrow':4B 'ralli':2A 'refin':1A 'spread':3B");
      // The body, added later, is indexed below the title and the description.
      await client.query(`UPDATE articles SET body_text = 'Crack spreads widened.'`);
      const withBody = await client.query<{ vector: string }>(
        'SELECT search_vector::text AS vector FROM articles',
      );
      expect(withBody.rows[0]!.vector).toBe(
        "'crack':5C 'narrow':4B 'ralli':2A 'refin':1A 'spread':3B,6C 'widen':7C",
      );
      const indexes = await client.query<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes WHERE indexname = 'articles_search_vector_idx'`,
      );
      expect(indexes.rows[0]!.indexdef).toContain('USING gin (search_vector)');
      const names = await client.query('SELECT id, name FROM sources');
      expect(names.rows).toEqual([{ id: 'wire', name: null }]);
    } finally {
      await client.end();
    }
  });
});
