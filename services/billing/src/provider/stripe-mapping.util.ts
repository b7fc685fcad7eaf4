import type Stripe from 'stripe';
import {
  MalformedEventError,
  type CheckoutSnapshot,
  type ProviderEvent,
  type SubscriptionSnapshot,
} from './billing-provider';

type Expandable<T extends { id: string }> = string | T | null | undefined;

export function idOf<T extends { id: string }>(value: Expandable<T>): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

const EVENT_ID_MAX_LENGTH = 255;

/**
 * A verified event as billing reads it. The signature proves who sent it, not that its fields are
 * usable: an event without a usable id, type or time can never be applied, so it is refused here.
 */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const { id, type, created } = event as { id: unknown; type: unknown; created: unknown };
  if (typeof id !== 'string' || id.length === 0 || id.length > EVENT_ID_MAX_LENGTH) {
    throw new MalformedEventError('event id is missing or not a string');
  }
  if (typeof type !== 'string' || type.length === 0) {
    throw new MalformedEventError(`event ${id} has no type`);
  }
  if (typeof created !== 'number' || !Number.isSafeInteger(created) || created <= 0) {
    throw new MalformedEventError(`event ${id} has no usable created time`);
  }
  const data = (event as { data?: { object?: unknown } }).data;
  if (!data || typeof data.object !== 'object' || data.object === null) {
    throw new MalformedEventError(`event ${id} carries no object`);
  }
  return { id, type, created: new Date(created * 1000), object: data.object };
}

/** Since API 2025-03-31 the billing period lives on the subscription items. */
export function toSubscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const { id, status } = subscription as { id: unknown; status: unknown };
  if (typeof id !== 'string' || id.length === 0) {
    throw new MalformedEventError('subscription id is missing or not a string');
  }
  if (typeof status !== 'string' || status.length === 0 || status.length > 40) {
    throw new MalformedEventError(`subscription ${id} has no usable status`);
  }
  const items = subscription.items?.data ?? [];
  const periodEnds = items
    .map((item) => item.current_period_end)
    .filter((value): value is number => typeof value === 'number');
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    priceIds: items.map((item) => idOf(item.price)).filter((id): id is string => id !== null),
    currentPeriodEnd: periodEnds.length > 0 ? new Date(Math.max(...periodEnds) * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
  };
}

/** The Date header of the answer an object came with, if it is a valid HTTP date. */
export function responseDate(object: object): Date | null {
  const response = (object as { lastResponse?: { headers?: Record<string, unknown> } })
    .lastResponse;
  const header = response?.headers?.['date'];
  if (typeof header !== 'string') return null;
  const time = Date.parse(header);
  return Number.isNaN(time) ? null : new Date(time);
}

export function toCheckoutSnapshot(session: Stripe.Checkout.Session): CheckoutSnapshot {
  const subscription =
    session.subscription && typeof session.subscription === 'object'
      ? toSubscriptionSnapshot(session.subscription)
      : null;
  const linePrices = (session.line_items?.data ?? [])
    .map((item) => idOf(item.price))
    .filter((id): id is string => id !== null);
  return {
    id: session.id,
    status: session.status,
    paymentStatus: session.payment_status,
    customerId: idOf(session.customer),
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    priceIds: linePrices.length > 0 ? linePrices : (subscription?.priceIds ?? []),
    subscription,
    observedAt: responseDate(session),
  };
}

/** The subscription an invoice bills, wherever the API version puts it. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  if (fromParent) return idOf(fromParent);
  const legacy = (invoice as unknown as { subscription?: Expandable<Stripe.Subscription> })
    .subscription;
  return idOf(legacy);
}
