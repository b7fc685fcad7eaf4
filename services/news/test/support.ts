import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@probedge/kit';
import { createTestDatabase, initTestApp, type TestDatabase } from '@probedge/kit/testing';
import { AppModule, OPENAPI } from '../src/app.module';
import { loadNewsConfig, type NewsConfig } from '../src/config/env';
import { IngestionService } from '../src/ingestion/ingestion.service';
import { SourcesRepository } from '../src/sources/sources.repository';

export const MIGRATIONS_DIR = path.join(__dirname, '..', 'prisma', 'migrations');

export interface TestContext {
  app: NestFastifyApplication;
  database: TestDatabase;
  config: NewsConfig;
  ingestion: IngestionService;
  sources: SourcesRepository;
  close(): Promise<void>;
}

/** The real app on a database of its own; loopback feeds allowed, cache keys apart from other tests. */
export async function startTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestContext> {
  const database = await createTestDatabase('probedge_news', MIGRATIONS_DIR);
  const config = loadNewsConfig({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    NEWS_ALLOW_LOOPBACK: 'true',
    // One source at a time keeps "which source saw the story first" deterministic.
    NEWS_INGEST_CONCURRENCY: '1',
    NEWS_FETCH_TIMEOUT_MS: '1000',
    NEWS_MAX_BODY_BYTES: String(256 * 1024),
    NEWS_CACHE_PREFIX: `news-test-${randomBytes(4).toString('hex')}:`,
    ...env,
  });
  const app = await initTestApp(AppModule.forRoot(config), config, { openapi: OPENAPI });
  return {
    app,
    database,
    config,
    ingestion: app.get(IngestionService),
    sources: app.get(SourcesRepository),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Writes the sources file (NEWS_SOURCES_FILE) a worker reads into `folder`; returns its path. */
export async function writeSourcesFile(
  folder: string,
  sources: readonly { id: string; url: string; feed: string }[],
): Promise<string> {
  const file = path.join(folder, 'sources.json');
  await writeFile(file, JSON.stringify(sources));
  return file;
}
