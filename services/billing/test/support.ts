import path from 'node:path';
import type { NestFastifyApplication } from '@probedge/kit';
import { createTestDatabase, initTestApp, type TestDatabase } from '@probedge/kit/testing';
import Stripe from 'stripe';
import request from 'supertest';
import { AppModule, OPENAPI } from '../src/app.module';
import { loadBillingConfig, type BillingConfig } from '../src/config/env';
import { FakeStripe, type FakeSubscription, type SessionOutcome } from './fake-stripe';

export const MIGRATIONS_DIR = path.join(__dirname, '..', 'prisma', 'migrations');
export const PRICE_ID = 'price_1ProfessionalMonthly';
export const OTHER_PRICE_ID = 'price_1SomeoneElsesProduct';
export const WEBHOOK_SECRET = 'whsec_test_probedge_fake_secret';

export interface BillingApp {
  app: NestFastifyApplication;
  config: BillingConfig;
  close(): Promise<void>;
}

/** The real app (raw body on, like main.ts) on the given database. */
export async function startBillingApp(env: NodeJS.ProcessEnv): Promise<BillingApp> {
  const config = loadBillingConfig({ LOG_LEVEL: 'silent', ...env });
  const app = await initTestApp(AppModule.forRoot(config), config, {
    openapi: OPENAPI,
    rawBody: true,
    formBody: true,
  });
  return { app, config, close: () => app.close() };
}

export interface StripeTestContext {
  database: TestDatabase;
  stripe: FakeStripe;
  /** http PUBLIC_URL */
  billing: BillingApp;
  /** A second app on the same database with an https PUBLIC_URL. */
  secureBilling: BillingApp;
}

export function stripeEnv(database: TestDatabase, stripe: FakeStripe): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: '4',
    PUBLIC_URL: 'http://localhost:8080',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: PRICE_ID,
    STRIPE_API_BASE_URL: stripe.url,
    STRIPE_MAX_NETWORK_RETRIES: '0',
  };
}

/** A database of its own, the fake Stripe API, and the billing app pointed at both. */
export function useStripeBilling(
  prefix: string,
  extraEnv: () => NodeJS.ProcessEnv = () => ({}),
): StripeTestContext {
  const context = {} as StripeTestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase(prefix, MIGRATIONS_DIR);
    context.stripe = await new FakeStripe().start();
    const env = { ...stripeEnv(context.database, context.stripe), ...extraEnv() };
    context.billing = await startBillingApp(env);
    context.secureBilling = await startBillingApp({
      ...env,
      PUBLIC_URL: 'https://probedge.example',
    });
  });
  afterAll(async () => {
    await context.billing?.close();
    await context.secureBilling?.close();
    await context.stripe?.stop();
    await context.database?.drop();
  });
  return context;
}

const signer = new Stripe('sk_test_signer_only');

/** A Stripe-Signature header as Stripe computes it, optionally for another time or secret. */
export function signPayload(
  payload: string,
  options: { timestamp?: number; secret?: string } = {},
): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
  });
}

let eventCounter = 0;

export function eventPayload(type: string, object: unknown, created: number, id?: string): string {
  eventCounter += 1;
  return JSON.stringify({
    id: id ?? `evt_test_${Date.now().toString(36)}${eventCounter}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** checkout.session.completed of a subscription checkout, as Stripe sends it (`details`: more fields). */
export function checkoutCompletedPayload(
  session: { id: string; customer: string | null; subscription: string | null },
  created: number,
  options: { eventId?: string; details?: Record<string, unknown> } = {},
): string {
  return eventPayload(
    'checkout.session.completed',
    {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      customer: session.customer,
      subscription: session.subscription,
      ...options.details,
    },
    created,
    options.eventId,
  );
}

/** Delivers a webhook to the app as Stripe does, signed with the test secret (null: unsigned). */
export function deliverWebhook(
  billing: BillingApp,
  payload: string,
  signature: string | null = signPayload(payload),
) {
  const req = request(billing.app.getHttpServer())
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json');
  return (signature === null ? req : req.set('Stripe-Signature', signature)).send(payload);
}

/** The Set-Cookie header of a response, split into its name, value and attributes. */
export function parseSetCookie(header: string | string[] | undefined) {
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) return undefined;
  const [pair, ...attributes] = first.split(';').map((part) => part.trim());
  const index = pair!.indexOf('=');
  return {
    name: pair!.slice(0, index),
    value: pair!.slice(index + 1),
    attributes: attributes.map((attribute) => attribute.toLowerCase()),
    raw: first,
  };
}

/** The Cookie header value (name=value) of a Set-Cookie for the named cookie, if set. */
export function cookieFrom(setCookie: unknown, name: string): string | undefined {
  const headers = Array.isArray(setCookie) ? (setCookie as string[]) : [];
  const found = headers.find((header) => header.startsWith(`${name}=`));
  return found?.split(';')[0];
}

export interface StartedCheckout {
  sessionId: string;
  /** The checkout cookie the browser got (name=value). */
  checkoutCookie: string;
  url: string;
}

/** A browser starts checkout through billing, sending the cookies it holds. */
export async function startCheckout(
  app: BillingApp,
  cookies: string[] = [],
): Promise<StartedCheckout> {
  const req = request(app.app.getHttpServer()).post('/api/create-checkout-session');
  if (cookies.length > 0) req.set('Cookie', cookies);
  const res = await req.send({ tier: 'professional' });
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${res.text}`);
  const url = res.body.url as string;
  const sessionId = /\/(cs_[A-Za-z0-9_]+)$/.exec(new URL(url).pathname)?.[1];
  const name = app.config.PUBLIC_URL.startsWith('https:')
    ? '__Host-probedge_checkout'
    : 'probedge_checkout';
  const checkoutCookie = cookieFrom(res.headers['set-cookie'], name);
  if (!sessionId || !checkoutCookie) throw new Error(`no session id or checkout cookie in ${url}`);
  return { sessionId, checkoutCookie, url };
}

export interface PaidCheckout extends StartedCheckout {
  subscription: FakeSubscription | null;
}

/** A checkout started by a browser, then settled at the Stripe fake as the buyer did. */
export async function buy(
  app: BillingApp,
  stripe: FakeStripe,
  outcome: SessionOutcome = {},
  cookies: string[] = [],
): Promise<PaidCheckout> {
  const started = await startCheckout(app, cookies);
  return { ...started, subscription: stripe.settleSession(started.sessionId, outcome) };
}
