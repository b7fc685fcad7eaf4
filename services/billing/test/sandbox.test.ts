import { createTestDatabase, type TestDatabase } from '@probedge/kit/testing';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { BILLING_PROVIDER, type BillingProvider } from '../src/provider/billing-provider';
import { query } from './db';
import { cookieFrom, MIGRATIONS_DIR, startBillingApp, type BillingApp } from './support';

describe('the sandbox provider (no Stripe key)', () => {
  let database: TestDatabase;
  let billing: BillingApp;
  const server = () => billing.app.getHttpServer();

  beforeAll(async () => {
    database = await createTestDatabase('probedge_billing_sandbox', MIGRATIONS_DIR);
    billing = await startBillingApp({
      DATABASE_URL: database.url,
      PUBLIC_URL: 'http://localhost:8080',
    });
  });

  afterAll(async () => {
    await billing?.close();
    await database?.drop();
  });

  it('runs the whole purchase offline: checkout page, success page, activation, access, portal, cancel', async () => {
    const checkout = await request(server())
      .post('/api/create-checkout-session')
      .send({ tier: 'professional' });
    expect(checkout.status).toBe(200);
    const url = new URL(checkout.body.url);
    const sessionId = /^\/api\/billing\/sandbox-checkout\/(cs_sandbox_[A-Za-z0-9]{24})$/.exec(
      url.pathname,
    )?.[1];
    expect(url.origin).toBe('http://localhost:8080');
    expect(sessionId).toBeDefined();
    const browser = cookieFrom(checkout.headers['set-cookie'], 'probedge_checkout')!;

    // Not paid yet: the page asks for the buyer's e-mail, as Stripe's does.
    const unpaid = await request(server())
      .post('/api/activate-subscription')
      .set('Cookie', browser)
      .send({ sessionId });
    expect(unpaid.status).toBe(402);
    const form = await request(server()).get(url.pathname);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Sandbox billing — no real payment');
    expect(form.text).toContain('<label for="email">E-mail</label>');
    expect(form.text).toContain(`action="/api/billing/sandbox-checkout/${sessionId}"`);
    expect(form.text).toContain('Pay $29.99 (sandbox)');

    const refused = await request(server())
      .post(url.pathname)
      .type('form')
      .send({ email: 'ann@@example' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('role="alert"');
    expect(refused.text).toContain('value="ann@@example"');

    const paid = await request(server())
      .post(url.pathname)
      .type('form')
      .send({ email: 'Ann@Example.com' });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:8080/subscribe/success?session_id=${sessionId}`,
    );
    // Paying again (a double submit) goes on to the same page and starts nothing new.
    const twice = await request(server())
      .post(url.pathname)
      .type('form')
      .send({ email: 'x@example.com' });
    expect(twice.status).toBe(303);
    expect(
      await query(database.url, 'SELECT email FROM sandbox_sessions WHERE id = $1', [sessionId]),
    ).toEqual([{ email: 'ann@example.com' }]);

    const activation = await request(server())
      .post('/api/activate-subscription')
      .set('Cookie', browser)
      .send({ sessionId });
    expect(activation.status).toBe(200);
    expect(activation.body).toEqual({ hasAccess: true, status: 'active' });
    const cookie = activation.headers['set-cookie'] as unknown as string[];
    expect(cookie[0]).toMatch(/^probedge_access=.+HttpOnly/);

    expect(
      (await request(server()).get('/api/check-subscription').set('Cookie', cookie)).body,
    ).toEqual({
      hasAccess: true,
    });

    const portal = await request(server()).post('/api/create-portal-session').set('Cookie', cookie);
    expect(portal.status).toBe(200);
    expect(portal.body).toEqual({ url: 'http://localhost:8080/api/billing/sandbox-portal' });

    const page = await request(server()).get('/api/billing/sandbox-portal').set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('Sandbox billing — no real payment');
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toMatch(/<span data-status>active<\/span>/);
    expect(page.text).toContain('action="/api/billing/sandbox-portal/cancel"');
    expect(page.text).toContain('href="http://localhost:8080/account"');

    const cancel = await request(server())
      .post('/api/billing/sandbox-portal/cancel')
      .set('Cookie', cookie);
    expect(cancel.status).toBe(303);
    expect(cancel.headers.location).toBe('/api/billing/sandbox-portal');

    expect(
      (await request(server()).get('/api/check-subscription').set('Cookie', cookie)).body,
    ).toEqual({
      hasAccess: false,
    });
    const after = await request(server()).get('/api/billing/sandbox-portal').set('Cookie', cookie);
    expect(after.text).toMatch(/<span data-status>canceled<\/span>/);
    expect(after.text).not.toContain('Cancel subscription');
  });

  it('names the configured brand and support address on the portal page', async () => {
    const branded = await startBillingApp({
      DATABASE_URL: database.url,
      PUBLIC_URL: 'http://localhost:8080',
      BRAND_NAME: 'Northwind Markets',
      SUPPORT_EMAIL: 'help@northwind.example',
    });
    try {
      const page = await request(branded.app.getHttpServer()).get('/api/billing/sandbox-portal');
      expect(page.status).toBe(401);
      expect(page.text).toContain('<title>Sandbox billing portal — Northwind Markets</title>');
      expect(page.text).toContain('>Return to Northwind Markets</a>');
      expect(page.text).toContain('<a href="mailto:help@northwind.example">');
      expect(page.text).not.toContain('ProbEdge');
    } finally {
      await branded.close();
    }
  });

  it('replays a checkout retried with the same Idempotency-Key', async () => {
    const send = (cookie = '') =>
      request(server())
        .post('/api/create-checkout-session')
        .set('Cookie', cookie)
        .set('Idempotency-Key', 'sandbox-retry-0001')
        .send({ tier: 'professional' });

    const first = await send();
    const again = await send(cookieFrom(first.headers['set-cookie'], 'probedge_checkout'));

    expect(again.body.url).toBe(first.body.url);
    const sessions = await query(database.url, 'SELECT id FROM sandbox_sessions');
    expect(sessions.filter((row) => first.body.url.endsWith(row.id as string))).toHaveLength(1);
  });

  it('gives simultaneous retries with one Idempotency-Key one session, and no orphan', async () => {
    const browser = cookieFrom(
      (await request(server()).post('/api/create-checkout-session').send({ tier: 'professional' }))
        .headers['set-cookie'],
      'probedge_checkout',
    )!;
    const sessionsBefore = (await query(database.url, 'SELECT id FROM sandbox_sessions')).length;
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        request(server())
          .post('/api/create-checkout-session')
          .set('Cookie', browser)
          .set('Idempotency-Key', 'sandbox-race-0001')
          .send({ tier: 'professional' }),
      ),
    );

    expect(responses.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(new Set(responses.map((res) => res.body.url)).size).toBe(1);
    // The sandbox, like Stripe, answers a key it has seen with its session: none is left unrecorded.
    const sessions = await query(database.url, 'SELECT id FROM sandbox_sessions');
    expect(sessions).toHaveLength(sessionsBefore + 1);
    expect(responses[0].body.url).toContain(sessions.at(-1)!.id as string);
  });

  it('gives a retry after a crash between the sandbox session and its checkout row that session', async () => {
    const browser = cookieFrom(
      (await request(server()).post('/api/create-checkout-session').send({ tier: 'professional' }))
        .headers['set-cookie'],
      'probedge_checkout',
    )!;
    const browserHash = createHash('sha256')
      .update(browser.slice(browser.indexOf('=') + 1))
      .digest('hex');
    // What a process that died after the provider answered left behind: a session, no checkout row.
    const provider = billing.app.get<BillingProvider>(BILLING_PROVIDER);
    const orphan = await provider.createCheckoutSession({
      priceId: 'price_sandbox_professional',
      successUrl: 'http://localhost:8080/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:8080/subscribe?canceled=true',
      idempotencyKey: `checkout:b:${browserHash}:sandbox-crash-0001`,
    });
    const sessionsBefore = (await query(database.url, 'SELECT id FROM sandbox_sessions')).length;

    const retry = await request(server())
      .post('/api/create-checkout-session')
      .set('Cookie', browser)
      .set('Idempotency-Key', 'sandbox-crash-0001')
      .send({ tier: 'professional' });

    expect(retry.status).toBe(200);
    expect(retry.body.url).toBe(orphan.url);
    expect(await query(database.url, 'SELECT id FROM sandbox_sessions')).toHaveLength(
      sessionsBefore,
    );
  });

  it('still rejects unknown tiers, malformed and unknown sessions', async () => {
    expect(
      (await request(server()).post('/api/create-checkout-session').send({ tier: 'gold' })).status,
    ).toBe(400);
    expect(
      (
        await request(server())
          .post('/api/activate-subscription')
          .send({ sessionId: 'cs_sandbox_x' })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(server())
          .post('/api/activate-subscription')
          .send({ sessionId: `cs_sandbox_${'Z'.repeat(24)}` })
      ).status,
    ).toBe(404);
  });

  it('answers 404 for the checkout page of an unknown or malformed session', async () => {
    const unknown = await request(server()).get(
      `/api/billing/sandbox-checkout/cs_sandbox_${'Z'.repeat(24)}`,
    );
    const malformed = await request(server()).get('/api/billing/sandbox-checkout/cs_test_1');

    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(400);
  });

  it('answers 401 for the portal without an access cookie', async () => {
    const portal = await request(server()).post('/api/create-portal-session');
    const page = await request(server()).get('/api/billing/sandbox-portal');
    const cancel = await request(server()).post('/api/billing/sandbox-portal/cancel');

    expect(portal.status).toBe(401);
    expect(page.status).toBe(401);
    expect(page.text).toContain('Sandbox billing — no real payment');
    expect(cancel.status).toBe(401);
    expect(cancel.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('refuses webhooks, which only Stripe can sign', async () => {
    const res = await request(server())
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=abc')
      .send('{"id":"evt_1"}');

    expect(res.status).toBe(400);
  });
});
