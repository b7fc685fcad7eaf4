import path from 'node:path';
import { createPrismaAdapter, dateColumn } from '@probedge/kit';
import {
  BuiltProcesses,
  createTestDatabase,
  SmtpInbox,
  type TestDatabase,
} from '@probedge/kit/testing';
import { PrismaClient } from '../src/generated/prisma/client';
import {
  analysisOf,
  BriefingProducer,
  briefingReaches,
  DAYS,
  queuePrefix,
} from './briefing-support';
import { MIGRATIONS_DIR } from './support';

const SUBSCRIBERS = 500;

/**
 * The built worker (dist/worker.js) is SIGKILLed in the middle of a day's batch, while the SMTP
 * server holds its answer to the messages in flight. Restarted, it takes the day up where the
 * outbox says it stopped: every subscriber gets exactly one message.
 */
describe('a briefing worker killed mid-batch', () => {
  const inbox = new SmtpInbox();
  const prefix = queuePrefix();
  let database: TestDatabase;
  let prisma: PrismaClient;
  let producer: BriefingProducer;
  const workers = new BuiltProcesses();

  const startWorker = () =>
    workers.start({
      name: 'content-worker',
      cwd: path.join(__dirname, '..'),
      script: 'dist/worker.js',
      portVariable: 'CONTENT_WORKER_PORT',
      env: {
        DATABASE_URL: database.url,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        SMTP_URL: inbox.url,
        BRIEFING_QUEUE_PREFIX: prefix,
        BRIEFING_SCHEDULE_ENABLED: 'false',
        BRIEFING_RATE_PER_SECOND: '0',
        BRIEFING_SMTP_CONNECTIONS: '2',
        BRIEFING_LOCK_DURATION_MS: '2000',
        LOG_LEVEL: 'info',
      },
    });

  beforeAll(async () => {
    await inbox.start();
    database = await createTestDatabase('probedge_content', MIGRATIONS_DIR);
    prisma = new PrismaClient({ adapter: createPrismaAdapter({ url: database.url, max: 2 }) });
    producer = new BriefingProducer(prefix);
    await prisma.newsletterSubscriber.createMany({
      data: Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        email: `reader${i}@example.com`,
        status: 'confirmed' as const,
        confirmedAt: new Date('2026-01-05T12:00:00Z'),
      })),
    });
  });

  afterAll(async () => {
    await workers.killAll();
    await producer?.close();
    await prisma?.$disconnect();
    await database?.drop();
    await inbox.stop();
  });

  it('resumes without a duplicate or a gap', async () => {
    const first = await startWorker();
    await producer.announce(analysisOf(DAYS.mon));

    // Part of the batch is delivered; then the server keeps the next messages waiting for their 250.
    await inbox.waitForCount(150);
    inbox.hold();
    await inbox.waitForHeld(2);
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const delivered = inbox.messages.length;
    expect(delivered).toBeLessThan(SUBSCRIBERS);

    const second = await startWorker();
    // The killed worker's connections are closed: the messages it never had answered are dropped.
    inbox.release();
    await briefingReaches(prisma, DAYS.mon, 'sent', 30_000);

    const recipients = inbox.messages.flatMap((message) => message.to);
    expect(recipients).toHaveLength(SUBSCRIBERS);
    expect(new Set(recipients).size).toBe(SUBSCRIBERS);
    const rows = await prisma.briefingDelivery.groupBy({
      by: ['status'],
      where: { marketDate: dateColumn(DAYS.mon) },
      _count: { _all: true },
    });
    expect(rows).toEqual([{ status: 'sent', _count: { _all: SUBSCRIBERS } }]);
    expect(second.output()).toContain('morning briefing resumed');
  });
});
