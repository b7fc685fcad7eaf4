import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { MAILER, type Mailer } from '@probedge/kit';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { NewsletterRepository } from './newsletter.repository';

export const CONFIRM_PATH = '/api/newsletter/confirm';
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Double opt-in: every sign-up gets the same answer, so the form reveals nothing about anyone. */
@Injectable()
export class NewsletterService {
  private readonly logger = new Logger(NewsletterService.name);

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly repository: NewsletterRepository,
  ) {}

  async signUp(rawEmail: string): Promise<void> {
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

  confirm(token: string): Promise<boolean> {
    return this.repository.confirm(hashToken(token), new Date());
  }
}
