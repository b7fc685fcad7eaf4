import { Inject, Injectable, Logger } from '@nestjs/common';
import { Metrics } from '@probedge/kit';
import type { Feed } from '@probedge/proto';
import {
  ArticlesRepository,
  type ArticleDraft,
  type UpsertCounts,
} from '../articles/articles.repository';
import type { NewsConfig } from '../config/env';
import { NEWS_CONFIG } from '../config/news-config';
import { SourcesRepository, type SourceRow } from '../sources/sources.repository';
import { draftItem, type DropReason } from './article-draft.util';
import { backoffSeconds, DEFAULT_BACKOFF_BASE_SECONDS } from './backoff.util';
import { FeedFetcher, FetchError } from './feed-fetcher';
import { parseFeed, type FeedRecovery } from './feed-parser.util';
import { tallyItems, tallyLogFields, tallySeries, type ItemTally } from './item-tally.util';

/** A Retry-After longer than a day is treated as a day: the source stays listed, just rested. */
const MAX_RETRY_AFTER_SECONDS = 86_400;
const ERROR_MAX_LENGTH = 500;

export type SourceOutcome =
  | ({
      sourceId: string;
      feed: Feed;
      status: 'ingested';
      items: number;
      tally: ItemTally;
    } & UpsertCounts)
  | { sourceId: string; feed: Feed; status: 'not-modified' }
  | { sourceId: string; feed: Feed; status: 'failed'; error: string; consecutiveErrors: number };

export interface IngestionReport {
  sources: SourceOutcome[];
  /** Feeds whose lists changed, for cache invalidation. */
  changedFeeds: Feed[];
}

/** Called after a run that wrote, with the feeds whose lists changed. */
export const INGESTION_LISTENERS = Symbol('INGESTION_LISTENERS');
export interface IngestionListener {
  articlesChanged(feeds: Feed[]): Promise<void>;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, ERROR_MAX_LENGTH);
}

@Injectable()
export class IngestionService {
  private readonly logger = new Logger(IngestionService.name);
  private readonly fetcher: FeedFetcher;

  constructor(
    @Inject(NEWS_CONFIG) private readonly config: NewsConfig,
    private readonly sources: SourcesRepository,
    private readonly articles: ArticlesRepository,
    @Inject(INGESTION_LISTENERS) private readonly listeners: IngestionListener[],
    private readonly metrics: Metrics,
  ) {
    this.fetcher = new FeedFetcher({
      allowLoopback: config.NEWS_ALLOW_LOOPBACK,
      timeoutMs: config.NEWS_FETCH_TIMEOUT_MS,
      maxBodyBytes: config.NEWS_MAX_BODY_BYTES,
      maxRedirects: config.NEWS_MAX_REDIRECTS,
      userAgent: config.NEWS_USER_AGENT,
    });
  }

  /** Every source whose next check is due; one failing source never stops the others. */
  async ingestDue(now: Date = new Date()): Promise<IngestionReport> {
    return this.ingestSources(await this.sources.findDue(now), now);
  }

  /**
   * An operator's re-run: every source, or the one named, whether due or resting after errors. A
   * source that no longer exists fails the job, so the re-run shows as failed rather than as done.
   */
  async ingestNow(now: Date, sourceId?: string): Promise<IngestionReport> {
    if (sourceId === undefined) return this.ingestSources(await this.sources.findAll(), now);
    const source = await this.sources.findById(sourceId);
    if (!source) throw new Error(`Unknown news source "${sourceId}"`);
    return this.ingestSources([source], now);
  }

  private async ingestSources(due: SourceRow[], now: Date): Promise<IngestionReport> {
    const outcomes = new Array<SourceOutcome>(due.length);
    let next = 0;
    const lane = async () => {
      while (next < due.length) {
        const index = next++;
        outcomes[index] = await this.ingestSource(due[index]!, now);
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.config.NEWS_INGEST_CONCURRENCY, due.length) }, lane),
    );
    const changed = new Set<Feed>();
    for (const outcome of outcomes) {
      if (outcome.status === 'ingested' && outcome.created + outcome.updated > 0)
        changed.add(outcome.feed);
    }
    const changedFeeds = [...changed];
    if (changedFeeds.length > 0) {
      for (const listener of this.listeners) {
        await listener.articlesChanged(changedFeeds).catch((error: unknown) => {
          this.logger.warn({ err: error }, 'an ingestion listener failed');
        });
      }
    }
    return { sources: outcomes, changedFeeds };
  }

  async ingestSource(source: SourceRow, now: Date): Promise<SourceOutcome> {
    const feed = source.feed as Feed;
    const nextCheckAt = new Date(
      now.getTime() +
        (source.minIntervalSeconds ?? this.config.NEWS_DEFAULT_INTERVAL_SECONDS) * 1000,
    );
    try {
      const result = await this.fetcher.fetch({
        url: source.url,
        etag: source.etag,
        lastModified: source.lastModified,
      });
      if (result.status === 'not-modified') {
        await this.sources.recordSuccess(source.id, {
          etag: source.etag,
          lastModified: source.lastModified,
          fetchedAt: now,
          nextCheckAt,
        });
        return { sourceId: source.id, feed, status: 'not-modified' };
      }
      // Parsing completes before anything is written: a bad document writes nothing.
      const parsed = parseFeed(result.body);
      const drafts: ArticleDraft[] = [];
      const drops: DropReason[] = [];
      for (const item of parsed.items) {
        const outcome = draftItem(item, {
          feedUrl: result.finalUrl,
          feed,
          category: source.category,
          fetchedAt: now,
        });
        if ('draft' in outcome) drafts.push(outcome.draft);
        else drops.push(outcome.dropped);
      }
      const counts = await this.articles.upsertForSource(source.id, drafts, now);
      await this.sources.recordSuccess(source.id, {
        etag: result.etag,
        lastModified: result.lastModified,
        fetchedAt: now,
        nextCheckAt,
      });
      const recoveries: FeedRecovery[] = [
        ...(result.charsetDetected ? (['charset'] as const) : []),
        ...(parsed.recoveries ?? []),
      ];
      const tally = tallyItems({ items: parsed.items.length, recoveries, drops, counts });
      this.countItems(source.id, tally);
      this.logger.log({ source: source.id, ...tallyLogFields(tally) }, 'feed ingested');
      return {
        sourceId: source.id,
        feed,
        status: 'ingested',
        items: parsed.items.length,
        tally,
        ...counts,
      };
    } catch (error) {
      const consecutiveErrors = source.consecutiveErrors + 1;
      let delay = backoffSeconds(consecutiveErrors, {
        baseSeconds: DEFAULT_BACKOFF_BASE_SECONDS,
        maxSeconds: this.config.NEWS_MAX_BACKOFF_SECONDS,
      });
      const retryAfter = error instanceof FetchError ? error.details.retryAfterSeconds : undefined;
      if (retryAfter !== undefined)
        delay = Math.max(delay, Math.min(retryAfter, MAX_RETRY_AFTER_SECONDS));
      const message = describe(error);
      await this.sources.recordFailure(source.id, {
        error: message,
        consecutiveErrors,
        nextCheckAt: new Date(now.getTime() + delay * 1000),
      });
      this.logger.warn(
        { source: source.id, consecutiveErrors, err: message },
        'feed ingestion failed',
      );
      return { sourceId: source.id, feed, status: 'failed', error: message, consecutiveErrors };
    }
  }

  /** A fetch's items by outcome, so a source's drops and recoveries show as they start. */
  private countItems(sourceId: string, tally: ItemTally): void {
    const items = this.metrics.counter({
      name: 'news_feed_items_total',
      help: 'Feed items per fetch by source and outcome: stored, known, duplicate, or dropped with a reason; recovered counts items of documents that needed a recovery',
      labelNames: ['source', 'outcome', 'reason'],
    });
    for (const { outcome, reason, count } of tallySeries(tally)) {
      items.inc(
        reason ? { source: sourceId, outcome, reason } : { source: sourceId, outcome },
        count,
      );
    }
  }
}
