import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type {
  ActivationResponse,
  CheckoutResponse,
  PlanTier,
  PortalResponse,
} from '@probedge/proto';
import { AccessService } from '../access/access.service';
import { hashToken, isWellFormedToken, newAccessToken } from '../access/access-cookie.util';
import type { Visitor } from '../access/visitor-cookies';
import { BILLING_CONFIG } from '../config/billing-config';
import type { BillingConfig } from '../config/env';
import { normalisedOrRaw } from '../members/member-email.util';
import { MembersRepository } from '../members/members.repository';
import { planCatalog, type Plan } from '../plans/plans.util';
import {
  BILLING_PROVIDER,
  ProviderUnavailableError,
  type BillingProvider,
  type SubscriptionSnapshot,
} from '../provider/billing-provider';
import { BillingError } from './billing.errors';
import { BillingRepository, type Db } from './billing.repository';

/** Stripe's own limit on idempotency keys is 255 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

export const OTHER_BROWSER_MESSAGE =
  'This checkout was completed in another browser. Sign in with the e-mail address you paid with to get access here.';

export interface StartedCheckout {
  response: CheckoutResponse;
  /** The checkout cookie value to (re)set: this browser's binding to its checkouts. */
  checkoutToken: string;
}

export interface IssuedAccess {
  response: ActivationResponse;
  /** The purchase cookie value to hand to the browser; none when the session was activated before. */
  token?: string;
}

/**
 * A subscription state too close in time to the stored one to order them: it is re-read from the
 * provider, outside the transaction, and the work runs again with that state.
 */
class StateTie extends Error {
  constructor(readonly subscriptionId: string) {
    super(`subscription ${subscriptionId}: states too close to order`);
  }
}

/** Writes a subscription state within a transaction; true when it was stored. */
export type StoreState = (snapshot: SubscriptionSnapshot) => Promise<boolean>;

@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);
  private readonly plan: Plan;

  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(BILLING_PROVIDER) private readonly provider: BillingProvider,
    private readonly repository: BillingRepository,
    private readonly members: MembersRepository,
    private readonly access: AccessService,
  ) {
    this.plan = planCatalog(config).professional;
  }

  get priceId(): string {
    return this.plan.priceId;
  }

  async createCheckout(
    tier: PlanTier,
    clientKey: string | undefined,
    visitor: Visitor,
  ): Promise<StartedCheckout> {
    if (clientKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(clientKey)) {
      throw new BillingError(
        'IDEMPOTENCY_KEY_INVALID',
        'Idempotency-Key must be 8-200 characters of letters, digits and _ . : -',
      );
    }
    const plan = planCatalog(this.config)[tier];
    const checkoutToken = isWellFormedToken(visitor.checkoutToken)
      ? visitor.checkoutToken
      : newAccessToken();
    const browserHash = hashToken(checkoutToken);
    const member = await this.access.member(visitor.memberToken);
    // One customer per member: a signed-in member's next checkout reuses their first customer.
    const customerId =
      (member ? (await this.members.customersOf(member.id))[0] : undefined) ??
      (await this.access.purchaseCustomer(visitor.accessToken)) ??
      undefined;
    // Scoped to the visitor (member, else this browser), so two visitors never share a session.
    const scope = member ? `m:${member.id}` : `b:${browserHash}`;
    const idempotencyKey = `checkout:${scope}:${clientKey ?? randomUUID()}`;
    if (clientKey !== undefined) {
      const earlier = await this.repository.findCheckoutByKey(idempotencyKey);
      if (earlier && (!earlier.expiresAt || earlier.expiresAt.getTime() > Date.now())) {
        return { response: { url: earlier.url }, checkoutToken };
      }
      // An expired session cannot be paid any more: the retry gets a fresh one.
      if (earlier) await this.repository.forgetCheckout(earlier.id);
    }
    const base = this.config.PUBLIC_URL.replace(/\/+$/, '');
    const session = await this.call(() =>
      this.provider.createCheckoutSession({
        priceId: plan.priceId,
        customerId,
        customerEmail: member && !customerId ? member.email : undefined,
        successUrl: `${base}/subscribe/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/subscribe?canceled=true`,
        idempotencyKey,
      }),
    );
    const url = await this.repository.recordCheckout({
      id: session.id,
      idempotencyKey,
      tier,
      url: session.url,
      customerId: customerId ?? null,
      expiresAt: session.expiresAt,
      browserHash,
    });
    return { response: { url }, checkoutToken };
  }

  /**
   * Gives the browser that started a paid checkout access, once. Any other browser, or a second
   * activation, gets nothing new: the buyer signs in with the e-mail they paid with instead.
   */
  async activate(sessionId: string, visitor: Visitor): Promise<IssuedAccess> {
    const started = await this.repository.findCheckout(sessionId);
    if (!started) throw new BillingError('CHECKOUT_NOT_FOUND', 'No such checkout session');
    if (
      !started.browserHash ||
      !isWellFormedToken(visitor.checkoutToken) ||
      hashToken(visitor.checkoutToken) !== started.browserHash
    ) {
      throw new BillingError('CHECKOUT_OTHER_BROWSER', OTHER_BROWSER_MESSAGE);
    }
    const session = await this.call(() => this.provider.retrieveCheckoutSession(sessionId));
    if (!session) throw new BillingError('CHECKOUT_NOT_FOUND', 'No such checkout session');
    const paid =
      session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required';
    if (session.status !== 'complete' || !paid) {
      throw new BillingError('CHECKOUT_UNPAID', 'Checkout is not complete and paid');
    }
    if (!session.priceIds.includes(this.plan.priceId)) {
      throw new BillingError(
        'CHECKOUT_NOT_OUR_PLAN',
        `This checkout session is not for a ${this.config.BRAND_NAME} plan`,
      );
    }
    const subscription = session.subscription;
    if (!session.customerId || !subscription) {
      throw new BillingError('CHECKOUT_NO_SUBSCRIPTION', 'Checkout has no subscription yet');
    }
    const customerId = session.customerId;
    const token = newAccessToken();
    // Stamped with Stripe's clock, as webhook events are: this server's clock may run ahead or
    // behind, and a later event must never look older than the state read here.
    const stateAt = session.observedAt ?? new Date();
    const issued = await this.transactWithState(subscription, stateAt, async (db, store) => {
      await this.repository.ensureCustomer(customerId, db);
      if (session.customerEmail) {
        await this.members.linkCustomer(customerId, normalisedOrRaw(session.customerEmail), db);
      }
      await store(subscription);
      await this.repository.markCheckoutCompleted(session.id, new Date(), db);
      if (!(await this.repository.markActivated(session.id, new Date(), db))) return false;
      await this.repository.createAccessToken(hashToken(token), customerId, this.tokenExpiry(), db);
      return true;
    });
    const state = await this.access.stateOf([customerId]);
    return {
      ...(issued && { token }),
      response: {
        hasAccess: state.hasAccess,
        status: state.status === 'none' ? subscription.status : state.status,
      },
    };
  }

  /** Only a visitor with access gets the portal (spec resolutions: /account explains otherwise). */
  async createPortal(visitor: Visitor): Promise<PortalResponse> {
    const customerId = await this.access.customerWithAccess(visitor);
    if (!customerId) {
      throw new BillingError(
        'NO_ACTIVE_SUBSCRIPTION',
        'No active subscription is linked to this browser',
      );
    }
    const returnUrl = `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/account`;
    return this.call(() => this.provider.createPortalSession(customerId, returnUrl));
  }

  /**
   * Runs `work` in one transaction with a `store` for subscription states. A state that cannot be
   * ordered against the stored one by time is read again from the provider — after the
   * transaction is rolled back, so no network call happens while it is open — and `work` runs
   * again with the provider's current state.
   */
  async transactWithState<T>(
    snapshot: SubscriptionSnapshot | null,
    stateAt: Date,
    work: (db: Db, store: StoreState) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.repository.transaction((db) =>
        work(db, (state) => this.store(state, stateAt, db, false)),
      );
    } catch (error) {
      if (!(error instanceof StateTie) || !snapshot) throw error;
      const current = await this.call(() =>
        this.provider.retrieveSubscription(error.subscriptionId),
      );
      return this.repository.transaction((db) =>
        work(db, (state) =>
          state.id === error.subscriptionId
            ? current
              ? this.store(current, stateAt, db, true)
              : Promise.resolve(false)
            : this.store(state, stateAt, db, false),
        ),
      );
    }
  }

  /**
   * Stores a subscription state observed at `stateAt` if it is ours and newer than what is stored.
   * A different state whose time is too close to the stored one's throws StateTie (see
   * transactWithState); `force` stores the provider's current state over it.
   */
  private async store(
    snapshot: SubscriptionSnapshot,
    stateAt: Date,
    db: Db,
    force: boolean,
  ): Promise<boolean> {
    if (!snapshot.priceIds.includes(this.plan.priceId) || !snapshot.customerId) return false;
    await this.repository.ensureCustomer(snapshot.customerId, db);
    const state = { snapshot, priceId: this.plan.priceId, stateAt };
    const outcome = await this.repository.applySubscription(state, db, force);
    if (outcome === 'tie') throw new StateTie(snapshot.id);
    return outcome === 'applied';
  }

  private tokenExpiry(): Date {
    return new Date(Date.now() + this.config.ACCESS_COOKIE_MAX_AGE_DAYS * 86_400_000);
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        this.logger.warn({ err: error.message }, 'payment provider unavailable');
        throw new BillingError(
          'PROVIDER_UNAVAILABLE',
          'The payment provider is unavailable; please try again',
          error,
        );
      }
      throw error;
    }
  }
}
