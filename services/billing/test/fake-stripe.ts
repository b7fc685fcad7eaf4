import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  params: URLSearchParams;
}

interface FakeSession {
  id: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | null;
  subscription: string | null;
  priceId: string;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
  /** customer_email when created; customer_details.email once paid. */
  email: string | null;
}

export interface SessionOutcome {
  status?: FakeSession['status'];
  paymentStatus?: FakeSession['payment_status'];
  subscriptionStatus?: string;
  /** What the buyer typed on Stripe's page (customer_details.email). */
  email?: string;
  /** Another price than the one the session was created with. */
  priceId?: string;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  created: number;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string, length = 24): string {
  return prefix + [...randomBytes(length)].map((byte) => ALNUM[byte % ALNUM.length]).join('');
}

/** A subscription object shaped like the API's (billing period on the items since 2025-03-31). */
export function subscriptionObject(sub: FakeSubscription) {
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    created: sub.created,
    livemode: false,
    metadata: {},
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: 'subscription_item',
          subscription: sub.id,
          quantity: 1,
          current_period_start: sub.currentPeriodEnd - 30 * 86_400,
          current_period_end: sub.currentPeriodEnd,
          price: {
            id: sub.priceId,
            object: 'price',
            product: 'prod_fake',
            recurring: { interval: 'month' },
          },
        },
      ],
    },
  };
}

/**
 * Answers like Stripe's API for what billing uses: form-encoded requests, JSON objects, Stripe's error
 * shape and statuses, bearer-key auth and Idempotency-Key replay of POSTs.
 */
export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly secretKey = 'sk_test_fake_probedge';
  /** When set, every request answers 500 (the provider is down). */
  failing = false;
  /** Runs before each request is answered: a test can look at the caller's state meanwhile. */
  beforeAnswer?: (method: string, path: string) => Promise<void>;
  /** How far Stripe's clock (its Date header, object and event times) is from this machine's. */
  clockSkewSeconds = 0;
  private readonly replays = new Map<string, { body: string; status: number; response: string }>();
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Stripe's time in whole seconds, as its objects and events carry it. */
  nowSeconds(): number {
    return Math.floor(Date.now() / 1000) + this.clockSkewSeconds;
  }

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  addSubscription(fields: Partial<FakeSubscription> & { priceId: string }): FakeSubscription {
    const sub: FakeSubscription = {
      id: stripeId('sub_'),
      customer: stripeId('cus_', 14),
      status: 'active',
      currentPeriodEnd: this.nowSeconds() + 30 * 86_400,
      cancelAtPeriodEnd: false,
      created: this.nowSeconds(),
      ...fields,
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  /** A session as if the visitor had paid (or not) on Stripe's page. */
  addSession(fields: {
    priceId: string;
    status?: FakeSession['status'];
    paymentStatus?: FakeSession['payment_status'];
    subscriptionStatus?: string;
    customer?: string;
  }): { sessionId: string; subscription: FakeSubscription | null } {
    const id = stripeId('cs_test_', 58);
    const status = fields.status ?? 'complete';
    const subscription =
      status === 'complete'
        ? this.addSubscription({
            priceId: fields.priceId,
            status: fields.subscriptionStatus ?? 'active',
            ...(fields.customer && { customer: fields.customer }),
          })
        : null;
    this.sessions.set(id, {
      id,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      status,
      payment_status: fields.paymentStatus ?? (status === 'complete' ? 'paid' : 'unpaid'),
      customer: subscription?.customer ?? fields.customer ?? null,
      subscription: subscription?.id ?? null,
      priceId: fields.priceId,
      success_url: 'http://localhost:8080/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8080/subscribe?canceled=true',
      created: this.nowSeconds(),
      expires_at: this.nowSeconds() + 86_400,
      email: null,
    });
    return { sessionId: id, subscription };
  }

  /**
   * What the visitor did on Stripe's page for a session billing created: by default paid and
   * subscribed; a status, payment status or subscription status says otherwise.
   */
  settleSession(id: string, outcome: SessionOutcome = {}): FakeSubscription | null {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No such fake session ${id}`);
    const status = outcome.status ?? 'complete';
    if (outcome.priceId) session.priceId = outcome.priceId;
    const subscription =
      status === 'complete'
        ? this.addSubscription({
            priceId: session.priceId,
            status: outcome.subscriptionStatus ?? 'active',
            ...(session.customer && { customer: session.customer }),
          })
        : null;
    Object.assign(session, {
      status,
      payment_status: outcome.paymentStatus ?? (status === 'complete' ? 'paid' : 'unpaid'),
      customer: subscription?.customer ?? session.customer,
      subscription: subscription?.id ?? null,
      email: outcome.email ?? session.email,
    });
    return subscription;
  }

  /** The visitor pays on Stripe's page for a session billing created: complete, paid, subscribed. */
  completeSession(id: string): FakeSubscription {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No such fake session ${id}`);
    const subscription = this.addSubscription({
      priceId: session.priceId,
      ...(session.customer && { customer: session.customer }),
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: subscription.customer,
      subscription: subscription.id,
    });
    return subscription;
  }

  private sessionObject(session: FakeSession, expand: string[]) {
    const sub = session.subscription ? this.subscriptions.get(session.subscription) : undefined;
    return {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: session.status,
      payment_status: session.payment_status,
      customer: session.customer,
      customer_email: session.email,
      customer_details:
        session.status === 'complete' && session.email ? { email: session.email } : null,
      subscription:
        expand.includes('subscription') && sub ? subscriptionObject(sub) : session.subscription,
      success_url: session.success_url,
      cancel_url: session.cancel_url,
      url: session.status === 'open' ? session.url : null,
      created: session.created,
      expires_at: session.expires_at,
      livemode: false,
      ...(expand.includes('line_items') && {
        line_items: {
          object: 'list',
          has_more: false,
          url: `/v1/checkout/sessions/${session.id}/line_items`,
          data: [
            {
              id: stripeId('li_'),
              object: 'item',
              quantity: 1,
              price: { id: session.priceId, object: 'price', product: 'prod_fake' },
            },
          ],
        },
      }),
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
    await this.beforeAnswer?.(req.method ?? '', url.pathname);
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      headers: req.headers,
      params,
    });

    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      const text = JSON.stringify(payload);
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': stripeId('req_'),
        date: new Date(this.nowSeconds() * 1000).toUTCString(),
        ...headers,
      });
      res.end(text);
      return { status, text };
    };
    const error = (status: number, type: string, message: string, code?: string) =>
      send(status, { error: { type, message, ...(code && { code }) } });

    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      error(401, 'invalid_request_error', 'Invalid API Key provided');
      return;
    }
    if (this.failing) {
      error(500, 'api_error', 'Something went wrong on our end');
      return;
    }

    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string') {
      const replay = this.replays.get(key);
      if (replay) {
        if (replay.body !== body) {
          error(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
          return;
        }
        res.writeHead(replay.status, {
          'content-type': 'application/json',
          'idempotent-replayed': 'true',
          date: new Date(this.nowSeconds() * 1000).toUTCString(),
        });
        res.end(replay.response);
        return;
      }
    }
    const outcome = this.route(req.method ?? 'GET', url.pathname, params, send, error);
    if (req.method === 'POST' && typeof key === 'string' && outcome && outcome.status < 500) {
      this.replays.set(key, { body, status: outcome.status, response: outcome.text });
    }
  }

  private route(
    method: string,
    path: string,
    params: URLSearchParams,
    send: (status: number, payload: unknown) => { status: number; text: string },
    error: (
      status: number,
      type: string,
      message: string,
      code?: string,
    ) => { status: number; text: string },
  ): { status: number; text: string } | undefined {
    const expand = params
      .getAll('expand[]')
      .concat(
        [...params.keys()]
          .filter((name) => /^expand\[\d+\]$/.test(name))
          .map((name) => params.get(name)!),
      );
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const priceId = params.get('line_items[0][price]');
      if (params.get('mode') !== 'subscription' || !priceId) {
        return error(
          400,
          'invalid_request_error',
          'Missing required param: line_items[0][price].',
          'parameter_missing',
        );
      }
      const id = stripeId('cs_test_', 58);
      const session: FakeSession = {
        id,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        customer: params.get('customer'),
        subscription: null,
        priceId,
        success_url: params.get('success_url') ?? '',
        cancel_url: params.get('cancel_url') ?? '',
        created: this.nowSeconds(),
        expires_at: this.nowSeconds() + 86_400,
        email: params.get('customer_email'),
      };
      this.sessions.set(id, session);
      return send(200, this.sessionObject(session, []));
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = this.sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) {
        return error(
          404,
          'invalid_request_error',
          `No such checkout.session: '${sessionMatch[1]}'`,
          'resource_missing',
        );
      }
      return send(200, this.sessionObject(session, expand));
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscriptionMatch) {
      const sub = this.subscriptions.get(decodeURIComponent(subscriptionMatch[1]!));
      if (!sub) {
        return error(
          404,
          'invalid_request_error',
          `No such subscription: '${subscriptionMatch[1]}'`,
          'resource_missing',
        );
      }
      return send(200, subscriptionObject(sub));
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = params.get('customer');
      if (!customer) {
        return error(
          400,
          'invalid_request_error',
          'Missing required param: customer.',
          'parameter_missing',
        );
      }
      const id = stripeId('bps_');
      return send(200, {
        id,
        object: 'billing_portal.session',
        customer,
        return_url: params.get('return_url'),
        url: `https://billing.stripe.com/p/session/test_${id}`,
        created: this.nowSeconds(),
        livemode: false,
      });
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }
}
