import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { MailOutbox } from '@probedge/kit';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { ConfirmationSender } from './confirmation-sender';
import {
  NewsletterRepository,
  type ClaimedConfirmation,
  type MailShare,
} from './newsletter.repository';

/** Whether this process sends confirmation mails (not the content sync). */
export const SENDS_CONFIRMATIONS = Symbol('SENDS_CONFIRMATIONS');

const DELIVERY_ATTEMPTS = 5;
const DELIVERY_BACKOFF_MS = 10_000;
/** How often each sending process looks for confirmation mail that waits. */
const MAIL_SWEEP_MS = 5000;
const MAIL_SWEEP_BATCH = 20;

/**
 * Confirmation mails are written to the outbox table before the sign-up is answered and sent
 * after it: the answer then takes the same time whatever the address's state, a slow mail server
 * delays only the mail, and no crash can lose a mail that was promised. Each address gets at most
 * NEWSLETTER_MAILS_PER_ADDRESS mails per window, however many clients ask; its share is taken in
 * the row's own transaction, so a sign-up whose answer was lost still gets its mail.
 */
@Injectable()
export class ConfirmationOutbox implements OnModuleInit, OnModuleDestroy {
  private readonly mails: MailOutbox<ClaimedConfirmation>;
  private readonly share: MailShare;

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    sender: ConfirmationSender,
    private readonly repository: NewsletterRepository,
    @Inject(SENDS_CONFIRMATIONS) private readonly sendsMail: boolean,
  ) {
    this.share = {
      limit: config.NEWSLETTER_MAILS_PER_ADDRESS,
      windowMs: config.NEWSLETTER_MAIL_WINDOW_SECONDS * 1000,
      gapMs: config.NEWSLETTER_MAIL_GAP_SECONDS * 1000,
    };
    this.mails = new MailOutbox<ClaimedConfirmation>({
      name: 'confirmation mail',
      store: {
        claim: (id, now, leaseUntil) => repository.claimConfirmation(id, now, leaseUntil),
        claimDue: async (now, leaseUntil, limit) => {
          await repository.forgetMailSharesBefore(new Date(now.getTime() - this.share.windowMs));
          return repository.claimDueConfirmations(now, leaseUntil, limit);
        },
        finish: (mail) => repository.finishConfirmation(mail.id),
        retryAt: (mail, at) => repository.retryConfirmationAt(mail.id, at),
      },
      send: (mail) => sender.send(mail.email),
      // A mail whose process was killed mid-send goes out from another (or the restarted one)
      // as soon as a briefing would.
      leaseMs: config.BRIEFING_LOCK_DURATION_MS,
      attempts: DELIVERY_ATTEMPTS,
      retryDelayMs: (attempt) => DELIVERY_BACKOFF_MS * 2 ** (attempt - 1),
      sweepMs: MAIL_SWEEP_MS,
      sweepBatch: MAIL_SWEEP_BATCH,
      logger: new Logger(ConfirmationOutbox.name),
    });
  }

  onModuleInit(): void {
    if (this.sendsMail) this.mails.start();
  }

  /**
   * Writes a confirmation mail unless the address had its share (the caller cannot tell which),
   * and sends it after the answer.
   */
  async offer(email: string): Promise<void> {
    const id = await this.repository.queueConfirmationWithinLimit(email, new Date(), this.share);
    if (id !== null && this.sendsMail) this.mails.sendSoon(id);
  }

  /** Confirmation mails not yet sent (waiting for a retry included). */
  backlog(): Promise<number> {
    return this.repository.confirmationBacklog();
  }

  async onModuleDestroy(): Promise<void> {
    await this.mails.stop();
  }
}
