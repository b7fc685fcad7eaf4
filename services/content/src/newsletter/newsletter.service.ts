import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { MAILER, RateLimiter, TooManyRequestsException, type Mailer } from '@probedge/kit';
import { MAILED_LINK_PAGES } from '@probedge/proto';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { NewsletterRepository } from './newsletter.repository';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

export const CONFIRM_PATH = '/api/newsletter/confirm';
/** RFC 8058 one-click target (List-Unsubscribe with List-Unsubscribe-Post). */
export const ONE_CLICK_PATH = '/api/newsletter/unsubscribe';

/** What a signed unsubscribe link did: malformed or forged links are not told apart from unknown ones. */
export type LinkOutcome = 'done' | 'unknown';

export interface UnsubscribeLinks {
  /** For people: the page that unsubscribes and confirms it. */
  page: string;
  /** For mail clients: List-Unsubscribe, answered to a POST (RFC 8058). */
  oneClick: string;
}
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

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
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly repository: NewsletterRepository,
  ) {
    this.signUps = new RateLimiter(
      config.NEWSLETTER_RATE_LIMIT,
      config.NEWSLETTER_RATE_WINDOW_SECONDS * 1000,
    );
  }

  /** Mails a confirmation link to a valid address; `client` is who asked, for the sign-up limit. */
  async signUp(rawEmail: string, client: string): Promise<void> {
    const wait = this.signUps.take(client);
    if (wait !== undefined) {
      throw new TooManyRequestsException(
        `Too many sign-ups from here; try again in ${wait} s`,
        wait,
      );
    }
    const email = rawEmail.trim().toLowerCase();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.NEWSLETTER_TOKEN_TTL_HOURS * 3_600_000);
    const pending = await this.repository.upsertPending(email, hashToken(token), expiresAt);
    // Already confirmed: nothing to send, and the answer stays the same.
    if (!pending) return;
    const link = new URL(CONFIRM_PATH, this.config.PUBLIC_URL);
    link.searchParams.set('token', token);
    try {
      await this.mailer.send({
        to: email,
        subject: `Confirm your ${this.config.BRAND_NAME} Daily Insights subscription`,
        text: [
          `Someone (hopefully you) asked to receive ${this.config.BRAND_NAME} Daily Insights at this address.`,
          '',
          `Confirm within ${this.config.NEWSLETTER_TOKEN_TTL_HOURS} hours: ${link.toString()}`,
          '',
          'If it was not you, ignore this message and nothing will be sent.',
          `Questions? Write to ${this.config.SUPPORT_EMAIL}.`,
          '',
          'Educational content only, not investment advice.',
        ].join('\n'),
      });
    } catch (error) {
      // The sign-up is stored; asking again sends a new link.
      this.logger.error({ err: (error as Error).message }, 'confirmation mail could not be sent');
      throw new ServiceUnavailableException(
        'The confirmation e-mail could not be sent right now; please try again shortly',
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
    const oneClick = new URL(ONE_CLICK_PATH, this.config.PUBLIC_URL);
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
