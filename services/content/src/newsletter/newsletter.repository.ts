import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';

@Injectable()
export class NewsletterRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByEmail(email: string) {
    return this.prisma.newsletterSubscriber.findUnique({ where: { email } });
  }

  /** A new pending sign-up, or a fresh token for one still pending; confirmed rows are untouched. */
  async upsertPending(email: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
    const written = await this.prisma.$executeRaw`
      INSERT INTO newsletter_subscribers (id, email, status, token_hash, token_expires_at)
      VALUES (gen_random_uuid(), ${email}, 'pending', ${tokenHash}, ${expiresAt})
      ON CONFLICT (email) DO UPDATE
        SET token_hash = EXCLUDED.token_hash, token_expires_at = EXCLUDED.token_expires_at
        WHERE newsletter_subscribers.status = 'pending'`;
    return written > 0;
  }

  /**
   * Confirms the sign-up holding this token if it has not expired. Following the same link again
   * after confirming is still a success; an unknown or expired token is not.
   */
  async confirm(tokenHash: string, now: Date): Promise<boolean> {
    const { count } = await this.prisma.newsletterSubscriber.updateMany({
      where: { tokenHash, status: 'pending', tokenExpiresAt: { gt: now } },
      data: { status: 'confirmed', confirmedAt: now },
    });
    if (count > 0) return true;
    const row = await this.prisma.newsletterSubscriber.findUnique({ where: { tokenHash } });
    return row?.status === 'confirmed';
  }
}
