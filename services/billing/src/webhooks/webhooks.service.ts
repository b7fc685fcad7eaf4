import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { Metrics } from '@probedge/kit';
import type Stripe from 'stripe';
import { BillingError } from '../billing/billing.errors';
import { BillingRepository } from '../billing/billing.repository';
import { BillingService } from '../billing/billing.service';
import { normalisedOrRaw } from '../members/member-email.util';
import { MembersRepository } from '../members/members.repository';
import {
  BILLING_PROVIDER,
  MalformedEventError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type BillingProvider,
  type ProviderEvent,
  type SubscriptionSnapshot,
} from '../provider/billing-provider';
import {
  idOf,
  invoiceSubscriptionId,
  toSubscriptionSnapshot,
} from '../provider/stripe-mapping.util';

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export interface WebhookOutcome {
  received: true;
  duplicate?: true;
  ignored?: true;
  rejected?: true;
}

/** What an event asks for, worked out (network reads included) before the transaction opens. */
interface EventPlan {
  subscription: SubscriptionSnapshot | null;
  completedCheckoutId: string | null;
  /** A paid checkout links its customer to the member with the e-mail the buyer gave. */
  buyer: { customerId: string; email: string } | null;
}

@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    @Inject(BILLING_PROVIDER) private readonly provider: BillingProvider,
    private readonly repository: BillingRepository,
    private readonly billing: BillingService,
    private readonly members: MembersRepository,
    private readonly metrics: Metrics,
  ) {}

  /** Every delivery counted by event type and outcome, for dashboards and alerts. */
  async receive(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<WebhookOutcome> {
    const events = this.metrics.counter({
      name: 'billing_webhook_events_total',
      help: 'Stripe webhook deliveries by event type and outcome',
      labelNames: ['type', 'outcome'],
    });
    let type = 'unverified';
    try {
      const outcome = await this.handle(rawBody, signature, (verified) => {
        type = verified;
      });
      const label = outcome.rejected
        ? 'rejected'
        : outcome.ignored
          ? 'ignored'
          : outcome.duplicate
            ? 'duplicate'
            : 'processed';
      events.inc({ type, outcome: label });
      return outcome;
    } catch (error) {
      const refused = error instanceof BillingError && error.status === HttpStatus.BAD_REQUEST;
      events.inc({ type, outcome: refused ? 'rejected' : 'failed' });
      throw error;
    }
  }

  private async handle(
    rawBody: Buffer | undefined,
    signature: string | undefined,
    verified: (type: string) => void,
  ): Promise<WebhookOutcome> {
    if (!signature) {
      throw new BillingError('WEBHOOK_SIGNATURE_MISSING', 'Missing Stripe-Signature header');
    }
    if (!rawBody || rawBody.length === 0) {
      throw new BillingError(
        'WEBHOOK_BODY_MISSING',
        'Webhook body must be the JSON event Stripe sent',
      );
    }
    let event: ProviderEvent;
    try {
      event = this.provider.verifyWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        throw new BillingError('WEBHOOK_SIGNATURE_INVALID', error.message, error);
      }
      if (error instanceof MalformedEventError) {
        verified('malformed');
        return this.reject(error);
      }
      throw error;
    }
    verified(event.type);
    if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) {
      return { received: true, ignored: true };
    }
    if (await this.repository.isEventProcessed(event.id))
      return { received: true, duplicate: true };

    let plan: EventPlan;
    try {
      plan = await this.plan(event);
    } catch (error) {
      if (error instanceof MalformedEventError) return this.reject(error, event);
      throw error;
    }
    // The event row commits with its effects or not at all, so a failure is retried by Stripe.
    return this.billing.transactWithState(
      plan.subscription,
      event.created,
      async (db, store): Promise<WebhookOutcome> => {
        if (!(await this.repository.recordEvent(event, db)))
          return { received: true, duplicate: true };
        if (plan.buyer) {
          await this.repository.ensureCustomer(plan.buyer.customerId, db);
          await this.members.linkCustomer(plan.buyer.customerId, plan.buyer.email, db);
        }
        const stored = plan.subscription ? await store(plan.subscription) : false;
        if (stored && plan.completedCheckoutId) {
          await this.repository.markCheckoutCompleted(plan.completedCheckoutId, event.created, db);
        }
        if (!stored) this.logger.log(`event ${event.id} (${event.type}) changed nothing`);
        return { received: true };
      },
    );
  }

  /**
   * A signed event that can never be applied is acknowledged, so Stripe stops sending it, and
   * logged as rejected for someone to look at: answering 5xx would only bring it back for days.
   */
  private reject(error: MalformedEventError, event?: ProviderEvent): WebhookOutcome {
    this.logger.warn(
      { eventId: event?.id, eventType: event?.type, reason: error.message },
      'signed Stripe event rejected: its fields cannot be used',
    );
    return { received: true, rejected: true };
  }

  private async plan(event: ProviderEvent): Promise<EventPlan> {
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return {
          subscription: toSubscriptionSnapshot(event.object as Stripe.Subscription),
          completedCheckoutId: null,
          buyer: null,
        };
      case 'checkout.session.completed': {
        const session = event.object as Stripe.Checkout.Session;
        const subscriptionId = session.mode === 'subscription' ? idOf(session.subscription) : null;
        const customerId = idOf(session.customer);
        const email = session.customer_details?.email ?? session.customer_email ?? null;
        const subscription = subscriptionId ? await this.read(subscriptionId) : null;
        return {
          subscription,
          completedCheckoutId: session.id,
          buyer:
            customerId && email && subscription?.priceIds.includes(this.billing.priceId)
              ? { customerId, email: normalisedOrRaw(email) }
              : null,
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        // The invoice says little about the subscription's new state; the subscription itself does.
        const subscriptionId = invoiceSubscriptionId(event.object as Stripe.Invoice);
        return {
          subscription: subscriptionId ? await this.read(subscriptionId) : null,
          completedCheckoutId: null,
          buyer: null,
        };
      }
      default:
        return { subscription: null, completedCheckoutId: null, buyer: null };
    }
  }

  private async read(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    try {
      return await this.provider.retrieveSubscription(subscriptionId);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        this.logger.warn({ err: error.message, subscriptionId }, 'payment provider unavailable');
        throw new BillingError(
          'PROVIDER_UNAVAILABLE',
          'The payment provider is unavailable; Stripe will retry',
          error,
        );
      }
      throw error;
    }
  }
}
