import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { BillingRepository } from '../billing/billing.repository';
import { BillingService } from '../billing/billing.service';
import type { Subscription } from '../generated/prisma/client';
import { BILLING_PROVIDER, type BillingProvider } from '../provider/billing-provider';
import { sandboxSnapshot } from './sandbox.provider';
import { SandboxRepository } from './sandbox.repository';

@Injectable()
export class SandboxPortalService {
  constructor(
    @Inject(BILLING_PROVIDER) private readonly provider: BillingProvider,
    private readonly billing: BillingService,
    private readonly repository: BillingRepository,
    private readonly sandbox: SandboxRepository,
  ) {}

  /** The portal exists only while the sandbox provider runs; with Stripe it is Stripe's. */
  private assertSandbox(): void {
    if (this.provider.kind !== 'sandbox') {
      throw new NotFoundException('The sandbox portal is off: Stripe is configured');
    }
  }

  /** null when no valid access cookie links this browser to a customer. */
  async subscriptions(accessToken: string | undefined): Promise<Subscription[] | null> {
    this.assertSandbox();
    const customerId = await this.billing.customerFor(accessToken);
    if (!customerId) return null;
    return this.repository.subscriptionsOf(customerId, this.billing.priceId);
  }

  /** Cancels at once (the sandbox has no billing period to wait for) and records it like a webhook. */
  async cancel(accessToken: string | undefined): Promise<boolean> {
    this.assertSandbox();
    const customerId = await this.billing.customerFor(accessToken);
    if (!customerId) return false;
    const canceled = await this.sandbox.cancelAll(customerId);
    const at = new Date();
    await this.repository.transaction(async (db) => {
      for (const row of canceled) await this.billing.store(sandboxSnapshot(row), at, db);
    });
    return true;
  }
}
