import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { MAILER, type Mailer } from '@probedge/kit';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { NewsletterRepository } from './newsletter.repository';
import { apiPath } from '@probedge/proto';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Writes a fresh confirmation token for an address and mails its link; confirmed addresses get nothing. */
@Injectable()
export class ConfirmationSender {
  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly repository: NewsletterRepository,
  ) {}

  /** Throws when the mail server did not take the message, so the queue tries again later. */
  async send(email: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.NEWSLETTER_TOKEN_TTL_HOURS * 3_600_000);
    const pending = await this.repository.upsertPending(email, hashToken(token), expiresAt);
    if (!pending) return;
    const link = new URL(apiPath('newsletterConfirm'), this.config.PUBLIC_URL);
    link.searchParams.set('token', token);
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
  }
}
