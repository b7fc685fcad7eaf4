import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@probedge/kit/testing';
import { Client } from 'pg';

const MIGRATIONS = path.join(__dirname, '..', 'prisma', 'migrations');
const IDENTITY_MIGRATION = '20261125075706_article_identity_by_guid';

/**
 * Rows stored under the old identity rule (one row per canonical URL across all sources) move to
 * the new one without a duplicate: every stored story is claimed by the source that holds it.
 */
describe('the article identity migration', () => {
  let database: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'news-migrations-'));
    await cp(path.join(MIGRATIONS, '20261122010000_init'), path.join(dir, '20261122010000_init'), {
      recursive: true,
    });
    database = await createTestDatabase('probedge_news_identity', dir);
  });

  afterAll(async () => {
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('claims each stored story for its source and then allows shared links within a source', async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const id of ['wire-a', 'wire-b']) {
        await client.query(`INSERT INTO sources (id, url, feed) VALUES ($1, $2, 'business')`, [
          id,
          `https://${id}.example.com/rss`,
        ]);
      }
      const insert = (source: string, guid: string, url: string) =>
        client.query(
          `INSERT INTO articles (id, source_id, guid, canonical_url, url, title, description, published_at, fetched_at, feed, tickers)
           VALUES (gen_random_uuid(), $1, $2, $3, $3, 't', 'd', now(), now(), 'business', '{}')`,
          [source, guid, url],
        );
      await insert('wire-a', 'a-1', 'https://story.example.com/1');
      await insert('wire-b', 'https://story.example.com/2', 'https://story.example.com/2');

      await client.query(
        await readFile(path.join(MIGRATIONS, IDENTITY_MIGRATION, 'migration.sql'), 'utf8'),
      );

      const claims = await client.query(
        'SELECT canonical_url, source_id FROM story_urls ORDER BY canonical_url',
      );
      expect(claims.rows).toEqual([
        { canonical_url: 'https://story.example.com/1', source_id: 'wire-a' },
        { canonical_url: 'https://story.example.com/2', source_id: 'wire-b' },
      ]);
      const articles = await client.query('SELECT count(*)::int AS count FROM articles');
      expect(articles.rows).toEqual([{ count: 2 }]);
      // Two items of one source may now share a link; the same guid twice still may not.
      await insert('wire-a', 'a-2', 'https://story.example.com/1');
      await expect(insert('wire-a', 'a-2', 'https://story.example.com/9')).rejects.toThrow(
        /duplicate key/,
      );
    } finally {
      await client.end();
    }
  });
});
