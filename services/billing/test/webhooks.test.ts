import { metricValue } from '@probedge/kit/testing';
import fc from 'fast-check';
import request from 'supertest';
import { query } from './db';
import { stripeId, subscriptionObject, type FakeSubscription } from './fake-stripe';
import {
  checkoutCompletedPayload,
  deliverWebhook,
  eventPayload,
  OTHER_PRICE_ID,
  PRICE_ID,
  signPayload,
  useStripeBilling,
  WEBHOOK_SECRET,
} from './support';

interface StoredRow extends Record<string, unknown> {
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: Date | null;
}

describe('POST /api/stripe/webhook', () => {
  const context = useStripeBilling('probedge_billing_webhooks');
  const server = () => context.billing.app.getHttpServer();
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  /** null sends no Stripe-Signature header at all. */
  const deliver = (payload: string, signature?: string | null) =>
    deliverWebhook(context.billing, payload, signature);

  /** A new subscription's checkout.session.completed, under an event id of its own. */
  const completedCheckout = () => {
    const sub = context.stripe.addSubscription({ priceId: PRICE_ID });
    const eventId = stripeId('evt_');
    const payload = checkoutCompletedPayload(
      { id: stripeId('cs_test_', 58), customer: sub.customer, subscription: sub.id },
      nowSeconds(),
      { eventId },
    );
    return { sub, eventId, payload };
  };

  const stored = async (id: string) =>
    (
      await query<StoredRow>(
        context.database.url,
        'SELECT status, cancel_at_period_end, current_period_end FROM subscriptions WHERE id = $1',
        [id],
      )
    )[0];

  const eventRows = async (id: string) =>
    (await query(context.database.url, 'SELECT id FROM webhook_events WHERE id = $1', [id])).length;

  const subscription = (fields: Partial<FakeSubscription> = {}): FakeSubscription => ({
    id: stripeId('sub_'),
    customer: stripeId('cus_', 14),
    status: 'active',
    priceId: PRICE_ID,
    currentPeriodEnd: nowSeconds() + 30 * 86_400,
    cancelAtPeriodEnd: false,
    created: nowSeconds(),
    ...fields,
  });

  const updated = (sub: FakeSubscription, created: number, id?: string) =>
    eventPayload('customer.subscription.updated', subscriptionObject(sub), created, id);

  beforeEach(() => {
    context.stripe.failing = false;
  });

  it('accepts a correctly signed event and stores the subscription state it carries', async () => {
    const sub = subscription({ status: 'past_due' });

    const res = await deliver(updated(sub, nowSeconds()));

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await stored(sub.id)).toMatchObject({ status: 'past_due', cancel_at_period_end: false });
  });

  it('accepts a signed event larger than 512 KB, as the gateway passes up to 1 MiB', async () => {
    const sub = context.stripe.addSubscription({ priceId: PRICE_ID, status: 'past_due' });
    // An invoice with many lines is how Stripe events grow large.
    const lines = Array.from({ length: 2600 }, (_, index) => ({
      id: `il_${String(index).padStart(24, '0')}`,
      object: 'line_item',
      amount: 2999,
      currency: 'usd',
      description: `1 × Professional Trading App (at $29.99 / month), line ${index}`,
      period: { start: nowSeconds() - 30 * 86_400, end: nowSeconds() },
    }));
    const payload = eventPayload(
      'invoice.payment_failed',
      {
        id: stripeId('in_'),
        object: 'invoice',
        status: 'open',
        customer: sub.customer,
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
        lines: { object: 'list', data: lines, has_more: false },
      },
      nowSeconds(),
    );
    const size = Buffer.byteLength(payload);
    expect(size).toBeGreaterThan(512 * 1024);
    expect(size).toBeLessThan(1024 * 1024);

    const res = await deliver(payload);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await stored(sub.id)).toMatchObject({ status: 'past_due' });
  });

  it('counts deliveries by event type and outcome in /metrics', async () => {
    const scrape = async () => (await request(server()).get('/metrics').expect(200)).text;
    const count = (text: string, type: string, outcome: string) =>
      metricValue(text, 'billing_webhook_events_total', { type, outcome }) ?? 0;
    const type = 'customer.subscription.updated';
    const before = await scrape();
    const payload = updated(subscription(), nowSeconds());
    await deliver(payload).expect(200);
    await deliver(payload).expect(200);
    await deliver(payload, null).expect(400);
    const after = await scrape();
    expect(count(after, type, 'processed') - count(before, type, 'processed')).toBe(1);
    expect(count(after, type, 'duplicate') - count(before, type, 'duplicate')).toBe(1);
    expect(count(after, 'unverified', 'rejected') - count(before, 'unverified', 'rejected')).toBe(
      1,
    );
  });

  it('returns 400 JSON when the Stripe-Signature header is missing', async () => {
    const sub = subscription();

    const res = await deliver(updated(sub, nowSeconds()), null);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(await stored(sub.id)).toBeUndefined();
  });

  it('returns 400 when the body was altered after signing', async () => {
    const sub = subscription();
    const payload = updated(sub, nowSeconds());
    const signature = signPayload(payload);
    const tampered = payload.replace('"status":"active"', '"status":"trialing"');
    expect(tampered).not.toBe(payload);

    const res = await deliver(tampered, signature);

    expect(res.status).toBe(400);
    expect(await stored(sub.id)).toBeUndefined();
  });

  it('returns 400 for a signature made with another secret', async () => {
    const payload = updated(subscription(), nowSeconds());

    const res = await deliver(payload, signPayload(payload, { secret: `${WEBHOOK_SECRET}_other` }));

    expect(res.status).toBe(400);
  });

  it('returns 400 when the signature timestamp is older than the 300 s tolerance', async () => {
    const sub = subscription();
    const payload = updated(sub, nowSeconds());

    const stale = await deliver(
      payload,
      signPayload(payload, { timestamp: nowSeconds() - 301 - 60 }),
    );
    const fresh = await deliver(payload, signPayload(payload, { timestamp: nowSeconds() - 60 }));

    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/tolerance/i);
    expect(fresh.status).toBe(200);
  });

  it('processes the same event delivered 5 times once', async () => {
    const { sub, eventId, payload } = completedCheckout();

    const responses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) responses.push(await deliver(payload));

    expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses[0]!.body).toEqual({ received: true });
    expect(responses.slice(1).map((res) => res.body)).toEqual(
      Array(4).fill({ received: true, duplicate: true }),
    );
    // One effect: Stripe was asked for the subscription once, one event row, one subscription row.
    expect(context.stripe.requestsTo('GET', `/v1/subscriptions/${sub.id}`)).toHaveLength(1);
    expect(await eventRows(eventId)).toBe(1);
    expect(await stored(sub.id)).toMatchObject({ status: 'active' });
  });

  it('records a concurrently redelivered event once', async () => {
    const sub = subscription({ status: 'past_due' });
    const eventId = stripeId('evt_');
    const payload = updated(sub, nowSeconds(), eventId);

    const responses = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(payload)));

    expect(responses.every((res) => res.status === 200)).toBe(true);
    expect(responses.filter((res) => res.body.duplicate !== true)).toHaveLength(1);
    expect(await eventRows(eventId)).toBe(1);
  });

  it('ignores a stale event that arrives after a newer one', async () => {
    const sub = subscription();
    const t = nowSeconds();

    await deliver(updated({ ...sub, status: 'past_due' }, t + 10));
    const late = await deliver(updated({ ...sub, status: 'active' }, t));

    expect(late.status).toBe(200);
    expect(await stored(sub.id)).toMatchObject({ status: 'past_due' });
  });

  it('treats deletion as terminal even against a later-stamped update', async () => {
    const sub = subscription();
    const t = nowSeconds();

    await deliver(
      eventPayload(
        'customer.subscription.deleted',
        subscriptionObject({ ...sub, status: 'canceled' }),
        t,
      ),
    );
    await deliver(updated({ ...sub, status: 'active' }, t + 60));

    expect(await stored(sub.id)).toMatchObject({ status: 'canceled' });
  });

  it('settles two different states with the same timestamp by asking Stripe, with no transaction open meanwhile', async () => {
    const sub = context.stripe.addSubscription({ priceId: PRICE_ID, status: 'past_due' });
    const t = nowSeconds();
    const openWhileAsked: number[] = [];
    context.stripe.beforeAnswer = async (method, path) => {
      if (method !== 'GET' || path !== `/v1/subscriptions/${sub.id}`) return;
      const rows = await query<{ open: string }>(
        context.database.url,
        "SELECT count(*) AS open FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
      );
      openWhileAsked.push(Number(rows[0]!.open));
    };
    try {
      await deliver(updated({ ...sub, status: 'active' }, t));
      await deliver(updated({ ...sub, status: 'past_due' }, t));
    } finally {
      context.stripe.beforeAnswer = undefined;
    }

    expect(await stored(sub.id)).toMatchObject({ status: 'past_due' });
    // Stripe was asked (the tie), and no database transaction waited on the answer.
    expect(openWhileAsked).toEqual([0]);
  });

  it('ignores events for other products with 200', async () => {
    const sub = subscription({ priceId: OTHER_PRICE_ID });

    const res = await deliver(updated(sub, nowSeconds()));

    expect(res.status).toBe(200);
    expect(await stored(sub.id)).toBeUndefined();
  });

  it('answers 200 to event types it does not handle, without recording them', async () => {
    const eventId = stripeId('evt_');
    const res = await deliver(
      eventPayload('customer.created', { id: 'cus_x', object: 'customer' }, nowSeconds(), eventId),
    );

    expect(res.status).toBe(200);
    expect(await eventRows(eventId)).toBe(0);
  });

  describe('signed events with missing or ill-typed fields', () => {
    const scrape = async () => (await request(server()).get('/metrics').expect(200)).text;
    const rejectedCount = (text: string, type: string) =>
      metricValue(text, 'billing_webhook_events_total', { type, outcome: 'rejected' }) ?? 0;

    /** A subscription.updated event as JSON, with `change` applied to the event itself. */
    const event = (sub: FakeSubscription, change: (raw: Record<string, unknown>) => void) => {
      const raw = JSON.parse(updated(sub, nowSeconds())) as Record<string, unknown>;
      change(raw);
      return JSON.stringify(raw);
    };

    it.each([
      ['created is missing', (raw: Record<string, unknown>) => delete raw['created']],
      ['created is a string', (raw: Record<string, unknown>) => (raw['created'] = 'yesterday')],
      ['created is a fraction', (raw: Record<string, unknown>) => (raw['created'] = 1.5)],
      ['id is missing', (raw: Record<string, unknown>) => delete raw['id']],
      ['id is a number', (raw: Record<string, unknown>) => (raw['id'] = 42)],
    ])('acknowledges and rejects an event whose %s', async (_case, change) => {
      const sub = subscription();
      const before = await scrape();

      const res = await deliver(event(sub, change));

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, rejected: true });
      expect(await stored(sub.id)).toBeUndefined();
      expect(rejectedCount(await scrape(), 'malformed') - rejectedCount(before, 'malformed')).toBe(
        1,
      );
    });

    it.each([
      ['missing', undefined],
      ['a number', 7],
      ['an object', { value: 'active' }],
    ])(
      'acknowledges and rejects a subscription event whose status is %s',
      async (_case, status) => {
        const sub = subscription();
        const eventId = stripeId('evt_');
        const type = 'customer.subscription.updated';
        const before = await scrape();

        const res = await deliver(
          event(sub, (raw) => {
            raw['id'] = eventId;
            const object = (raw['data'] as { object: Record<string, unknown> }).object;
            if (status === undefined) delete object['status'];
            else object['status'] = status;
          }),
        );

        expect(res.status).toBe(200);
        expect(res.body).toEqual({ received: true, rejected: true });
        expect(await stored(sub.id)).toBeUndefined();
        expect(await eventRows(eventId)).toBe(0);
        expect(rejectedCount(await scrape(), type) - rejectedCount(before, type)).toBe(1);
      },
    );
  });

  it('re-reads the subscription on invoice.payment_failed and invoice.paid', async () => {
    const sub = context.stripe.addSubscription({ priceId: PRICE_ID, status: 'past_due' });
    const invoice = (status: string) => ({
      id: stripeId('in_'),
      object: 'invoice',
      status,
      customer: sub.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    });
    const t = nowSeconds();

    await deliver(eventPayload('invoice.payment_failed', invoice('open'), t));
    expect(await stored(sub.id)).toMatchObject({ status: 'past_due' });

    sub.status = 'active';
    await deliver(eventPayload('invoice.paid', invoice('paid'), t + 1));
    expect(await stored(sub.id)).toMatchObject({ status: 'active' });
  });

  it('answers 5xx and keeps no event row when handling fails, so the retry is processed', async () => {
    const { sub, eventId, payload } = completedCheckout();

    context.stripe.failing = true;
    const failed = await deliver(payload);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.body).toMatchObject({ statusCode: failed.status });
    expect(await eventRows(eventId)).toBe(0);
    expect(await stored(sub.id)).toBeUndefined();

    context.stripe.failing = false;
    const retried = await deliver(payload);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ received: true });
    expect(await eventRows(eventId)).toBe(1);
    expect(await stored(sub.id)).toMatchObject({ status: 'active' });
  });

  it('rolls back the event row when a database write fails inside the handler', async () => {
    // A customer id longer than its column makes the subscription write fail after the event insert.
    const sub = subscription({ customer: `cus_${'x'.repeat(300)}` });
    const eventId = stripeId('evt_');

    const res = await deliver(updated(sub, nowSeconds(), eventId));

    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ statusCode: 500, error: 'Internal Server Error' });
    expect(await eventRows(eventId)).toBe(0);
  });

  it('converges on the last lifecycle state whatever order the events arrive in', async () => {
    const lifecycle = (sub: FakeSubscription, start: number, renewal: number) =>
      [
        { type: 'customer.subscription.created', sub: { ...sub, status: 'active' } },
        { type: 'customer.subscription.updated', sub: { ...sub, status: 'past_due' } },
        {
          type: 'customer.subscription.updated',
          sub: { ...sub, status: 'active', currentPeriodEnd: renewal },
        },
        {
          type: 'customer.subscription.updated',
          sub: { ...sub, status: 'active', currentPeriodEnd: renewal, cancelAtPeriodEnd: true },
        },
        {
          type: 'customer.subscription.deleted',
          sub: { ...sub, status: 'canceled', currentPeriodEnd: renewal, cancelAtPeriodEnd: true },
        },
      ].map((step, index) => ({
        ...step,
        payload: eventPayload(step.type, subscriptionObject(step.sub), start + index * 7),
      }));

    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5, maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 86_400 }),
        async (order, redeliveries, offset) => {
          const sub = subscription();
          const start = nowSeconds() - 100_000 + offset;
          const events = lifecycle(sub, start, start + 60 * 86_400);
          const expected = (state: FakeSubscription) => ({
            status: state.status,
            cancel_at_period_end: state.cancelAtPeriodEnd,
            current_period_end: new Date(state.currentPeriodEnd * 1000),
          });
          let newest = -1;
          for (const index of [...order, ...redeliveries]) {
            const res = await deliver(events[index]!.payload);
            expect(res.status).toBe(200);
            // At every step the stored state is the newest one delivered so far, never an older one.
            newest = Math.max(newest, index);
            expect(await stored(sub.id)).toEqual(expected(events[newest]!.sub));
          }
          expect(await stored(sub.id)).toEqual(expected(events[events.length - 1]!.sub));
        },
      ),
      { numRuns: 40 },
    );
  });
});
