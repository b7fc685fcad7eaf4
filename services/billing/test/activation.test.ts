import { createHash } from 'node:crypto';
import request from 'supertest';
import { query } from './db';
import {
  buy,
  deliverWebhook,
  eventPayload,
  OTHER_PRICE_ID,
  parseSetCookie,
  startCheckout,
  useStripeBilling,
  type BillingApp,
} from './support';
import { subscriptionObject, type FakeSubscription, type SessionOutcome } from './fake-stripe';

describe('activation and access checks against the Stripe API', () => {
  const context = useStripeBilling('probedge_billing_activation');
  const server = () => context.billing.app.getHttpServer();

  /** The checkout cookie of the browser that started each session. */
  const browsers = new Map<string, string>();

  /** A checkout this test's browser started, settled at Stripe as the buyer paid (or not). */
  const paidSession = async (outcome: SessionOutcome = {}, app: BillingApp = context.billing) => {
    const paid = await buy(app, context.stripe, outcome);
    browsers.set(paid.sessionId, paid.checkoutCookie);
    return paid;
  };

  /** Activation from the browser that started the session (unless another cookie is given). */
  const activate = (
    sessionId: unknown,
    app = context.billing,
    cookie = browsers.get(String(sessionId)),
  ) => {
    const req = request(app.app.getHttpServer()).post('/api/activate-subscription');
    if (cookie) req.set('Cookie', cookie);
    return req.send({ sessionId });
  };

  const check = (cookie?: string | string[]) => {
    const req = request(server()).get('/api/check-subscription');
    return cookie ? req.set('Cookie', Array.isArray(cookie) ? cookie : [cookie]) : req;
  };

  describe('POST /api/activate-subscription', () => {
    it('activates a paid session and sets an httpOnly, SameSite=Lax access cookie on http', async () => {
      const { sessionId } = await paidSession();

      const res = await activate(sessionId);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ hasAccess: true, status: 'active' });
      const cookie = parseSetCookie(res.headers['set-cookie'])!;
      expect(cookie.name).toBe('probedge_access');
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);
      expect(cookie.attributes).toEqual(
        expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${30 * 86_400}`]),
      );
      expect(cookie.attributes).not.toContain('secure');
      const [retrieve] = context.stripe
        .requestsTo('GET', `/v1/checkout/sessions/${sessionId}`)
        .slice(-1);
      expect(
        retrieve!.params.getAll('expand[0]').concat(retrieve!.params.getAll('expand[1]')),
      ).toEqual(['line_items', 'subscription']);
    });

    it('stores only the SHA-256 hash of the token', async () => {
      const { sessionId } = await paidSession();
      const cookie = parseSetCookie((await activate(sessionId)).headers['set-cookie'])!;

      const hash = createHash('sha256').update(cookie.value).digest('hex');
      const rows = await query<{ token_hash: string }>(
        context.database.url,
        'SELECT token_hash FROM access_tokens WHERE token_hash = $1 OR token_hash = $2',
        [hash, cookie.value],
      );
      expect(rows).toEqual([{ token_hash: hash }]);
    });

    it('uses a Secure __Host- cookie when the public URL is https', async () => {
      const { sessionId } = await paidSession({}, context.secureBilling);

      const res = await activate(sessionId, context.secureBilling);

      expect(res.status).toBe(200);
      const cookie = parseSetCookie(res.headers['set-cookie'])!;
      expect(cookie.name).toBe('__Host-probedge_access');
      expect(cookie.attributes).toEqual(
        expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']),
      );
      expect(cookie.attributes.some((attribute) => attribute.startsWith('domain='))).toBe(false);
    });

    it('answers a repeated activation from the buying browser the same, without a new token', async () => {
      const { sessionId } = await paidSession();
      const tokens = () => query(context.database.url, 'SELECT token_hash FROM access_tokens');
      const first = await activate(sessionId);
      const before = await tokens();

      const second = await activate(sessionId);

      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(second.headers['set-cookie']).toBeUndefined();
      expect(await tokens()).toEqual(before);
      // The cookie of the first activation keeps working.
      expect((await check(first.headers['set-cookie'] as unknown as string[])).body).toEqual({
        hasAccess: true,
      });
      const rows = await query(
        context.database.url,
        'SELECT id FROM subscriptions WHERE customer_id = $1',
        [context.stripe.sessions.get(sessionId)!.customer],
      );
      expect(rows).toHaveLength(1);
    });

    it('activates one session requested several times at once', async () => {
      const { sessionId } = await paidSession();

      const responses = await Promise.all([1, 2, 3, 4].map(() => activate(sessionId)));

      expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(responses.map((res) => JSON.stringify(res.body)))).toEqual(
        new Set([JSON.stringify({ hasAccess: true, status: 'active' })]),
      );
      expect(responses.filter((res) => res.headers['set-cookie'] !== undefined)).toHaveLength(1);
    });

    it('returns 402 for a completed session that is not paid', async () => {
      const { sessionId } = await paidSession({ paymentStatus: 'unpaid' });

      const res = await activate(sessionId);

      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({ statusCode: 402, error: 'Payment Required' });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('returns 402 for a session still open at Stripe', async () => {
      const { sessionId } = await paidSession({ status: 'open' });

      const res = await activate(sessionId);

      expect(res.status).toBe(402);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('accepts a complete session that needed no payment', async () => {
      const { sessionId } = await paidSession({
        paymentStatus: 'no_payment_required',
        subscriptionStatus: 'trialing',
      });

      const res = await activate(sessionId);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ hasAccess: true, status: 'trialing' });
    });

    it('returns 404 for a session never started here', async () => {
      const res = await activate(`cs_test_${'a1B2'.repeat(10)}`);

      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('returns 404 for a paid session of another product', async () => {
      const { sessionId } = await paidSession({ priceId: OTHER_PRICE_ID });

      const res = await activate(sessionId);

      expect(res.status).toBe(404);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it.each([
      'not-a-session',
      'cs_test_short',
      'cs_test_has-dash-and-more-characters',
      'pi_test_a1B2c3D4e5F6g7H8i9J0',
      `cs_test_${'a'.repeat(201)}`,
      '',
      42,
      null,
    ])('returns 400 for the malformed session id %p without asking Stripe', async (sessionId) => {
      const before = context.stripe.requests.length;

      const res = await activate(sessionId);

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(context.stripe.requests).toHaveLength(before);
    });

    it('returns 502 when Stripe cannot be reached', async () => {
      const { sessionId } = await paidSession();
      context.stripe.failing = true;
      try {
        const res = await activate(sessionId);
        expect(res.status).toBe(502);
      } finally {
        context.stripe.failing = false;
      }
    });
  });

  describe('a purchase is bound to the browser that made it', () => {
    const tokenCount = async () =>
      (await query(context.database.url, 'SELECT token_hash FROM access_tokens')).length;

    it('gives nothing to an activation without the checkout cookie', async () => {
      const { sessionId } = await paidSession();
      const before = await tokenCount();

      const res = await activate(sessionId, context.billing, '');

      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'This checkout was completed in another browser. Sign in with the e-mail address you paid with to get access here.',
      );
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await tokenCount()).toBe(before);
    });

    it('gives nothing to a second client sending the same session id', async () => {
      const { sessionId } = await paidSession();
      expect((await activate(sessionId)).status).toBe(200);
      // The second client started a checkout of its own, so it holds a checkout cookie too.
      const other = await startCheckout(context.billing);

      const res = await activate(sessionId, context.billing, other.checkoutCookie);

      expect(res.status).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it("leaves a visitor's own access and next checkout alone when they open someone else's success link", async () => {
      const mine = await paidSession();
      const own = await activate(mine.sessionId);
      const visitorAccess = parseSetCookie(own.headers['set-cookie'])!;
      const visitorCookies = [`${visitorAccess.name}=${visitorAccess.value}`, mine.checkoutCookie];
      const someoneElse = await paidSession();
      const someoneElsesCustomer = someoneElse.subscription!.customer;

      const res = await activate(someoneElse.sessionId, context.billing, visitorCookies.join('; '));

      expect(res.status).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await check(visitorCookies)).body).toEqual({ hasAccess: true });
      await request(server())
        .post('/api/create-checkout-session')
        .set('Cookie', visitorCookies)
        .send({ tier: 'professional' })
        .expect(200);
      const created = context.stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
      expect(created.params.get('customer')).toBe(mine.subscription!.customer);
      expect(created.params.get('customer')).not.toBe(someoneElsesCustomer);
    });
  });

  describe('activation and webhooks for the same subscription', () => {
    const SKEWS = [
      ['behind', -120],
      ['in step with', 0],
      ['ahead of', 120],
    ] as const;

    const stored = async (id: string) =>
      (
        await query(
          context.database.url,
          'SELECT status, cancel_at_period_end FROM subscriptions WHERE id = $1',
          [id],
        )
      )[0];

    const deliver = (type: string, sub: FakeSubscription, created: number) => {
      const payload = eventPayload(type, subscriptionObject(sub), created);
      return deliverWebhook(context.billing, payload).expect(200);
    };

    afterEach(() => {
      context.stripe.clockSkewSeconds = 0;
    });

    it.each(SKEWS)(
      "keeps a change Stripe reports after the activation when Stripe's clock is %s this server's",
      async (_label, skew) => {
        context.stripe.clockSkewSeconds = skew;
        const { sessionId, subscription } = await paidSession();
        const sub = subscription!;
        const creation = { ...sub, status: 'incomplete' };
        const createdAt = context.stripe.nowSeconds() - 1;

        expect((await activate(sessionId)).body).toEqual({ hasAccess: true, status: 'active' });
        // The customer then cancels at the period's end; Stripe's event is stamped a second later.
        sub.cancelAtPeriodEnd = true;
        await deliver('customer.subscription.updated', sub, context.stripe.nowSeconds() + 1);
        // The creation event, older than everything above, arrives last.
        await deliver('customer.subscription.created', creation, createdAt);

        expect(await stored(sub.id)).toEqual({ status: 'active', cancel_at_period_end: true });
      },
    );

    it.each(SKEWS)(
      "stores the newer state an activation reads after a webhook when Stripe's clock is %s this server's",
      async (_label, skew) => {
        context.stripe.clockSkewSeconds = skew;
        const { sessionId, subscription } = await paidSession();
        const sub = subscription!;
        await deliver('customer.subscription.created', { ...sub }, context.stripe.nowSeconds());
        expect(await stored(sub.id)).toEqual({ status: 'active', cancel_at_period_end: false });

        // Stripe changes the subscription; its event is still on the way when the visitor activates.
        sub.status = 'past_due';
        const changedAt = context.stripe.nowSeconds();
        const activation = await activate(sessionId);

        expect(activation.body).toEqual({ hasAccess: true, status: 'past_due' });
        expect(await stored(sub.id)).toEqual({ status: 'past_due', cancel_at_period_end: false });
        await deliver('customer.subscription.updated', { ...sub }, changedAt);
        expect(await stored(sub.id)).toEqual({ status: 'past_due', cancel_at_period_end: false });
      },
    );
  });

  describe('GET /api/check-subscription', () => {
    it('is false without a cookie', async () => {
      const res = await check();

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ hasAccess: false });
    });

    it.each([
      `probedge_access=${'A'.repeat(43)}`,
      'probedge_access=garbage',
      'probedge_access=%ZZ',
    ])('is false for the bogus cookie %p', async (cookie) => {
      const res = await check(cookie);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ hasAccess: false });
    });

    it('is true for an active subscription', async () => {
      const { sessionId } = await paidSession();
      const cookie = (await activate(sessionId)).headers['set-cookie'] as unknown as string[];

      expect((await check(cookie)).body).toEqual({ hasAccess: true });
    });

    it('is true for a past_due subscription within its paid period', async () => {
      const { sessionId } = await paidSession({ subscriptionStatus: 'past_due' });
      const activation = await activate(sessionId);

      expect(activation.body).toEqual({ hasAccess: true, status: 'past_due' });
      expect((await check(activation.headers['set-cookie'] as unknown as string[])).body).toEqual({
        hasAccess: true,
      });
    });

    it('is false once the subscription is canceled', async () => {
      const { sessionId, subscription } = await paidSession();
      const cookie = (await activate(sessionId)).headers['set-cookie'] as unknown as string[];
      expect((await check(cookie)).body).toEqual({ hasAccess: true });

      const payload = eventPayload(
        'customer.subscription.deleted',
        subscriptionObject({ ...subscription!, status: 'canceled' }),
        Math.floor(Date.now() / 1000) + 5,
      );
      const webhook = await deliverWebhook(context.billing, payload);
      expect(webhook.status).toBe(200);

      expect((await check(cookie)).body).toEqual({ hasAccess: false });
    });

    it('does not accept the http cookie name on the https deployment', async () => {
      const { sessionId } = await paidSession();
      const cookie = parseSetCookie((await activate(sessionId)).headers['set-cookie'])!;

      const res = await request(context.secureBilling.app.getHttpServer())
        .get('/api/check-subscription')
        .set('Cookie', `probedge_access=${cookie.value}`);
      const prefixed = await request(context.secureBilling.app.getHttpServer())
        .get('/api/check-subscription')
        .set('Cookie', `__Host-probedge_access=${cookie.value}`);

      expect(res.body).toEqual({ hasAccess: false });
      expect(prefixed.body).toEqual({ hasAccess: true });
    });
  });
});
