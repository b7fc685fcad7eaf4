import { Inject, Injectable } from '@nestjs/common';
import { AccessService } from '../access/access.service';
import type { Visitor } from '../access/visitor-cookies';
import { BillingRepository } from '../billing/billing.repository';
import { BillingService } from '../billing/billing.service';
import { BILLING_CONFIG } from '../config/billing-config';
import type { BillingConfig } from '../config/env';
import { BILLING_PROVIDER, type BillingProvider } from '../provider/billing-provider';
import { SandboxError } from './sandbox.errors';
import { sandboxPortalPage } from './sandbox-portal.page';
import { sandboxSnapshot } from './sandbox.provider';
import { SandboxRepository } from './sandbox.repository';

/** The portal page and its status: 401 when no subscription is linked to the browser (the page says so). */
export interface SandboxPortalView {
  status: 200 | 401;
  html: string;
}

@Injectable()
export class SandboxPortalService {
  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
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

  /**
   * The portal listing the subscriptions of the browser's customers: those of the purchase cookie
   * and of the member session. Without either it is the page saying none is linked, with 401.
   */
  async page(visitor: Visitor): Promise<SandboxPortalView> {
    this.assertSandbox();
    const customerIds = await this.access.customersOf(visitor);
    const subscriptions =
      customerIds.length === 0
        ? null
        : await this.repository.subscriptionsOfCustomers(customerIds, this.billing.priceId);
    const html = sandboxPortalPage(subscriptions, {
      returnUrl: `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/account`,
      brandName: this.config.BRAND_NAME,
      supportEmail: this.config.SUPPORT_EMAIL,
    });
    return { status: subscriptions === null ? 401 : 200, html };
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
