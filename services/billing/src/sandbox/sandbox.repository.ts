import { Injectable } from '@nestjs/common';
import type { SandboxSession, SandboxSubscription } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** The sandbox provider's own store: what Stripe would hold, kept in this service's database. */
@Injectable()
export class SandboxRepository {
  constructor(private readonly prisma: PrismaService) {}

  async createCompletedCheckout(input: {
    sessionId: string;
    customerId: string;
    subscriptionId: string;
    priceId: string;
    currentPeriodEnd: Date;
  }): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.sandboxSubscription.create({
        data: {
          id: input.subscriptionId,
          customerId: input.customerId,
          priceId: input.priceId,
          status: 'active',
          currentPeriodEnd: input.currentPeriodEnd,
        },
      }),
      this.prisma.sandboxSession.create({
        data: {
          id: input.sessionId,
          customerId: input.customerId,
          subscriptionId: input.subscriptionId,
          priceId: input.priceId,
        },
      }),
    ]);
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
