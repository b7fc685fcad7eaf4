import { createTestDatabase, type TestDatabase } from '@probedge/kit/testing';
import request from 'supertest';
import { query } from './db';
import { MIGRATIONS_DIR, startBillingApp, type BillingApp } from './support';

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

  it('runs the whole purchase offline: checkout, success page, activation, access, portal, cancel', async () => {
    const checkout = await request(server())
      .post('/api/create-checkout-session')
      .send({ tier: 'professional' });
    expect(checkout.status).toBe(200);
    const url = new URL(checkout.body.url);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8080/subscribe/success');
    const sessionId = url.searchParams.get('session_id')!;
    expect(sessionId).toMatch(/^cs_sandbox_[A-Za-z0-9]{24}$/);

    const activation = await request(server())
      .post('/api/activate-subscription')
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

  it('replays a checkout retried with the same Idempotency-Key', async () => {
    const send = () =>
      request(server())
        .post('/api/create-checkout-session')
        .set('Idempotency-Key', 'sandbox-retry-0001')
        .send({ tier: 'professional' });

    const first = await send();
    const again = await send();

    expect(again.body.url).toBe(first.body.url);
    const sessions = await query(database.url, 'SELECT id FROM sandbox_sessions');
    expect(sessions.filter((row) => first.body.url.endsWith(row.id as string))).toHaveLength(1);
  });

  it('gives simultaneous retries with one Idempotency-Key one session', async () => {
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        request(server())
          .post('/api/create-checkout-session')
          .set('Idempotency-Key', 'sandbox-race-0001')
          .send({ tier: 'professional' }),
      ),
    );

    expect(responses.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(new Set(responses.map((res) => res.body.url)).size).toBe(1);
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
