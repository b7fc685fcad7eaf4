import { Injectable } from '@nestjs/common';
import type { SandboxSession, SandboxSubscription } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** The sandbox provider's own store: what Stripe would hold, kept in this service's database. */
@Injectable()
export class SandboxRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * A checkout waiting on the sandbox checkout page, as Stripe's hosted page would. Like Stripe, a
   * request with an idempotency key seen before gets the session it created: returns its id.
   */
  async createOpenCheckout(input: {
    sessionId: string;
    customerId: string;
    priceId: string;
    email: string | null;
    successUrl: string;
    idempotencyKey: string;
  }): Promise<string> {
    const created = await this.prisma.$queryRaw<{ id: string }[]>`
      INSERT INTO sandbox_sessions (id, customer_id, price_id, email, success_url, idempotency_key)
      VALUES (${input.sessionId}, ${input.customerId}, ${input.priceId}, ${input.email},
              ${input.successUrl}, ${input.idempotencyKey})
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id`;
    if (created.length > 0) return input.sessionId;
    // A statement of its own: it sees the twin a concurrent request committed meanwhile.
    const twin = await this.prisma.sandboxSession.findUniqueOrThrow({
      where: { idempotencyKey: input.idempotencyKey },
      select: { id: true },
    });
    return twin.id;
  }

  /**
   * Pays an open checkout: the subscription starts and the session completes, together. false when
   * the session was completed before (a second submit of the page).
   */
  async completeCheckout(input: {
    sessionId: string;
    email: string;
    subscriptionId: string;
    currentPeriodEnd: Date;
  }): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const session = await tx.sandboxSession.findUnique({ where: { id: input.sessionId } });
      if (!session) return false;
      const { count } = await tx.sandboxSession.updateMany({
        where: { id: input.sessionId, completedAt: null },
        data: {
          completedAt: new Date(),
          email: input.email,
          subscriptionId: input.subscriptionId,
        },
      });
      if (count === 0) return false;
      await tx.sandboxSubscription.create({
        data: {
          id: input.subscriptionId,
          customerId: session.customerId,
          priceId: session.priceId,
          status: 'active',
          currentPeriodEnd: input.currentPeriodEnd,
        },
      });
      return true;
    });
  }

  findSession(id: string): Promise<SandboxSession | null> {
    return this.prisma.sandboxSession.findUnique({ where: { id } });
  }

  findSubscription(id: string): Promise<SandboxSubscription | null> {
    return this.prisma.sandboxSubscription.findUnique({ where: { id } });
  }

  /** Cancels every live sandbox subscription of the customer; returns the ones it changed. */
  async cancelAll(customerId: string): Promise<SandboxSubscription[]> {
    return this.prisma.$transaction(async (tx) => {
      const live = await tx.sandboxSubscription.findMany({
        where: { customerId, status: { not: 'canceled' } },
      });
      await tx.sandboxSubscription.updateMany({
        where: { id: { in: live.map((row) => row.id) } },
        data: { status: 'canceled', cancelAtPeriodEnd: false },
      });
      return tx.sandboxSubscription.findMany({ where: { id: { in: live.map((row) => row.id) } } });
    });
  }
}
