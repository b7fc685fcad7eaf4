import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  fromDateColumn,
  dayOfWeek,
  MAILER,
  MailDeliveryError,
  Mailer,
  marketDate as marketDateOf,
  Metrics,
  zonedTime,
} from '@probedge/kit';
import type { BriefingPayload } from '@probedge/proto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { NewsletterService } from '../newsletter/newsletter.service';
import { BriefingError } from './briefing.errors';
import { renderBriefing, type RenderedBriefing } from './briefing-mail';
import { BriefingRepository, type Briefing, type ClaimedDelivery } from './briefing.repository';

/** What a pass over the day's outbox left: done, or a retry that is not due yet. */
export type PassResult = { state: 'done' } | { state: 'retry'; at: Date } | { state: 'stopped' };

/** What became of an analysis handed to the newsletter. */
export type ReceiveResult =
  | { state: 'send'; marketDate: string }
  | { state: 'finished' | 'skipped'; marketDate: string; reason?: string };

/** Used for the preview's links: signed like a real one, for nobody. */
const PREVIEW_SUBSCRIBER = '00000000-0000-0000-0000-000000000000';

/**
 * The morning briefing: decides whether the day gets one, starts its outbox, and sends it over the
 * pooled SMTP connections at the configured rate. Every delivery's state is in Postgres, so a run
 * that dies is taken up by the next one without a gap; a message is only sent again when the run
 * died between the SMTP server's answer and the row's update (it then carries the same
 * Message-ID).
 */
@Injectable()
export class BriefingService {
  private readonly logger = new Logger(BriefingService.name);
  private nextSlot = 0;
  private stopping = false;

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly repository: BriefingRepository,
    private readonly newsletter: NewsletterService,
    private readonly metrics: Metrics,
  ) {}

  /** Asks a running pass to stop after the messages in flight (shutdown). */
  stop(): void {
    this.stopping = true;
  }

  get cutoffLabel(): string {
    return `${this.config.BRIEFING_CUTOFF} ${this.config.MARKET_TIMEZONE}`;
  }

  /** The day's analysis arrived: start the day's briefing, or say why there is none. */
  async receive(payload: BriefingPayload, now = new Date()): Promise<ReceiveResult> {
    const { marketDate } = payload;
    // A day already under way is taken up whatever the clock says: its outbox is the promise.
    const existing = await this.repository.find(marketDate);
    if (existing?.status === 'sending') {
      this.logger.log({ marketDate }, 'morning briefing resumed');
      return { state: 'send', marketDate };
    }
    const refuse = async (reason: string): Promise<ReceiveResult> => {
      await this.repository.skipWithAnalysis(payload, reason, now);
      this.logger.warn({ marketDate, reason }, 'no morning briefing for this day');
      return { state: 'skipped', marketDate, reason };
    };
    if (!this.isBriefingDay(marketDate)) return refuse(`${marketDate} is not a market day`);
    const cutoff = zonedTime(marketDate, this.config.BRIEFING_CUTOFF, this.config.MARKET_TIMEZONE);
    const writtenAt = new Date(payload.writtenAt);
    if (writtenAt > cutoff) {
      return refuse(
        `the analysis was written at ${writtenAt.toISOString()}, after the ${this.cutoffLabel} cut-off`,
      );
    }
    if (marketDateOf(now, this.config.MARKET_TIMEZONE) > marketDate) {
      return refuse(`the market day ${marketDate} is over; a late briefing is not sent`);
    }
    const started = await this.repository.start(payload, now);
    if (started.state === 'started') {
      this.logger.log({ marketDate, recipients: started.recipients }, 'morning briefing started');
      return { state: 'send', marketDate };
    }
    if (started.state === 'resumed') {
      this.logger.log({ marketDate }, 'morning briefing resumed');
      return { state: 'send', marketDate };
    }
    const reason = started.briefing.reason ?? undefined;
    if (started.state === 'skipped') {
      this.logger.warn({ marketDate, reason }, 'no morning briefing for this day');
    }
    return { state: started.state, marketDate, reason };
  }

  /**
   * The day's cut-off: a market day without an analysis by now gets no briefing, and the log says
   * so. Returns the reason when the day was marked.
   */
  async cutoff(now = new Date()): Promise<string | null> {
    const marketDate = marketDateOf(now, this.config.MARKET_TIMEZONE);
    if (!this.isBriefingDay(marketDate)) return null;
    const reason = `no analysis was written by the ${this.cutoffLabel} cut-off`;
    if (!(await this.repository.skip(marketDate, reason, now))) return null;
    this.logger.warn({ marketDate, reason }, 'no morning briefing for this day');
    return reason;
  }

  /** Sends every delivery of the day that is due; stops at the first one still waiting to retry. */
  async sendDue(marketDate: string): Promise<PassResult> {
    const briefing = await this.repository.find(marketDate);
    if (!briefing || briefing.status !== 'sending') return { state: 'done' };
    const rendered = await this.render(briefing);
    for (;;) {
      if (this.stopping) return { state: 'stopped' };
      const batch = await this.repository.claim(
        marketDate,
        this.config.BRIEFING_BATCH_SIZE,
        new Date(),
      );
      if (batch.length === 0) break;
      let next = 0;
      const lane = async () => {
        while (next < batch.length && !this.stopping) {
          const delivery = batch[next++]!;
          await this.pace();
          await this.deliver(marketDate, rendered, delivery);
        }
      };
      const lanes = Math.min(this.config.BRIEFING_SMTP_CONNECTIONS, batch.length);
      await Promise.all(Array.from({ length: lanes }, lane));
    }
    await this.recordCounts(marketDate);
    const retryAt = await this.repository.nextRetry(marketDate);
    if (retryAt) return { state: 'retry', at: retryAt };
    await this.repository.finish(marketDate, new Date());
    this.logger.log(
      { marketDate, ...(await this.repository.counts(marketDate)) },
      'morning briefing finished',
    );
    return { state: 'done' };
  }

  /**
   * A day's briefing (today without a date) as a subscriber sees it, with links that unsubscribe
   * nobody; 404 when the day's analysis has not reached the newsletter.
   */
  async preview(date?: string): Promise<string> {
    const marketDate = date ?? this.today();
    const briefing = await this.repository.find(marketDate);
    if (!briefing?.analysis) {
      throw new BriefingError(
        'BRIEFING_NOT_FOUND',
        `There is no briefing for ${marketDate}: the day's analysis has not reached the newsletter`,
      );
    }
    const rendered = await this.render(briefing);
    return rendered.forRecipient(await this.newsletter.unsubscribeLinks(PREVIEW_SUBSCRIBER)).html;
  }

  private isBriefingDay(marketDate: string): boolean {
    return this.config.BRIEFING_DAYS.includes(dayOfWeek(marketDate));
  }

  today(now = new Date()): string {
    return marketDateOf(now, this.config.MARKET_TIMEZONE);
  }

  private async render(briefing: Briefing): Promise<RenderedBriefing> {
    const newItems = await this.repository.newItems(briefing.listed);
    return renderBriefing(
      {
        marketDate: fromDateColumn(briefing.marketDate),
        analysis: briefing.analysis ?? '',
        themes: briefing.themes,
        watch: briefing.watch,
        newItems,
      },
      {
        brand: this.config.BRAND_NAME,
        publicUrl: this.config.PUBLIC_URL,
        supportEmail: this.config.SUPPORT_EMAIL,
      },
    );
  }

  /** Waits for the next send slot: BRIEFING_RATE_PER_SECOND over all lanes (0: no wait). */
  private async pace(): Promise<void> {
    const rate = this.config.BRIEFING_RATE_PER_SECOND;
    if (rate <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + 1000 / rate;
    if (slot > now) await sleep(slot - now);
  }

  private async deliver(
    marketDate: string,
    rendered: RenderedBriefing,
    delivery: ClaimedDelivery,
  ): Promise<void> {
    const links = await this.newsletter.unsubscribeLinks(delivery.subscriberId);
    const message = rendered.forRecipient(links);
    const host = new URL(this.config.PUBLIC_URL).hostname;
    try {
      await this.mailer.send({
        to: delivery.email,
        subject: rendered.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: `<briefing.${marketDate}.${delivery.subscriberId}@${host}>`,
      });
    } catch (error) {
      await this.failed(marketDate, delivery, error as Error);
      return;
    }
    await this.repository.markSent(marketDate, delivery.subscriberId, new Date());
    this.count('sent');
  }

  private async failed(marketDate: string, delivery: ClaimedDelivery, error: Error): Promise<void> {
    const reason = error.message.slice(0, 500);
    const { subscriberId, attempts } = delivery;
    if (error instanceof MailDeliveryError && error.permanent) {
      await this.repository.markUndeliverable(marketDate, subscriberId, reason, new Date());
      // The address is not logged; the subscriber's id finds it for whoever may look.
      this.logger.warn({ marketDate, subscriberId, err: reason }, 'address refused for good');
      this.count('undeliverable');
      return;
    }
    const retry = attempts < this.config.BRIEFING_MAX_ATTEMPTS;
    const retryAt = retry
      ? new Date(Date.now() + this.config.BRIEFING_RETRY_BASE_MS * 2 ** (attempts - 1))
      : null;
    await this.repository.markTemporaryFailure(marketDate, subscriberId, reason, retryAt);
    this.logger.warn(
      { marketDate, subscriberId, attempts, retryAt, err: reason },
      retry ? 'message deferred; will try again' : 'message failed after every attempt',
    );
    this.count(retry ? 'deferred' : 'failed');
  }

  private count(outcome: 'sent' | 'deferred' | 'failed' | 'undeliverable'): void {
    this.metrics
      .counter({
        name: 'newsletter_briefing_messages_total',
        help: 'Morning briefing messages by outcome: sent, deferred (tried again later), failed, undeliverable',
        labelNames: ['outcome'],
      })
      .inc({ outcome });
  }

  /** The latest day's deliveries by status, for dashboards (one day at a time). */
  private async recordCounts(marketDate: string): Promise<void> {
    const gauge = this.metrics.gauge({
      name: 'newsletter_briefing_deliveries',
      help: 'Deliveries of the latest morning briefing by status (the market_date label names the day)',
      labelNames: ['market_date', 'status'],
    });
    gauge.reset();
    for (const [status, count] of Object.entries(await this.repository.counts(marketDate))) {
      gauge.set({ market_date: marketDate, status }, count);
    }
  }
}
