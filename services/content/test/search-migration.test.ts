import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@probedge/kit/testing';
import { SITE_DOCUMENTS_PATH, type SiteDocumentsResponse } from '@probedge/proto';
import { Client } from 'pg';
import request from 'supertest';
import { markdownToPlainText } from '../src/sync/markdown-text.util';
import { SyncService } from '../src/sync/sync.service';
import { MIGRATIONS_DIR, startTestApp, type TestContext } from './support';

const SEARCH_MIGRATION = '20261126072000_content_search';

const BODY = [
  '## Why a **trailing** stop',
  '',
  'A trailing stop follows price up and never down. See [the exits guide](https://example.com/exits)',
  'for the `ATR` variant.',
  '',
  '| Method | Distance |',
  '|---|---|',
  '| ATR | 2x |',
  '',
  '- Locks in part of a *ratcheting* gain.',
  '',
  'Educational content only, not investment advice.',
].join('\n');

const FILE = [
  '---',
  'slug: trailing-stops',
  'title: "Trailing stops"',
  'description: "Letting winners run without giving them all back."',
  'category: exit-strategy',
  'createdAt: 2025-08-01T09:00:00.000Z',
  '---',
  BODY,
  '',
].join('\n');

/** A copy of the migrations that came before search: the database as it was in production. */
async function migrationsBeforeSearch(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'probedge-migrations-'));
  for (const folder of (await readdir(MIGRATIONS_DIR)).sort()) {
    if (folder < SEARCH_MIGRATION) {
      await cp(path.join(MIGRATIONS_DIR, folder), path.join(dir, folder), { recursive: true });
    }
  }
  return dir;
}

describe(`the ${SEARCH_MIGRATION} migration`, () => {
  let contentDir: string;
  let migrationsDir: string;
  let database: TestDatabase | undefined;
  let ctx: TestContext | undefined;

  beforeAll(async () => {
    contentDir = await mkdtemp(path.join(tmpdir(), 'probedge-content-'));
    await mkdir(path.join(contentDir, 'guides'));
    await writeFile(path.join(contentDir, 'guides', 'trailing-stops.md'), FILE);
    migrationsDir = await migrationsBeforeSearch();
    database = await createTestDatabase('probedge_content', migrationsDir);
  });

  afterAll(async () => {
    if (ctx) await ctx.close();
    else await database?.drop();
    await rm(contentDir, { recursive: true, force: true });
    await rm(migrationsDir, { recursive: true, force: true });
  });

  it('backfills rows synced before it, and the next sync rewrites them with its own plain text', async () => {
    const client = new Client({ connectionString: database!.url });
    await client.connect();
    try {
      // The row as the sync before search wrote it: its checksum is the file's hash alone.
      await client.query(
        `INSERT INTO content_items (id, kind, slug, title, description, category, content, created_at, checksum)
         VALUES (gen_random_uuid(), 'guide', 'trailing-stops', 'Trailing stops', $1, 'exit-strategy', $2, $3, $4)`,
        [
          'Letting winners run without giving them all back.',
          BODY,
          new Date('2025-08-01T09:00:00.000Z'),
          createHash('sha256').update(FILE).digest('hex'),
        ],
      );
      await client.query(
        await readFile(path.join(MIGRATIONS_DIR, SEARCH_MIGRATION, 'migration.sql'), 'utf8'),
      );
      const { rows } = await client.query<{ plain_content: string; matches: boolean }>(
        `SELECT plain_content, search_vector @@ websearch_to_tsquery('english', 'ratchet') AS matches
         FROM content_items`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.matches).toBe(true);
      expect(rows[0]!.plain_content).toContain('Why a trailing stop');
      expect(rows[0]!.plain_content.replace(/\s+/g, ' ')).toContain(
        'See the exits guide for the ATR variant.',
      );
      expect(rows[0]!.plain_content).not.toMatch(/[#*|`[\]]|https?:/);
      // The migrations after it, as a deploy runs them: the passages are backfilled too.
      for (const folder of (await readdir(MIGRATIONS_DIR)).sort()) {
        if (folder > SEARCH_MIGRATION && !folder.endsWith('.toml')) {
          await client.query(
            await readFile(path.join(MIGRATIONS_DIR, folder, 'migration.sql'), 'utf8'),
          );
        }
      }
      const passages = await client.query<{ ordinal: number; text: string }>(
        'SELECT ordinal, text FROM content_passages ORDER BY ordinal',
      );
      expect(passages.rows.map((row) => row.text)).toEqual(
        rows[0]!.plain_content.split('\n').filter((line) => line.trim() !== ''),
      );
      expect(passages.rows.map((row) => row.ordinal)).toEqual(passages.rows.map((_, i) => i));
    } finally {
      await client.end();
    }

    ctx = await startTestApp(contentDir, {}, database);
    const http = () => request(ctx!.app.getHttpServer());
    // What the search index gets from this database right after the migrations: the backfill.
    const documents = async () =>
      (await http().get(SITE_DOCUMENTS_PATH).expect(200)).body as SiteDocumentsResponse;
    const [before] = (await documents()).documents;
    expect(before).toMatchObject({ kind: 'guide', slug: 'trailing-stops' });
    expect(before!.passages.join('\n')).toContain('ratcheting gain');

    // The checksum now carries the conversion's version: the unchanged file is written once more.
    const sync = ctx.app.get(SyncService);
    expect((await sync.sync()).articles).toEqual({
      created: 0,
      updated: 1,
      deleted: 0,
      unchanged: 0,
    });
    expect((await sync.sync()).articles).toMatchObject({ updated: 0, unchanged: 1 });
    const check = new Client({ connectionString: database!.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ plain_content: string }>(
        'SELECT plain_content FROM content_items',
      );
      expect(rows[0]!.plain_content).toBe(markdownToPlainText(BODY));
    } finally {
      await check.end();
    }
    const [after] = (await documents()).documents;
    expect(after!.passages).toEqual(
      markdownToPlainText(BODY)
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
  });
});
