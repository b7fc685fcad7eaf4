import { Inject, Injectable, Logger } from '@nestjs/common';
import { RateLimiter } from '@probedge/kit';
import { apiPath, MAILED_LINK_PAGES } from '@probedge/proto';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { ConfirmationOutbox } from './confirmation-outbox';
import { hashToken } from './confirmation-sender';
import { NewsletterError, SignUpsLimitedError } from './newsletter.errors';
import { NewsletterRepository } from './newsletter.repository';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

/** What a signed unsubscribe link did: malformed or forged links are not told apart from unknown ones. */
export type LinkOutcome = 'done' | 'unknown';

export interface UnsubscribeLinks {
  /** For people: the page that unsubscribes and confirms it. */
  page: string;
  /** For mail clients: List-Unsubscribe, answered to a POST (RFC 8058). */
  oneClick: string;
}
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Double opt-in: every sign-up gets the same answer, so the form reveals nothing about anyone. */
@Injectable()
export class NewsletterService {
  private readonly logger = new Logger(NewsletterService.name);
  private signingKey?: Promise<Buffer>;
  // Per replica, over an hour: the gateway's buckets are per minute and for every route, while a
  // sign-up sends a mail, so its own slower bucket stays here.
  private readonly signUps: RateLimiter;

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly repository: NewsletterRepository,
    private readonly outbox: ConfirmationOutbox,
  ) {
    this.signUps = new RateLimiter(
      config.NEWSLETTER_RATE_LIMIT,
      config.NEWSLETTER_RATE_WINDOW_SECONDS * 1000,
    );
  }

  /**
   * Queues a confirmation link for a valid address; `client` is who asked, for the sign-up limit.
   * Nothing here depends on the address's state, so every address is answered alike and as fast.
   */
  async signUp(email: string, client: string): Promise<void> {
    const wait = this.signUps.take(client);
    if (wait !== undefined) throw new SignUpsLimitedError(wait);
    try {
      await this.outbox.offer(email);
    } catch (error) {
      // The database is away (or its answer was lost): asking again is safe, a sign-up that was
      // written still gets its one mail.
      this.logger.error({ err: (error as Error).message }, 'confirmation mail could not be queued');
      throw new NewsletterError(
        'NEWSLETTER_UNAVAILABLE',
        'The sign-up could not be taken right now; please try again shortly',
        error,
      );
    }
  }

  /** Confirms a sign-up: the new subscriber's unsubscribe page, or null for an unknown or expired token. */
  async confirm(token: string): Promise<{ unsubscribePage: string } | null> {
    const subscriberId = await this.repository.confirm(hashToken(token), new Date());
    if (subscriberId === null) return null;
    return { unsubscribePage: (await this.unsubscribeLinks(subscriberId)).page };
  }

  /** The signed unsubscribe links of one subscriber, for every mail they get. */
  async unsubscribeLinks(subscriberId: string): Promise<UnsubscribeLinks> {
    const token = signUnsubscribeToken(await this.key(), subscriberId);
    const page = new URL(MAILED_LINK_PAGES.newsletterUnsubscribed, this.config.PUBLIC_URL);
    page.searchParams.set('token', token);
    // RFC 8058 one-click target (List-Unsubscribe with List-Unsubscribe-Post).
    const oneClick = new URL(apiPath('newsletterUnsubscribe'), this.config.PUBLIC_URL);
    oneClick.searchParams.set('token', token);
    return { page: page.toString(), oneClick: oneClick.toString() };
  }

  async unsubscribe(token: string): Promise<LinkOutcome> {
    const id = verifyUnsubscribeToken(await this.key(), token);
    return id !== null && (await this.repository.unsubscribe(id, new Date())) ? 'done' : 'unknown';
  }

  async resubscribe(token: string): Promise<LinkOutcome> {
    const id = verifyUnsubscribeToken(await this.key(), token);
    return id !== null && (await this.repository.resubscribe(id, new Date())) ? 'done' : 'unknown';
  }

  private key(): Promise<Buffer> {
    this.signingKey ??= this.repository.signingKey().catch((error: unknown) => {
      // Asked again next time rather than remembering a failure (the database may be back).
      this.signingKey = undefined;
      throw error;
    });
    return this.signingKey;
  }
}
