import { Inject, Injectable, Logger } from '@nestjs/common';
import { jobFailure } from '@probedge/kit';
import type { GenerationPending } from '@probedge/proto';
import { sameSecret } from './admin-token';
import { InsightsApiError } from './api.errors';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { DailyItemsRepository, type DailyKind } from '../items/daily-items.repository';
import { marketDate } from '../market/market-date.util';
import { GENERATION_FAILURES, type GenerationFailure } from '../failures/generation-failures';
import { InsightsQueue, QueueUnavailableError, type JobSnapshot } from '../jobs/insights.queue';
import { TodayItems } from './today-items.service';

type StoredItem = NonNullable<Awaited<ReturnType<DailyItemsRepository['find']>>>;

export type GenerateResult =
  { status: 'done'; item: StoredItem } | { status: 'pending'; body: GenerationPending };

const POLL_MS = 200;

const ITEM_NAMES: Record<DailyKind, string> = {
  analysis: 'The daily analysis',
  opinion: 'The daily opinion',
};

/** Why an item could not be written, for a reader; no-articles is answered with its own text. */
const FAILURE_CAUSES: Record<Exclude<GenerationFailure, 'no-articles'>, string> = {
  'news-unavailable': ': the news service is unavailable. Try again shortly.',
  'model-refused': ': the language model refused the request.',
  'model-failed': ': the language model is unavailable. Try again later.',
};

/**
 * What a failed job means for a reader, in product terms. The raw reason (addresses, dependency
 * messages) is for the logs and the job record only.
 */
export function failureMessage(
  kind: DailyKind,
  code: Exclude<GenerationFailure, 'no-articles'> | undefined,
): string {
  return `${ITEM_NAMES[kind]} could not be written${code ? FAILURE_CAUSES[code] : '. Try again later.'}`;
}

/** POST /api/generate-*: today's job, enqueued once, waited for a bounded time. */
@Injectable()
export class GenerateService {
  private readonly logger = new Logger(GenerateService.name);

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    private readonly items: DailyItemsRepository,
    private readonly queue: InsightsQueue,
    private readonly todayItems: TodayItems,
  ) {}

  /** Today's item, written first when there is none; the reads after it see it at once. */
  async generate(kind: DailyKind, adminToken: string | undefined): Promise<GenerateResult> {
    const result = await this.enqueueAndWait(kind, adminToken);
    if (result.status === 'done') this.todayItems.keep(kind, result.item);
    return result;
  }

  private async enqueueAndWait(
    kind: DailyKind,
    adminToken: string | undefined,
  ): Promise<GenerateResult> {
    const now = new Date();
    const date = marketDate(now, this.config.MARKET_TIMEZONE);
    const existing = await this.items.find(kind, date);
    let generation = 0;
    if (existing) {
      // Without the admin header the day's item is the answer; regenerating needs the token.
      if (adminToken === undefined) return { status: 'done', item: existing };
      const expected = this.config.INSIGHTS_ADMIN_TOKEN;
      if (!expected || !sameSecret(adminToken, expected)) {
        throw new InsightsApiError('ADMIN_TOKEN_INVALID', 'The admin token is not valid');
      }
      generation = existing.generation + 1;
    }
    const payload = { marketDate: date, until: now.toISOString(), generation };
    let snapshot: JobSnapshot;
    try {
      snapshot = await this.queue.enqueueDaily(kind, payload);
      if (snapshot.state === 'completed' && !(await this.items.find(kind, date))) {
        snapshot = await this.queue.replaceFinished(kind, payload);
      }
    } catch (error) {
      throw this.unavailable(kind, error);
    }
    return this.wait(kind, date, generation, snapshot);
  }

  private async wait(
    kind: DailyKind,
    date: string,
    generation: number,
    first: JobSnapshot,
  ): Promise<GenerateResult> {
    const deadline = Date.now() + this.config.INSIGHTS_GENERATE_WAIT_MS;
    let snapshot = first;
    for (;;) {
      if (snapshot.state === 'failed') {
        const reason = snapshot.failedReason ?? 'no reason recorded';
        const failure = jobFailure(reason, GENERATION_FAILURES);
        if (failure.code === 'no-articles') {
          throw new InsightsApiError('GENERATION_NO_ARTICLES', failure.message);
        }
        this.logger.warn({ kind, marketDate: date, job: snapshot.id, reason }, 'generation failed');
        throw new InsightsApiError('GENERATION_FAILED', failureMessage(kind, failure.code));
      }
      if (snapshot.state === 'completed' || snapshot.state === 'unknown') {
        const item = await this.items.find(kind, date);
        if (item && item.generation >= generation) return { status: 'done', item };
      }
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      try {
        snapshot = await this.queue.snapshot(snapshot.id);
      } catch (error) {
        throw this.unavailable(kind, error);
      }
    }
    return {
      status: 'pending',
      body: {
        status: 'pending',
        jobId: snapshot.id,
        message: 'Generation is still running; the item appears here when it is done.',
      },
    };
  }

  private unavailable(kind: DailyKind, error: unknown): Error {
    this.logger.warn(
      { kind, err: (error as Error).message },
      error instanceof QueueUnavailableError ? 'job queue unavailable' : 'job queue call failed',
    );
    return new InsightsApiError(
      'QUEUE_UNAVAILABLE',
      `${ITEM_NAMES[kind]} cannot be generated right now: the job queue is unavailable. Try again shortly.`,
      error,
    );
  }
}
