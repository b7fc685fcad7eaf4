import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@probedge/kit/testing';
import { query } from '@probedge/billing/test/db';
import { FakeStripe, stripeId, subscriptionObject } from '@probedge/billing/test/fake-stripe';
import {
  eventPayload,
  MIGRATIONS_DIR,
  PRICE_ID,
  signPayload,
  startBillingApp,
  stripeEnv,
  type BillingApp,
} from '@probedge/billing/test/support';
import { deliverWebhook, useGatewayWithUpstreams } from './support/gateway';

describe('a Stripe webhook through the gateway to the real billing service', () => {
  let database: TestDatabase;
  let stripe: FakeStripe;
  let billing: BillingApp;
  const fixture = useGatewayWithUpstreams(async () => {
    database = await createTestDatabase('probedge_billing_gw', MIGRATIONS_DIR);
    stripe = await new FakeStripe().start();
    billing = await startBillingApp(stripeEnv(database, stripe));
    await billing.app.listen(0, '127.0.0.1');
    const { port } = billing.app.getHttpServer().address() as AddressInfo;
    return { BILLING_URL: `http://127.0.0.1:${port}` };
  });

  afterAll(async () => {
    await billing?.close();
    await stripe?.stop();
    await database?.drop();
  });

  const statusOf = async (id: string) =>
    (
      await query<{ status: string }>(
        database.url,
        'SELECT status FROM subscriptions WHERE id = $1',
        [id],
      )
    )[0]?.status;

  // Pretty-printed with non-ASCII text: any re-serialisation on the way would break the signature.
  const payloadFor = (status: string) => {
    const sub = {
      id: stripeId('sub_'),
      customer: stripeId('cus_', 14),
      status,
      priceId: PRICE_ID,
      currentPeriodEnd: Math.floor(Date.now() / 1000) + 30 * 86_400,
      cancelAtPeriodEnd: false,
      created: Math.floor(Date.now() / 1000),
    };
    const compact = eventPayload(
      'customer.subscription.updated',
      { ...subscriptionObject(sub), description: 'Δ Professional — ½ price 📈' },
      Math.floor(Date.now() / 1000),
    );
    return { sub, body: Buffer.from(`${JSON.stringify(JSON.parse(compact), null, 2)}\n`, 'utf8') };
  };

  const deliver = (body: Buffer, signature: string) =>
    deliverWebhook(fixture.gateway.url, body, signature);

  it('verifies the signature of a webhook relayed by the gateway and applies the event', async () => {
    const { sub, body } = payloadFor('past_due');

    const res = await deliver(body, signPayload(body.toString('utf8')));

    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await statusOf(sub.id)).toBe('past_due');
  });

  it('still rejects a body altered before it reached the gateway', async () => {
    const { sub, body } = payloadFor('active');
    const signature = signPayload(body.toString('utf8'));
    const altered = Buffer.from(body.toString('utf8').replace('"active"', '"trialing"'), 'utf8');

    const res = await deliver(altered, signature);

    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(await statusOf(sub.id)).toBeUndefined();
  });
});
