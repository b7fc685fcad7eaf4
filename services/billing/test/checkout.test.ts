import { createHash } from 'node:crypto';
import { waitFor } from '@probedge/kit/testing';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { query } from './db';
import { type SessionOutcome } from './fake-stripe';
import {
  buy,
  cookieFrom,
  checkoutCompletedPayload,
  deliverWebhook,
  PRICE_ID,
  startBillingApp,
  startCheckout as startBrowserCheckout,
  stripeEnv,
  useStripeBilling,
} from './support';

interface CheckoutRow extends Record<string, unknown> {
  id: string;
  idempotency_key: string;
  tier: string;
  url: string;
  customer_id: string | null;
  completed_at: Date | null;
}

describe('checkout and portal against the Stripe API', () => {
  const context = useStripeBilling('probedge_billing_checkout');
  const server = () => context.billing.app.getHttpServer();

  beforeEach(() => {
    context.stripe.failing = false;
  });

  /** A browser buys and activates: its purchase cookie (and the Stripe subscription). */
  const boughtAndActivated = async (outcome: SessionOutcome = {}) => {
    const paid = await buy(context.billing, context.stripe, outcome);
    const activation = await request(server())
      .post('/api/activate-subscription')
      .set('Cookie', paid.checkoutCookie)
      .send({ sessionId: paid.sessionId });
    return { activation, subscription: paid.subscription! };
  };

  it('creates a subscription Checkout session for the configured price with an idempotency key', async () => {
    const res = await request(server())
      .post('/api/create-checkout-session')
      .send({ tier: 'professional' });

    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [created] = context.stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(created!.params.get('mode')).toBe('subscription');
    expect(created!.params.get('line_items[0][price]')).toBe(PRICE_ID);
    expect(created!.params.get('success_url')).toBe(
      'http://localhost:8080/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(created!.params.get('cancel_url')).toBe('http://localhost:8080/subscribe?canceled=true');
    expect(created!.params.has('customer')).toBe(false);
    expect(created!.headers['idempotency-key']).toEqual(expect.any(String));
    expect((created!.headers['idempotency-key'] as string).length).toBeGreaterThan(8);
  });

  it('returns the same session when the client retries with the same Idempotency-Key', async () => {
    const key = 'retry-key-0001-abcdef';
    const first = await request(server())
      .post('/api/create-checkout-session')
      .set('Idempotency-Key', key)
      .send({ tier: 'professional' });
    const browser = cookieFrom(first.headers['set-cookie'], 'probedge_checkout')!;
    const again = await request(server())
      .post('/api/create-checkout-session')
      .set('Cookie', browser)
      .set('Idempotency-Key', key)
      .send({ tier: 'professional' });
    const other = await request(server())
      .post('/api/create-checkout-session')
      .set('Cookie', browser)
      .set('Idempotency-Key', 'another-key-0002-abcdef')
      .send({ tier: 'professional' });

    expect(first.status).toBe(200);
    expect(again.body.url).toBe(first.body.url);
    expect(other.body.url).not.toBe(first.body.url);
    const sent = context.stripe
      .requestsTo('POST', '/v1/checkout/sessions')
      .map((req) => req.headers['idempotency-key'] as string);
    expect(sent.filter((value) => value.endsWith(key))).toHaveLength(1);
  });

  it('never shares a session between two visitors who send the same Idempotency-Key', async () => {
    const key = 'shared-key-0009-abcdef';
    const visitor = await request(server())
      .post('/api/create-checkout-session')
      .set('Idempotency-Key', key)
      .send({ tier: 'professional' });
    const stranger = await request(server())
      .post('/api/create-checkout-session')
      .set('Idempotency-Key', key)
      .send({ tier: 'professional' });

    expect(visitor.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(stranger.body.url).not.toBe(visitor.body.url);
  });

  it('gets the same session from Stripe when simultaneous retries race past the database', async () => {
    const key = 'racing-key-0003-abcdef';
    const { checkoutCookie } = await startBrowserCheckout(context.billing);
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        request(server())
          .post('/api/create-checkout-session')
          .set('Cookie', checkoutCookie)
          .set('Idempotency-Key', key)
          .send({ tier: 'professional' }),
      ),
    );

    expect(responses.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(new Set(responses.map((res) => res.body.url)).size).toBe(1);
    const sentKeys = context.stripe
      .requestsTo('POST', '/v1/checkout/sessions')
      .map((req) => req.headers['idempotency-key'] as string)
      .filter((value) => value.endsWith(key));
    // However many reached Stripe, they carried one key, so Stripe replayed one session.
    expect(new Set(sentKeys).size).toBe(1);
  });

  describe('the recorded checkout session', () => {
    const checkoutRow = async (id: string) =>
      (
        await query<CheckoutRow>(
          context.database.url,
          'SELECT id, idempotency_key, tier, url, customer_id, completed_at FROM checkout_sessions WHERE id = $1',
          [id],
        )
      )[0];

    const startCheckout = async (key: string) => {
      const res = await request(server())
        .post('/api/create-checkout-session')
        .set('Idempotency-Key', key)
        .send({ tier: 'professional' });
      expect(res.status).toBe(200);
      const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.body.url as string)?.[1];
      expect(sessionId).toBeDefined();
      const cookie = cookieFrom(res.headers['set-cookie'], 'probedge_checkout')!;
      return { sessionId: sessionId!, url: res.body.url as string, cookie };
    };

    it('is stored when checkout starts and marked completed by the activation', async () => {
      const { sessionId, url, cookie } = await startCheckout('row-key-0004-abcdef');
      const browser = createHash('sha256')
        .update(cookie.slice(cookie.indexOf('=') + 1))
        .digest('hex');

      expect(await checkoutRow(sessionId)).toEqual({
        id: sessionId,
        idempotency_key: `checkout:b:${browser}:row-key-0004-abcdef`,
        tier: 'professional',
        url,
        customer_id: null,
        completed_at: null,
      });

      context.stripe.completeSession(sessionId);
      const activation = await request(server())
        .post('/api/activate-subscription')
        .set('Cookie', cookie)
        .send({ sessionId });

      expect(activation.status).toBe(200);
      expect((await checkoutRow(sessionId))!.completed_at).toBeInstanceOf(Date);
    });

    it('is marked completed by the checkout.session.completed webhook, at the event time', async () => {
      const { sessionId } = await startCheckout('row-key-0005-abcdef');
      const subscription = context.stripe.completeSession(sessionId);
      const created = context.stripe.nowSeconds();
      const payload = checkoutCompletedPayload(
        { id: sessionId, customer: subscription.customer, subscription: subscription.id },
        created,
      );

      const webhook = await deliverWebhook(context.billing, payload);

      expect(webhook.status).toBe(200);
      expect((await checkoutRow(sessionId))!.completed_at).toEqual(new Date(created * 1000));
    });
  });

  it.each([
    [{ tier: 'enterprise' }],
    [{ tier: '' }],
    [{ tier: 42 }],
    [{}],
    [{ tier: 'professional', price: 'price_cheap' }],
  ])('returns 400 for the body %j', async (body) => {
    const before = context.stripe.requestsTo('POST', '/v1/checkout/sessions').length;
    const res = await request(server()).post('/api/create-checkout-session').send(body);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(context.stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(before);
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(201), 'bad/char*acters!!'])(
    'returns 400 for the Idempotency-Key %p',
    async (key) => {
      const res = await request(server())
        .post('/api/create-checkout-session')
        .set('Idempotency-Key', key)
        .send({ tier: 'professional' });

      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Idempotency-Key/);
    },
  );

  it('answers 502 with the JSON error shape when Stripe is failing', async () => {
    context.stripe.failing = true;
    const res = await request(server())
      .post('/api/create-checkout-session')
      .send({ tier: 'professional' });

    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
  });

  it('reuses the Stripe customer of a visitor who already has access', async () => {
    const { activation, subscription } = await boughtAndActivated();
    const cookie = activation.headers['set-cookie'] as unknown as string[];

    const res = await request(server())
      .post('/api/create-checkout-session')
      .set('Cookie', cookie)
      .send({ tier: 'professional' });

    expect(res.status).toBe(200);
    const [created] = context.stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(created!.params.get('customer')).toBe(subscription.customer);
  });

  describe('customer portal', () => {
    it('returns 401 JSON without an access cookie or with a bogus one', async () => {
      const none = await request(server()).post('/api/create-portal-session');
      const bogus = await request(server())
        .post('/api/create-portal-session')
        .set('Cookie', `probedge_access=${'A'.repeat(43)}`);

      for (const res of [none, bogus]) {
        expect(res.status).toBe(401);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
      expect(context.stripe.requestsTo('POST', '/v1/billing_portal/sessions')).toHaveLength(0);
    });

    it("opens Stripe's portal for the cookie's customer, returning to /account", async () => {
      const { activation, subscription } = await boughtAndActivated();

      const res = await request(server())
        .post('/api/create-portal-session')
        .set('Cookie', activation.headers['set-cookie'] as unknown as string[]);

      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
      const [portal] = context.stripe.requestsTo('POST', '/v1/billing_portal/sessions').slice(-1);
      expect(portal!.params.get('customer')).toBe(subscription.customer);
      expect(portal!.params.get('return_url')).toBe('http://localhost:8080/account');
    });

    it('returns 401 once the subscription no longer grants access', async () => {
      const { activation } = await boughtAndActivated({ subscriptionStatus: 'canceled' });
      expect(activation.body).toEqual({ hasAccess: false, status: 'canceled' });

      const res = await request(server())
        .post('/api/create-portal-session')
        .set('Cookie', activation.headers['set-cookie'] as unknown as string[]);

      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    });

    it('has no sandbox portal while Stripe is configured', async () => {
      const res = await request(server()).get('/api/billing/sandbox-portal');

      expect(res.status).toBe(404);
    });
  });

  it('answers readiness with its database check', async () => {
    const res = await request(server()).get('/readyz');

    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual({ database: 'ok' });
  });

  it('keeps serving when the database ends its idle connections (a restart, a failover)', async () => {
    // A billing process of its own, whose first connection is opened on the pool directly: until
    // the Prisma client's first query nothing but the service itself listens to the pool.
    const billing = await startBillingApp(stripeEnv(context.database, context.stripe));
    try {
      const pool = billing.app.get(PrismaService).pool;
      await pool.query('SELECT 1');
      expect(pool.idleCount).toBe(1);

      const ended = await query<{ ended: boolean }>(
        context.database.url,
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(ended.length).toBeGreaterThan(0);
      // The ended connection reaches the pool as an error event; unheard, it would end the process.
      await waitFor(() => pool.totalCount === 0, 'the pool to drop its ended connection');

      const res = await request(billing.app.getHttpServer()).get('/readyz');
      expect(res.status).toBe(200);
      expect(res.body.checks).toEqual({ database: 'ok' });
    } finally {
      await billing.close();
    }
  });

  it('documents its routes in the OpenAPI document', async () => {
    const res = await request(server()).get('/openapi.json');

    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/create-checkout-session',
        '/api/activate-subscription',
        '/api/check-subscription',
        '/api/create-portal-session',
        '/api/stripe/webhook',
        '/api/billing/sandbox-portal',
        '/api/billing/sandbox-portal/cancel',
        '/api/billing/sandbox-checkout/{id}',
        '/api/members/sign-in',
        '/api/members/sign-in/confirm',
        '/api/members/sign-out',
        '/api/members/me',
      ]),
    );
  });
});
