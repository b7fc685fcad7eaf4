import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { PrismaService } from '../prisma/prisma.service';

const SIGNING_KEY_ID = 1;

@Injectable()
export class NewsletterRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByEmail(email: string) {
    return this.prisma.newsletterSubscriber.findUnique({ where: { email } });
  }

  /**
   * A new pending sign-up, or a fresh token for one still pending, unsubscribed or undeliverable
   * (signing up again after leaving, or after the address bounced, starts a new double opt-in);
   * confirmed rows are untouched.
   */
  async upsertPending(email: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
    const written = await this.prisma.$executeRaw`
      INSERT INTO newsletter_subscribers (id, email, status, token_hash, token_expires_at)
      VALUES (gen_random_uuid(), ${email}, 'pending', ${tokenHash}, ${expiresAt})
      ON CONFLICT (email) DO UPDATE
        SET status = 'pending', token_hash = EXCLUDED.token_hash,
            token_expires_at = EXCLUDED.token_expires_at
        WHERE newsletter_subscribers.status IN ('pending', 'unsubscribed', 'undeliverable')`;
    return written > 0;
  }

  /**
   * Confirms the sign-up holding this token if it has not expired, and names the subscriber.
   * Following the same link again after confirming is still a success; an unknown or expired token
   * is not (null).
   */
  async confirm(tokenHash: string, now: Date): Promise<string | null> {
    const { count } = await this.prisma.newsletterSubscriber.updateMany({
      where: { tokenHash, status: 'pending', tokenExpiresAt: { gt: now } },
      data: { status: 'confirmed', confirmedAt: now },
    });
    const row = await this.prisma.newsletterSubscriber.findUnique({ where: { tokenHash } });
    return (count > 0 || row?.status === 'confirmed') && row ? row.id : null;
  }

  /** The site's signing key for unsubscribe links, made on first use (one row, whoever wins). */
  async signingKey(): Promise<Buffer> {
    await this.prisma.$executeRaw`
      INSERT INTO newsletter_signing_keys (id, key) VALUES (${SIGNING_KEY_ID}, ${randomBytes(32)})
      ON CONFLICT (id) DO NOTHING`;
    const row = await this.prisma.newsletterSigningKey.findUniqueOrThrow({
      where: { id: SIGNING_KEY_ID },
    });
    return Buffer.from(row.key);
  }

  /** Unsubscribes at once; false when no such subscriber exists. Leaving twice is still left. */
  async unsubscribe(id: string, now: Date): Promise<boolean> {
    await this.prisma.newsletterSubscriber.updateMany({
      where: { id, status: { not: 'unsubscribed' } },
      data: { status: 'unsubscribed', unsubscribedAt: now, tokenHash: null, tokenExpiresAt: null },
    });
    return (await this.prisma.newsletterSubscriber.count({ where: { id } })) > 0;
  }

  /**
   * Back on the list from a signed link: the link reached this address, so no new opt-in is needed.
   * False when no such subscriber exists.
   */
  async resubscribe(id: string, now: Date): Promise<boolean> {
    await this.prisma.newsletterSubscriber.updateMany({
      where: { id, status: { not: 'confirmed' } },
      data: {
        status: 'confirmed',
        confirmedAt: now,
        unsubscribedAt: null,
        tokenHash: null,
        tokenExpiresAt: null,
      },
    });
    return (await this.prisma.newsletterSubscriber.count({ where: { id } })) > 0;
  }
}
