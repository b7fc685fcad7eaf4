import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { dateColumn } from '@probedge/kit';
import { waitFor } from '@probedge/kit/testing';
import { JOBS, QUEUES, briefingJobId, type BriefingPayload } from '@probedge/proto';
import { Queue } from 'bullmq';
import { loadContentConfig, type ContentConfig } from '../src/config/env';
import type { PrismaClient } from '../src/generated/prisma/client';
import { WorkerModule } from '../src/worker.module';

/**
 * Market days to come, so the briefing's own rules (a weekday, not over yet, written before the
 * cut-off) hold whenever the tests run, and each test has days of its own.
 */
export const DAYS = {
  mon: '2031-03-03',
  tue: '2031-03-04',
  wed: '2031-03-05',
  thu: '2031-03-06',
  fri: '2031-03-07',
  sat: '2031-03-08',
  nextMon: '2031-03-10',
  nextTue: '2031-03-11',
  nextWed: '2031-03-12',
} as const;

/** The day's analysis as the insights worker hands it over, written at 08:30 New York time. */
export function analysisOf(
  marketDate: string,
  over: Partial<BriefingPayload> = {},
): BriefingPayload {
  return {
    marketDate,
    analysis: `**Risk appetite** improved on ${marketDate}.\n\n- Breadth widened\n- Volatility eased`,
    themes: ['rates', 'earnings'],
    watch: ['CPI at 08:30', 'Fed speakers in the afternoon'],
    writtenAt: new Date(`${marketDate}T13:30:00Z`).toISOString(),
    ...over,
  };
}

/** A queue prefix of the test's own, so parallel test files never take each other's jobs. */
export function queuePrefix(): string {
  return `content-test-${randomBytes(4).toString('hex')}`;
}

/** The producer side, as the insights worker adds the day's job. */
export class BriefingProducer {
  readonly queue: Queue;

  constructor(prefix: string) {
    this.queue = new Queue(QUEUES.briefing, {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix,
    });
  }

  async announce(payload: BriefingPayload): Promise<void> {
    await this.queue.add(JOBS.briefing, payload, { jobId: briefingJobId(payload.marketDate) });
  }

  async close(): Promise<void> {
    await this.queue.obliterate({ force: true }).catch(() => undefined);
    await this.queue.close();
  }
}

/** The briefing worker in this process, on the given database and queue prefix. */
export async function startTestWorker(
  env: NodeJS.ProcessEnv,
): Promise<{ worker: INestApplicationContext; config: ContentConfig }> {
  const config = loadContentConfig({
    LOG_LEVEL: 'silent',
    BRIEFING_SCHEDULE_ENABLED: 'false',
    BRIEFING_RATE_PER_SECOND: '0',
    BRIEFING_RETRY_BASE_MS: '100',
    BRIEFING_LOCK_DURATION_MS: '2000',
    ...env,
  });
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: false,
  });
  worker.enableShutdownHooks();
  await worker.init();
  return { worker, config };
}

/** Waits until the day's briefing reached `status` (sent or skipped). */
export async function briefingReaches(
  prisma: PrismaClient,
  marketDate: string,
  status: 'sent' | 'skipped',
  timeoutMs = 20_000,
): Promise<void> {
  await waitFor(
    async () =>
      (await prisma.briefing.findUnique({ where: { marketDate: dateColumn(marketDate) } }))
        ?.status === status,
    `briefing ${marketDate} ${status}`,
    timeoutMs,
  );
}
