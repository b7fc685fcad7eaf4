import {
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import { sameSecret } from './admin-token';
import type { GenerationPending } from '@probedge/proto';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { DailyItemsRepository, type DailyKind } from '../items/daily-items.repository';
import { marketDate } from '../market/market-date.util';
import { NO_ARTICLES_REASON } from '../jobs/daily-kinds';
import { NEWS_FAILURE_PREFIX } from '../news/news-client';
import { MODEL_FAILED_PREFIX, MODEL_REFUSED_PREFIX } from '../writers/llm-writer';
import { InsightsQueue, QueueUnavailableError, type JobSnapshot } from '../jobs/insights.queue';

type StoredItem = NonNullable<Awaited<ReturnType<DailyItemsRepository['find']>>>;

export type GenerateResult =
  { status: 'done'; item: StoredItem } | { status: 'pending'; body: GenerationPending };

const POLL_MS = 200;

const ITEM_NAMES: Record<DailyKind, string> = {
  analysis: 'The daily analysis',
  opinion: 'The daily opinion',
};

/**
 * What a failed job means for a reader, in product terms. The raw reason (addresses, dependency
 * messages) is for the logs and the job record only.
 */
export function failureMessage(kind: DailyKind, reason: string): string {
  const item = ITEM_NAMES[kind];
  if (reason.startsWith(NEWS_FAILURE_PREFIX)) {
    return `${item} could not be written: the news service is unavailable. Try again shortly.`;
  }
  if (reason.startsWith(MODEL_REFUSED_PREFIX)) {
    return `${item} could not be written: the language model refused the request.`;
  }
  if (reason.startsWith(MODEL_FAILED_PREFIX)) {
    return `${item} could not be written: the language model is unavailable. Try again later.`;
  }
  return `${item} could not be written. Try again later.`;
}

/** POST /api/generate-*: today's job, enqueued once, waited for a bounded time. */
@Injectable()
export class GenerateService {
  private readonly logger = new Logger(GenerateService.name);

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    private readonly items: DailyItemsRepository,
    private readonly queue: InsightsQueue,
  ) {}

  async generate(kind: DailyKind, adminToken: string | undefined): Promise<GenerateResult> {
    const now = new Date();
    const date = marketDate(now, this.config.MARKET_TIMEZONE);
    const existing = await this.items.find(kind, date);
    let generation = 0;
    if (existing) {
      // Without the admin header the day's item is the answer; regenerating needs the token.
      if (adminToken === undefined) return { status: 'done', item: existing };
      const expected = this.config.INSIGHTS_ADMIN_TOKEN;
      if (!expected || !sameSecret(adminToken, expected)) {
        throw new ForbiddenException('The admin token is not valid');
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
        if (reason.startsWith(NO_ARTICLES_REASON)) throw new ConflictException(reason);
        this.logger.warn({ kind, marketDate: date, job: snapshot.id, reason }, 'generation failed');
        throw new HttpException(failureMessage(kind, reason), HttpStatus.BAD_GATEWAY);
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
    if (!(error instanceof QueueUnavailableError)) {
      this.logger.warn({ kind, err: (error as Error).message }, 'job queue call failed');
    }
    return new ServiceUnavailableException(
      `${ITEM_NAMES[kind]} cannot be generated right now: the job queue is unavailable. Try again shortly.`,
    );
  }
}
