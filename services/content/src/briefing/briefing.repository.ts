import { Injectable } from '@nestjs/common';
import { dateColumn } from '@probedge/kit';
import type { BriefingPayload } from '@probedge/proto';
import type { Briefing, DeliveryStatus } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

export type { Briefing };

/** A claimed delivery: who gets the message, and how many tries it has had (this one included). */
export interface ClaimedDelivery {
  subscriberId: string;
  email: string;
  attempts: number;
}

export interface NewItem {
  kind: 'guide' | 'blog';
  slug: string;
  title: string;
  description: string;
}

/** What starting a day's briefing found. */
export type StartOutcome =
  | { state: 'started'; briefing: Briefing; recipients: number }
  | { state: 'resumed' | 'finished' | 'skipped'; briefing: Briefing };

/** How far back (by publication date) a briefing looks for guides and blogs to list as new. */
const NEW_ITEM_LOOKBACK_MS = 7 * 86_400_000;
const MAX_NEW_ITEMS = 20;

/**
 * The briefings and their outbox. Every state change is one conditional statement, so a worker
 * killed at any point leaves rows a new run can take up: nothing is lost, nothing runs twice.
 */
@Injectable()
export class BriefingRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(marketDate: string): Promise<Briefing | null> {
    return this.prisma.briefing.findUnique({ where: { marketDate: dateColumn(marketDate) } });
  }

  /**
   * Starts the day's briefing with its analysis: the row, and one pending delivery per subscriber
   * confirmed by now, and the guides and blogs it lists as new, in one transaction (whoever
   * confirms later gets the next day's). A day the cut-off marked skipped before any analysis
   * arrived is taken over (the analysis was written in time; only its hand-over was late).
   */
  async start(payload: BriefingPayload, now: Date): Promise<StartOutcome> {
    const marketDate = dateColumn(payload.marketDate);
    return this.prisma.$transaction(async (tx) => {
      const taken = await tx.$queryRaw<{ market_date: Date }[]>`
        INSERT INTO newsletter_briefings
          (market_date, status, analysis, themes, watch, written_at, started_at)
        VALUES (${marketDate}, 'sending', ${payload.analysis}, ${payload.themes}, ${payload.watch},
                ${new Date(payload.writtenAt)}, ${now})
        ON CONFLICT (market_date) DO UPDATE
          SET status = 'sending', reason = NULL, analysis = EXCLUDED.analysis,
              themes = EXCLUDED.themes, watch = EXCLUDED.watch, written_at = EXCLUDED.written_at,
              started_at = EXCLUDED.started_at
          WHERE newsletter_briefings.analysis IS NULL
        RETURNING market_date`;
      if (taken.length === 0) {
        const briefing = await tx.briefing.findUniqueOrThrow({ where: { marketDate } });
        const state = { sending: 'resumed', sent: 'finished', skipped: 'skipped' } as const;
        return { state: state[briefing.status], briefing };
      }
      // Published in the last week (by their date) and not yet listed by an earlier briefing.
      await tx.$executeRaw`
        UPDATE newsletter_briefings SET listed = ARRAY(
          SELECT c.kind || '/' || c.slug FROM content_items AS c
          WHERE c.created_at > ${new Date(now.getTime() - NEW_ITEM_LOOKBACK_MS)}
            AND c.created_at <= ${now}
            AND NOT EXISTS (
              SELECT 1 FROM newsletter_briefings AS b
              WHERE b.market_date < ${marketDate} AND c.kind || '/' || c.slug = ANY (b.listed))
          ORDER BY c.created_at DESC, c.slug
          LIMIT ${MAX_NEW_ITEMS})
        WHERE market_date = ${marketDate}`;
      const recipients = await tx.$executeRaw`
        INSERT INTO newsletter_briefing_deliveries (market_date, subscriber_id, next_attempt_at)
        SELECT ${marketDate}, id, ${now} FROM newsletter_subscribers
        WHERE status = 'confirmed' AND confirmed_at <= ${now}
        ON CONFLICT DO NOTHING`;
      const briefing = await tx.briefing.findUniqueOrThrow({ where: { marketDate } });
      return { state: 'started', briefing, recipients };
    });
  }

  /** Marks the day skipped with the reason, unless it already has a briefing; true when marked. */
  async skip(marketDate: string, reason: string, now: Date): Promise<boolean> {
    const written = await this.prisma.$executeRaw`
      INSERT INTO newsletter_briefings (market_date, status, reason, started_at, finished_at)
      VALUES (${dateColumn(marketDate)}, 'skipped', ${reason}, ${now}, ${now})
      ON CONFLICT (market_date) DO NOTHING`;
    return written > 0;
  }

  /** Records why an analysis that came in was not mailed (the day stays skipped). */
  async skipWithAnalysis(payload: BriefingPayload, reason: string, now: Date): Promise<void> {
    const marketDate = dateColumn(payload.marketDate);
    await this.prisma.briefing.upsert({
      where: { marketDate },
      create: {
        marketDate,
        status: 'skipped',
        reason,
        analysis: payload.analysis,
        themes: payload.themes,
        watch: payload.watch,
        writtenAt: new Date(payload.writtenAt),
        startedAt: now,
        finishedAt: now,
      },
      update: {},
    });
  }

  /**
   * Claims up to `limit` deliveries that are due: pending ones, and ones a killed run left in
   * flight (their outcome unknown, so they go again). Deliveries of subscribers who left since the
   * batch started are cancelled first. Only one run works on a day at a time (one job per date).
   */
  async claim(marketDate: string, limit: number, now: Date): Promise<ClaimedDelivery[]> {
    const date = dateColumn(marketDate);
    await this.prisma.$executeRaw`
      UPDATE newsletter_briefing_deliveries AS d SET status = 'cancelled'
      FROM newsletter_subscribers AS s
      WHERE d.subscriber_id = s.id AND d.market_date = ${date}
        AND d.status IN ('pending', 'sending') AND s.status <> 'confirmed'`;
    return this.prisma.$queryRaw<ClaimedDelivery[]>`
      WITH due AS (
        SELECT subscriber_id FROM newsletter_briefing_deliveries
        WHERE market_date = ${date} AND status IN ('pending', 'sending') AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at, subscriber_id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE newsletter_briefing_deliveries AS d
        SET status = 'sending', attempts = d.attempts + 1
      FROM due, newsletter_subscribers AS s
      WHERE d.market_date = ${date} AND d.subscriber_id = due.subscriber_id AND s.id = d.subscriber_id
      RETURNING d.subscriber_id AS "subscriberId", s.email, d.attempts`;
  }

  async markSent(marketDate: string, subscriberId: string, now: Date): Promise<void> {
    await this.setStatus(marketDate, subscriberId, 'sent', { sentAt: now, lastError: null });
  }

  /** A temporary failure: tried again at `retryAt`, or failed for good when that is null. */
  async markTemporaryFailure(
    marketDate: string,
    subscriberId: string,
    error: string,
    retryAt: Date | null,
  ): Promise<void> {
    if (retryAt) {
      await this.setStatus(marketDate, subscriberId, 'pending', {
        lastError: error,
        nextAttemptAt: retryAt,
      });
    } else {
      await this.setStatus(marketDate, subscriberId, 'failed', { lastError: error });
    }
  }

  /** Refused for good: this delivery and every later one to the address stop. */
  async markUndeliverable(
    marketDate: string,
    subscriberId: string,
    error: string,
    now: Date,
  ): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.briefingDelivery.update({
        where: { marketDate_subscriberId: { marketDate: dateColumn(marketDate), subscriberId } },
        data: { status: 'undeliverable', lastError: error },
      }),
      this.prisma.newsletterSubscriber.updateMany({
        where: { id: subscriberId, status: 'confirmed' },
        data: { status: 'undeliverable', undeliverableAt: now },
      }),
    ]);
  }

  /** The earliest retry still waiting, or null when every delivery reached a final state. */
  async nextRetry(marketDate: string): Promise<Date | null> {
    const row = await this.prisma.briefingDelivery.findFirst({
      where: { marketDate: dateColumn(marketDate), status: { in: ['pending', 'sending'] } },
      orderBy: { nextAttemptAt: 'asc' },
      select: { nextAttemptAt: true },
    });
    return row?.nextAttemptAt ?? null;
  }

  async finish(marketDate: string, now: Date): Promise<void> {
    await this.prisma.briefing.updateMany({
      where: { marketDate: dateColumn(marketDate), status: 'sending' },
      data: { status: 'sent', finishedAt: now },
    });
  }

  /** Deliveries of the day by status. */
  async counts(marketDate: string): Promise<Record<DeliveryStatus, number>> {
    const groups = await this.prisma.briefingDelivery.groupBy({
      by: ['status'],
      where: { marketDate: dateColumn(marketDate) },
      _count: { _all: true },
    });
    const counts: Record<DeliveryStatus, number> = {
      pending: 0,
      sending: 0,
      sent: 0,
      failed: 0,
      undeliverable: 0,
      cancelled: 0,
    };
    for (const group of groups) counts[group.status] = group._count._all;
    return counts;
  }

  /** The listed guides and blogs ("kind/slug"), newest first; ones removed since are left out. */
  async newItems(listed: string[]): Promise<NewItem[]> {
    if (listed.length === 0) return [];
    const keys = listed.map((key) => {
      const [kind, ...slug] = key.split('/');
      return { kind: kind as NewItem['kind'], slug: slug.join('/') };
    });
    return this.prisma.contentItem.findMany({
      where: { OR: keys },
      orderBy: [{ createdAt: 'desc' }, { slug: 'asc' }],
      select: { kind: true, slug: true, title: true, description: true },
    });
  }

  private async setStatus(
    marketDate: string,
    subscriberId: string,
    status: DeliveryStatus,
    data: { sentAt?: Date; lastError?: string | null; nextAttemptAt?: Date },
  ): Promise<void> {
    await this.prisma.briefingDelivery.update({
      where: { marketDate_subscriberId: { marketDate: dateColumn(marketDate), subscriberId } },
      data: { status, ...data },
    });
  }
}
