import Stripe from 'stripe';
import type { BillingConfig } from '../config/env';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type BillingProvider,
  type CheckoutInput,
  type CheckoutSnapshot,
  type CreatedCheckout,
  type ProviderEvent,
  type SubscriptionSnapshot,
} from './billing-provider';
import { toCheckoutSnapshot, toProviderEvent, toSubscriptionSnapshot } from './stripe-mapping.util';

export function createStripeClient(config: BillingConfig): Stripe {
  const base = config.STRIPE_API_BASE_URL ? new URL(config.STRIPE_API_BASE_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
    timeout: config.STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'ProbEdge billing' },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.statusCode === 404 || error.code === 'resource_missing')
  );
}

/** Anything Stripe answers that is not "no such object" is the provider's trouble, not the client's. */
function unavailable(error: unknown): ProviderUnavailableError {
  const detail = error instanceof Error ? error.message : String(error);
  return new ProviderUnavailableError(`Stripe request failed: ${detail}`);
}

export class StripeProvider implements BillingProvider {
  readonly kind = 'stripe';

  constructor(
    private readonly stripe: Stripe,
    private readonly config: BillingConfig,
  ) {}

  async createCheckoutSession(input: CheckoutInput): Promise<CreatedCheckout> {
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: input.priceId, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          ...(input.customerId && { customer: input.customerId }),
          ...(!input.customerId && input.customerEmail && { customer_email: input.customerEmail }),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error('Checkout session has no url');
      return {
        id: session.id,
        url: session.url,
        expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : null,
      };
    } catch (error) {
      throw unavailable(error);
    }
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSnapshot | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(id, {
        expand: ['line_items', 'subscription'],
      });
      return toCheckoutSnapshot(session);
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error);
    }
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    try {
      return toSubscriptionSnapshot(await this.stripe.subscriptions.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error);
    }
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    try {
      const session = await this.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    } catch (error) {
      throw unavailable(error);
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.config.STRIPE_WEBHOOK_SECRET!,
        this.config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new WebhookSignatureError(
        error instanceof Error ? error.message : 'Webhook signature verification failed',
      );
    }
    return toProviderEvent(event);
  }
}
