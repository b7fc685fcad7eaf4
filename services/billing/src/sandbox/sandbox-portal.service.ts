import { Inject, Injectable } from '@nestjs/common';
import { AccessService } from '../access/access.service';
import type { Visitor } from '../access/visitor-cookies';
import { BillingRepository } from '../billing/billing.repository';
import { BillingService } from '../billing/billing.service';
import type { Subscription } from '../generated/prisma/client';
import { BILLING_PROVIDER, type BillingProvider } from '../provider/billing-provider';
import { SandboxError } from './sandbox.errors';
import { sandboxSnapshot } from './sandbox.provider';
import { SandboxRepository } from './sandbox.repository';

/**
 * What the portal shows: the subscriptions linked to the browser, or null with 401 when none is
 * (the page says so).
 */
export type SandboxPortalView =
  { status: 200; subscriptions: Subscription[] } | { status: 401; subscriptions: null };

@Injectable()
export class SandboxPortalService {
  constructor(
    @Inject(BILLING_PROVIDER) private readonly provider: BillingProvider,
    private readonly billing: BillingService,
    private readonly access: AccessService,
    private readonly repository: BillingRepository,
    private readonly sandbox: SandboxRepository,
  ) {}

  /** The portal exists only while the sandbox provider runs; with Stripe it is Stripe's. */
  private assertSandbox(): void {
    if (this.provider.kind !== 'sandbox') {
      throw new SandboxError('SANDBOX_OFF', 'The sandbox portal is off: Stripe is configured');
    }
  }

  /** The subscriptions of the customers the purchase cookie or the member session links to. */
  async view(visitor: Visitor): Promise<SandboxPortalView> {
    this.assertSandbox();
    const customerIds = await this.access.customersOf(visitor);
    if (customerIds.length === 0) return { status: 401, subscriptions: null };
    return {
      status: 200,
      subscriptions: await this.repository.subscriptionsOfCustomers(
        customerIds,
        this.billing.priceId,
      ),
    };
  }

  /**
   * Cancels at once (the sandbox has no billing period to wait for) and records it like a webhook;
   * SANDBOX_NO_SUBSCRIPTION when nothing links this browser to a customer.
   */
  async cancel(visitor: Visitor): Promise<void> {
    this.assertSandbox();
    const customerIds = await this.access.customersOf(visitor);
    if (customerIds.length === 0) {
      throw new SandboxError(
        'SANDBOX_NO_SUBSCRIPTION',
        'No subscription is linked to this browser',
      );
    }
    const at = new Date();
    for (const customerId of customerIds) {
      for (const row of await this.sandbox.cancelAll(customerId)) {
        const snapshot = sandboxSnapshot(row);
        await this.billing.transactWithState(snapshot, at, (_db, store) => store(snapshot));
      }
    }
  }
}
