import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ClaimedOutboxMail } from '@probedge/kit';
import { PrismaService } from '../prisma/prisma.service';

const SIGNING_KEY_ID = 1;

/** How many confirmation mails one address may get. */
export interface MailShare {
  limit: number;
  windowMs: number;
  /** Least time between two mails (0: none). */
  gapMs: number;
}

/** A confirmation mail claimed by one sender. */
export interface ClaimedConfirmation extends ClaimedOutboxMail {
  email: string;
}

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

  /**
   * Writes a sign-up's confirmation mail, due at once, unless the address had its share: at most
   * `limit` mails per window and none within `gapMs` of the last. One transaction under the
   * address's lock, so concurrent sign-ups from any replica queue, and the share is taken together
   * with the mail: a sign-up whose answer was lost on the way still gets its mail. Names the row,
   * or null when refused.
   */
  async queueConfirmationWithinLimit(
    email: string,
    now: Date,
    share: MailShare,
  ): Promise<string | null> {
    const addressHash = createHash('sha256').update(email).digest('hex');
    return this.prisma.$transaction(async (db) => {
      await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${'newsletter:' + addressHash}, 0))`;
      await db.newsletterMailSlot.deleteMany({
        where: { addressHash, takenAt: { lte: new Date(now.getTime() - share.windowMs) } },
      });
      const taken = await db.newsletterMailSlot.aggregate({
        where: { addressHash },
        _count: true,
        _max: { takenAt: true },
      });
      const last = taken._max.takenAt;
      if (taken._count >= share.limit) return null;
      if (last && share.gapMs > 0 && now.getTime() - last.getTime() < share.gapMs) return null;
      const id = randomUUID();
      await db.newsletterMailSlot.create({ data: { addressHash, takenAt: now } });
      await db.newsletterConfirmation.create({
        data: { id, email, nextAttemptAt: now, createdAt: now },
      });
      return id;
    });
  }

  /** Claims one confirmation mail until `leaseUntil` (counting the try) if it is due. */
  async claimConfirmation(
    id: string,
    now: Date,
    leaseUntil: Date,
  ): Promise<ClaimedConfirmation | null> {
    const rows = await this.prisma.$queryRaw<ClaimedConfirmation[]>`
      UPDATE newsletter_confirmations
      SET next_attempt_at = ${leaseUntil}, attempts = attempts + 1
      WHERE id = ${id}::uuid AND next_attempt_at <= ${now}
      RETURNING id::text AS id, email, attempts`;
    return rows[0] ?? null;
  }

  /** Claims up to `limit` due confirmation mails, oldest first; concurrent sweeps take different rows. */
  claimDueConfirmations(
    now: Date,
    leaseUntil: Date,
    limit: number,
  ): Promise<ClaimedConfirmation[]> {
    return this.prisma.$queryRaw<ClaimedConfirmation[]>`
      UPDATE newsletter_confirmations
      SET next_attempt_at = ${leaseUntil}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM newsletter_confirmations
        WHERE next_attempt_at <= ${now}
        ORDER BY next_attempt_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id::text AS id, email, attempts`;
  }

  /** Shares taken before `before` count for nobody any more. */
  async forgetMailSharesBefore(before: Date): Promise<void> {
    await this.prisma.newsletterMailSlot.deleteMany({ where: { takenAt: { lte: before } } });
  }

  /** The mail was sent or given up on: the address waits here no longer. */
  async finishConfirmation(id: string): Promise<void> {
    await this.prisma.newsletterConfirmation.deleteMany({ where: { id } });
  }

  async retryConfirmationAt(id: string, at: Date): Promise<void> {
    await this.prisma.newsletterConfirmation.updateMany({
      where: { id },
      data: { nextAttemptAt: at },
    });
  }

  /** Confirmation mails not yet sent nor given up on (waiting for a retry included). */
  confirmationBacklog(): Promise<number> {
    return this.prisma.newsletterConfirmation.count();
  }
}
