import { existsSync } from 'node:fs';
import { createTestDatabase, type TestDatabase } from '@probedge/kit/testing';
import { Client } from 'pg';
import { siteDocument, startContentStandIn, type ContentStandIn } from './site-documents';
import { CLI, runCli } from './cli-support';
import { MIGRATIONS_DIR } from './support';

/** The built CLI copies content's guides and blogs into the search index once. */
describe('node dist/cli.js index-site', () => {
  let database: TestDatabase;
  let content: ContentStandIn;

  const cli = (contentUrl: string) =>
    runCli(['index-site'], {
      DATABASE_URL: database.url,
      CONTENT_URL: contentUrl,
      NEWS_FETCH_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'silent',
    });

  const slugs = async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ slug: string }>(
        'SELECT slug FROM site_documents ORDER BY slug',
      );
      return rows.map((row) => row.slug);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if (!existsSync(CLI))
      throw new Error(`${CLI} is missing: build the service first (make build)`);
    database = await createTestDatabase('probedge_news', MIGRATIONS_DIR);
    content = await startContentStandIn([
      siteDocument('guide', 'kelly-sizing'),
      siteDocument('blog', 'journal-habits'),
    ]);
  });

  afterAll(async () => {
    await content?.close();
    await database?.drop();
  });

  it('copies the documents, then finds nothing new on a second run', async () => {
    await expect(cli(content.origin)).resolves.toMatchObject({
      code: 0,
      stdout: 'site documents replaced: 2\n',
    });
    expect(await slugs()).toEqual(['journal-habits', 'kelly-sizing']);
    await expect(cli(content.origin)).resolves.toMatchObject({
      code: 0,
      stdout: 'site documents unchanged\n',
    });
  });

  it('exits 1 naming content when content cannot be asked, leaving the copy alone', async () => {
    content.serve((_req, res) => res.writeHead(503).end('starting'));
    const run = await cli(content.origin);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('index-site failed:');
    expect(run.stderr).toContain('/internal/search-documents answered 503');
    expect(await slugs()).toEqual(['journal-habits', 'kelly-sizing']);
  });
});
