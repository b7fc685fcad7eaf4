import { Injectable } from '@nestjs/common';
import type { SandboxSession, SandboxSubscription } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** The sandbox provider's own store: what Stripe would hold, kept in this service's database. */
@Injectable()
export class SandboxRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A checkout waiting on the sandbox checkout page, as Stripe's hosted page would. */
  async createOpenCheckout(input: {
    sessionId: string;
    customerId: string;
    priceId: string;
    email: string | null;
    successUrl: string;
  }): Promise<void> {
    await this.prisma.sandboxSession.create({
      data: {
        id: input.sessionId,
        customerId: input.customerId,
        priceId: input.priceId,
        email: input.email,
        successUrl: input.successUrl,
      },
    });
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
