/** What the service needs from a payment provider: Stripe, or the offline sandbox. */

export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  priceIds: string[];
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface CheckoutSnapshot {
  id: string;
  /** open | complete | expired */
  status: string | null;
  /** paid | unpaid | no_payment_required */
  paymentStatus: string;
  customerId: string | null;
  /** The e-mail address the buyer gave at checkout (Stripe's customer_details.email). */
  customerEmail: string | null;
  priceIds: string[];
  subscription: SubscriptionSnapshot | null;
  /**
   * The provider's own clock when it answered (Stripe's Date header, whole seconds): the time of the
   * subscription state read with the session, on the same clock as webhook events' `created`.
   * null when the provider does not say.
   */
  observedAt: Date | null;
}

export interface CreatedCheckout {
  id: string;
  url: string;
  expiresAt: Date | null;
}

export interface CheckoutInput {
  priceId: string;
  customerId?: string;
  /** Prefills the checkout's e-mail when there is no customer yet (a signed-in member's). */
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** A verified webhook event, reduced to what the handlers read. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** When the provider created the event: the time of the state it carries. */
  created: Date;
  object: unknown;
}

export interface BillingProvider {
  readonly kind: 'stripe' | 'sandbox';
  createCheckoutSession(input: CheckoutInput): Promise<CreatedCheckout>;
  /** null when the provider does not know the session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSnapshot | null>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent;
}

export const BILLING_PROVIDER = Symbol('BILLING_PROVIDER');

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/** A correctly signed event whose fields are missing or of the wrong type: it can never be applied. */
export class MalformedEventError extends Error {
  override readonly name = 'MalformedEventError';
}

/** The provider could not be reached or failed: the caller answers 502, never 500. */
export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
}

/** Stripe's terminal subscription statuses: nothing follows them for the same subscription. */
export const TERMINAL_STATUSES = ['canceled', 'incomplete_expired'] as const;
