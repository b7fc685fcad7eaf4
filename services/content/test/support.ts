import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { NestFastifyApplication } from '@probedge/kit';
import {
  createTestDatabase,
  initTestApp,
  SmtpInbox,
  type TestDatabase,
} from '@probedge/kit/testing';
import { AppModule, OPENAPI } from '../src/app.module';
import { loadContentConfig, type ContentConfig } from '../src/config/env';

export const MIGRATIONS_DIR = path.join(__dirname, '..', 'prisma', 'migrations');
export const BUNDLED_CONTENT_DIR = path.join(__dirname, '..', 'content');

export interface TestContext {
  app: NestFastifyApplication;
  database: TestDatabase;
  config: ContentConfig;
  close(): Promise<void>;
}

/**
 * The real app on a database of its own, reading content from the given folder. A test that
 * prepares the database itself (one migrated part-way, say) hands it in; it is dropped on close.
 */
export async function startTestApp(
  contentDir: string,
  env: NodeJS.ProcessEnv = {},
  prepared?: TestDatabase,
): Promise<TestContext> {
  const database = prepared ?? (await createTestDatabase('probedge_content', MIGRATIONS_DIR));
  const config = loadContentConfig({
    DATABASE_URL: database.url,
    CONTENT_DIR: contentDir,
    LOG_LEVEL: 'silent',
    // Queues of the app's own, so parallel test files never send each other's mail.
    BRIEFING_QUEUE_PREFIX: `content-test-${randomBytes(4).toString('hex')}`,
    // Tests sign the same address up again and again; the per-address limit has its own test.
    NEWSLETTER_MAILS_PER_ADDRESS: '1000',
    NEWSLETTER_MAIL_GAP_SECONDS: '0',
    ...env,
  });
  const app = await initTestApp(AppModule.forRoot(config), config, {
    formBody: true,
    openapi: OPENAPI,
  });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export interface MailingApp {
  inbox: SmtpInbox;
  ctx: TestContext;
}

/**
 * An SMTP inbox and the app (bundled content) mailing to it, for the enclosing describe block.
 * `env` is read once the block's earlier set-up has run (a Redis started, a proxy in place), and so
 * is `prepared`, a database the test made ready itself.
 */
export function useAppWithInbox(
  env: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) = {},
  prepared?: () => TestDatabase,
): MailingApp {
  const fixture = { inbox: new SmtpInbox() } as MailingApp;
  beforeAll(async () => {
    await fixture.inbox.start();
    fixture.ctx = await startTestApp(
      BUNDLED_CONTENT_DIR,
      { SMTP_URL: fixture.inbox.url, ...(typeof env === 'function' ? env() : env) },
      prepared?.(),
    );
  });
  afterAll(async () => {
    // A message still held would keep the app's mailer from closing.
    fixture.inbox.release();
    await fixture.ctx?.close();
    await fixture.inbox.stop();
  });
  return fixture;
}
