import { Injectable } from '@nestjs/common';
import type { Db } from '../billing/billing.repository';
import { PrismaService } from '../prisma/prisma.service';

export interface MemberRow {
  id: string;
  email: string;
}

export interface ConsumedSignIn {
  email: string;
  returnTo: string | null;
}

export interface NewSignInToken {
  tokenHash: string;
  email: string;
  returnTo: string | null;
  expiresAt: Date;
  /** SHA-256 of the sign-in cookie of the browser that asked. */
  browserHash: string;
  /** The link to mail: kept with the token until the mail is sent. */
  pendingMail: string;
}

/** A sign-in mail a sender has claimed: whom to send which link, and how many tries it took. */
export interface ClaimedMail {
  /** The link's token hash. */
  id: string;
  email: string;
  link: string;
  attempts: number;
}

interface ClaimedRow {
  token_hash: string;
  email: string;
  pending_mail: string;
  mail_attempts: number;
}

const claimed = (row: ClaimedRow): ClaimedMail => ({
  id: row.token_hash,
  email: row.email,
  link: row.pending_mail,
  attempts: row.mail_attempts,
});

export interface UsableSignIn extends ConsumedSignIn {
  browserHash: string | null;
}

/** Members, their sessions and the sign-in links mailed to them. */
@Injectable()
export class MembersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Stores a new link unless the address already had `limit` in the window, as one step: the
   * address's lock makes concurrent requests queue, so no burst can mail more than `limit`.
   * Answers when the oldest link of the window was made, if the limit was reached.
   */
  async createSignInTokenWithinLimit(
    token: NewSignInToken,
    limit: number,
    since: Date,
  ): Promise<{ created: true } | { created: false; oldest: Date }> {
    return this.prisma.$transaction(async (db) => {
      await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${'sign-in:' + token.email}, 0))`;
      const window = await db.signInToken.aggregate({
        where: { email: token.email, createdAt: { gte: since } },
        _count: true,
        _min: { createdAt: true },
      });
      if (window._count >= limit) {
        return { created: false as const, oldest: window._min.createdAt ?? new Date() };
      }
      await db.signInToken.create({ data: token });
      return { created: true as const };
    });
  }

  /**
   * Claims one link's mail for `leaseUntil` (counting the try), if it still waits and no other
   * sender holds it: the process that answered sends it at once.
   */
  async claimMail(tokenHash: string, now: Date, leaseUntil: Date): Promise<ClaimedMail | null> {
    const rows = await this.prisma.$queryRaw<ClaimedRow[]>`
      UPDATE sign_in_tokens
      SET mail_lease_until = ${leaseUntil}, mail_attempts = mail_attempts + 1
      WHERE token_hash = ${tokenHash} AND pending_mail IS NOT NULL AND expires_at > ${now}
        AND (mail_lease_until IS NULL OR mail_lease_until <= ${now})
      RETURNING token_hash, email, pending_mail, mail_attempts`;
    return rows[0] ? claimed(rows[0]) : null;
  }

  /**
   * Claims up to `limit` mails no sender holds (one whose sender died, one due for another try),
   * oldest first; replicas sweeping at once take different rows. Links that expired unsent are
   * cleared first: their mail would be no use.
   */
  async claimDueMails(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
    await this.prisma.$executeRaw`
      UPDATE sign_in_tokens SET pending_mail = NULL, mail_lease_until = NULL
      WHERE pending_mail IS NOT NULL AND expires_at <= ${now}`;
    const rows = await this.prisma.$queryRaw<ClaimedRow[]>`
      UPDATE sign_in_tokens
      SET mail_lease_until = ${leaseUntil}, mail_attempts = mail_attempts + 1
      WHERE token_hash IN (
        SELECT token_hash FROM sign_in_tokens
        WHERE pending_mail IS NOT NULL AND expires_at > ${now}
          AND (mail_lease_until IS NULL OR mail_lease_until <= ${now})
        ORDER BY created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING token_hash, email, pending_mail, mail_attempts`;
    return rows.map(claimed);
  }

  /** The mail is sent or given up on: the raw link is kept no longer. */
  async finishMail(tokenHash: string): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE sign_in_tokens SET pending_mail = NULL, mail_lease_until = NULL
      WHERE token_hash = ${tokenHash}`;
  }

  /** The mail is tried again once `at` has passed, by whichever sender sweeps first. */
  async retryMailAt(tokenHash: string, at: Date): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE sign_in_tokens SET mail_lease_until = ${at} WHERE token_hash = ${tokenHash}`;
  }

  /** An unused, unexpired link, read without using it up. */
  findUsableSignInToken(tokenHash: string, now: Date): Promise<UsableSignIn | null> {
    return this.prisma.signInToken.findFirst({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      select: { email: true, returnTo: true, browserHash: true },
    });
  }

  /**
   * Marks an unused, unexpired link used and returns what it was for, in one statement: two
   * clicks at once cannot both sign in.
   */
  async consumeSignInToken(tokenHash: string, now: Date, db: Db): Promise<ConsumedSignIn | null> {
    const rows = await db.$queryRaw<{ email: string; return_to: string | null }[]>`
      UPDATE sign_in_tokens SET used_at = ${now}
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
      RETURNING email, return_to`;
    const row = rows[0];
    return row ? { email: row.email, returnTo: row.return_to } : null;
  }

  /** The member with this (normalised) address, created if there is none. */
  async ensureMember(email: string, db: Db = this.prisma): Promise<MemberRow> {
    await db.$executeRaw`
      INSERT INTO members (id, email, created_at) VALUES (gen_random_uuid(), ${email}, now())
      ON CONFLICT (email) DO NOTHING`;
    return db.member.findUniqueOrThrow({ where: { email }, select: { id: true, email: true } });
  }

  async markVerified(memberId: string, at: Date, db: Db): Promise<void> {
    await db.member.updateMany({
      where: { id: memberId, verifiedAt: null },
      data: { verifiedAt: at },
    });
  }

  async createSession(
    session: { tokenHash: string; memberId: string; expiresAt: Date },
    db: Db = this.prisma,
  ): Promise<void> {
    await db.memberSession.create({ data: session });
  }

  async memberForSession(tokenHash: string, now: Date): Promise<MemberRow | null> {
    const session = await this.prisma.memberSession.findFirst({
      where: { tokenHash, revokedAt: null, expiresAt: { gt: now } },
      select: { member: { select: { id: true, email: true } } },
    });
    return session?.member ?? null;
  }

  async revokeSession(tokenHash: string, at: Date): Promise<void> {
    await this.prisma.memberSession.updateMany({
      where: { tokenHash, revokedAt: null },
      data: { revokedAt: at },
    });
  }

  /** The member's customers, oldest first: the first is the one new checkouts reuse. */
  async customersOf(memberId: string): Promise<string[]> {
    const rows = await this.prisma.customer.findMany({
      where: { memberId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    return rows.map((row) => row.id);
  }

  /** Links a customer to the member with this address (created if needed), unless it has one. */
  async linkCustomer(customerId: string, email: string, db: Db): Promise<void> {
    const member = await this.ensureMember(email, db);
    await db.customer.updateMany({
      where: { id: customerId, memberId: null },
      data: { memberId: member.id },
    });
  }
}
