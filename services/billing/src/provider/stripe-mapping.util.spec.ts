import type Stripe from 'stripe';
import {
  invoiceSubscriptionId,
  toCheckoutSnapshot,
  toSubscriptionSnapshot,
} from './stripe-mapping.util';

const subscription = {
  id: 'sub_1',
  object: 'subscription',
  customer: { id: 'cus_1', object: 'customer' },
  status: 'past_due',
  cancel_at_period_end: true,
  items: {
    data: [
      { current_period_end: 1_800_000_000, price: { id: 'price_a' } },
      { current_period_end: 1_800_086_400, price: 'price_b' },
    ],
  },
} as unknown as Stripe.Subscription;

describe('Stripe object mapping', () => {
  it('reads the period end from the items and accepts expanded or plain references', () => {
    expect(toSubscriptionSnapshot(subscription)).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'past_due',
      priceIds: ['price_a', 'price_b'],
      currentPeriodEnd: new Date(1_800_086_400 * 1000),
      cancelAtPeriodEnd: true,
    });
  });

  it('takes the prices of a checkout session from its line items', () => {
    const session = {
      id: 'cs_test_1',
      status: 'complete',
      payment_status: 'paid',
      customer: 'cus_1',
      subscription,
      line_items: { data: [{ price: { id: 'price_a' } }] },
    } as unknown as Stripe.Checkout.Session;

    expect(toCheckoutSnapshot(session)).toMatchObject({
      customerId: 'cus_1',
      priceIds: ['price_a'],
      subscription: { id: 'sub_1' },
    });
  });

  it("dates a checkout session by the Date header of Stripe's answer, when there is a valid one", () => {
    const answer = (date: unknown) => {
      const session = { id: 'cs_test_1', status: 'complete', customer: 'cus_1' };
      Object.defineProperty(session, 'lastResponse', { value: { headers: { date } } });
      return session as unknown as Stripe.Checkout.Session;
    };

    expect(toCheckoutSnapshot(answer('Tue, 24 Nov 2026 08:15:30 GMT')).observedAt).toEqual(
      new Date('2026-11-24T08:15:30Z'),
    );
    expect(toCheckoutSnapshot(answer('yesterday-ish')).observedAt).toBeNull();
    expect(toCheckoutSnapshot(answer(undefined)).observedAt).toBeNull();
  });

  it('finds the subscription of an invoice in its parent, or in the older top-level field', () => {
    const current = {
      parent: { subscription_details: { subscription: 'sub_2' } },
    } as unknown as Stripe.Invoice;
    const legacy = { parent: null, subscription: 'sub_3' } as unknown as Stripe.Invoice;
    const none = { parent: null } as unknown as Stripe.Invoice;

    expect(invoiceSubscriptionId(current)).toBe('sub_2');
    expect(invoiceSubscriptionId(legacy)).toBe('sub_3');
    expect(invoiceSubscriptionId(none)).toBeNull();
  });
});
