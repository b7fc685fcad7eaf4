import { randomBytes } from 'node:crypto';
import type { SandboxSubscription } from '../generated/prisma/client';
import {
  WebhookSignatureError,
  type BillingProvider,
  type CheckoutInput,
  type CheckoutSnapshot,
  type CreatedCheckout,
  type ProviderEvent,
  type SubscriptionSnapshot,
} from '../provider/billing-provider';
import type { SandboxRepository } from './sandbox.repository';
import { apiPath } from '@probedge/proto';

export const SANDBOX_PORTAL_PATH = apiPath('sandboxPortal');
export const SANDBOX_PORTAL_CANCEL_PATH = apiPath('sandboxPortalCancel');
export const SANDBOX_SESSION_PATTERN = /^cs_sandbox_[A-Za-z0-9]{24}$/;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomId(prefix: string): string {
  const bytes = randomBytes(24);
  return prefix + [...bytes].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

export function newSandboxSubscriptionId(): string {
  return randomId('sub_sandbox_');
}

export function addOneMonth(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export function sandboxSnapshot(row: SandboxSubscription): SubscriptionSnapshot {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    priceIds: [row.priceId],
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * Offline stand-in for Stripe (no STRIPE_SECRET_KEY): checkout opens a sandbox checkout page that
 * asks for the buyer's e-mail, as Stripe's does, and completes when it is submitted; no money
 * moves. Everything it creates is named *_sandbox_*.
 */
export class SandboxProvider implements BillingProvider {
  readonly kind = 'sandbox';

  constructor(
    private readonly store: SandboxRepository,
    private readonly publicUrl: string,
  ) {}

  async createCheckoutSession(input: CheckoutInput): Promise<CreatedCheckout> {
    const created = randomId('cs_sandbox_');
    const sessionId = await this.store.createOpenCheckout({
      sessionId: created,
      customerId: input.customerId ?? randomId('cus_sandbox_'),
      priceId: input.priceId,
      email: input.customerEmail ?? null,
      successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', created),
      idempotencyKey: input.idempotencyKey,
    });
    return {
      id: sessionId,
      url: new URL(apiPath('sandboxCheckout', { id: sessionId }), this.publicUrl).toString(),
      expiresAt: null,
    };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSnapshot | null> {
    const session = await this.store.findSession(id);
    if (!session) return null;
    const subscription = session.subscriptionId
      ? await this.store.findSubscription(session.subscriptionId)
      : null;
    const complete = session.completedAt !== null;
    return {
      id: session.id,
      status: complete ? 'complete' : 'open',
      paymentStatus: complete ? 'paid' : 'unpaid',
      customerId: session.customerId,
      customerEmail: complete ? session.email : null,
      priceIds: [session.priceId],
      subscription: subscription ? sandboxSnapshot(subscription) : null,
      // The sandbox keeps time with this server: its states are stamped with the same clock.
      observedAt: new Date(),
    };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    const row = await this.store.findSubscription(id);
    return row ? sandboxSnapshot(row) : null;
  }

  async createPortalSession(): Promise<{ url: string }> {
    return { url: new URL(SANDBOX_PORTAL_PATH, this.publicUrl).toString() };
  }

  verifyWebhook(): ProviderEvent {
    throw new WebhookSignatureError(
      'Webhooks are not accepted: the sandbox billing provider is active (no STRIPE_WEBHOOK_SECRET)',
    );
  }
}
