import { Inject, Injectable } from '@nestjs/common';
import { normaliseEmail } from '@probedge/kit';
import { BILLING_CONFIG } from '../config/billing-config';
import type { BillingConfig } from '../config/env';
import { BILLING_PROVIDER, type BillingProvider } from '../provider/billing-provider';
import { addOneMonth, newSandboxSubscriptionId } from './sandbox.provider';
import { SandboxError } from './sandbox.errors';
import { SandboxRepository } from './sandbox.repository';
import type { SandboxCheckoutView } from './sandbox-checkout.page';
import { apiPath } from '@probedge/proto';

export type SandboxPayment =
  { paid: true; successUrl: string } | { paid: false; view: SandboxCheckoutView };

/** The sandbox checkout page: shows an open session and "pays" it with the e-mail given. */
@Injectable()
export class SandboxCheckoutService {
  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(BILLING_PROVIDER) private readonly provider: BillingProvider,
    private readonly sandbox: SandboxRepository,
  ) {}

  /** The page of an open session, or where to go when it was paid already. */
  async show(sessionId: string): Promise<SandboxPayment> {
    const session = await this.session(sessionId);
    if (session.completedAt) return { paid: true, successUrl: session.successUrl };
    return { paid: false, view: this.view(sessionId, session.email ?? '') };
  }

  async pay(sessionId: string, rawEmail: unknown): Promise<SandboxPayment> {
    const session = await this.session(sessionId);
    if (session.completedAt) return { paid: true, successUrl: session.successUrl };
    const typed = typeof rawEmail === 'string' ? rawEmail : '';
    const verdict = normaliseEmail(typed);
    if (!verdict.ok) {
      return { paid: false, view: { ...this.view(sessionId, typed), error: verdict.reason } };
    }
    await this.sandbox.completeCheckout({
      sessionId,
      email: verdict.email,
      subscriptionId: newSandboxSubscriptionId(),
      currentPeriodEnd: addOneMonth(new Date()),
    });
    return { paid: true, successUrl: session.successUrl };
  }

  private async session(sessionId: string) {
    // The page exists only while the sandbox provider runs; with Stripe, checkout is Stripe's.
    if (this.provider.kind !== 'sandbox') {
      throw new SandboxError('SANDBOX_OFF', 'The sandbox checkout is off: Stripe is configured');
    }
    const session = await this.sandbox.findSession(sessionId);
    if (!session) {
      throw new SandboxError('SANDBOX_CHECKOUT_NOT_FOUND', 'No such sandbox checkout session');
    }
    return session;
  }

  private view(sessionId: string, email: string): SandboxCheckoutView {
    const base = this.config.PUBLIC_URL.replace(/\/+$/, '');
    return {
      brand: this.config.BRAND_NAME,
      action: apiPath('sandboxCheckoutPay', { id: sessionId }),
      email,
      cancelUrl: `${base}/subscribe?canceled=true`,
    };
  }
}
