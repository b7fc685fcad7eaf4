import { randomUUID } from 'node:crypto';
import {
  BadGatewayException,
  BadRequestException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type {
  ActivationResponse,
  CheckoutResponse,
  PlanTier,
  PortalResponse,
} from '@probedge/proto';
import {
  accessCookie,
  hashToken,
  isWellFormedToken,
  newAccessToken,
} from '../access/access-cookie.util';
import { grantsAccess } from '../access/access.util';
import { BILLING_CONFIG } from '../config/billing-config';
import type { BillingConfig } from '../config/env';
import { planCatalog, type Plan } from '../plans/plans.util';
import {
  BILLING_PROVIDER,
  ProviderUnavailableError,
  type BillingProvider,
  type SubscriptionSnapshot,
} from '../provider/billing-provider';
import { BillingRepository, type Db } from './billing.repository';

/** Stripe's own limit on idempotency keys is 255 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

export interface IssuedAccess {
  response: ActivationResponse;
  /** The cookie value to hand to the browser. */
  token: string;
}

@Injectable()
export class BillingService {
  private readonly plan: Plan;

  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(BILLING_PROVIDER) private readonly provider: BillingProvider,
    private readonly repository: BillingRepository,
  ) {
    this.plan = planCatalog(config).professional;
  }

  get cookie() {
    return accessCookie(this.config.PUBLIC_URL, this.config.ACCESS_COOKIE_MAX_AGE_DAYS);
  }

  get priceId(): string {
    return this.plan.priceId;
  }

  async createCheckout(
    tier: PlanTier,
    clientKey: string | undefined,
    accessToken: string | undefined,
  ): Promise<CheckoutResponse> {
    if (clientKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(clientKey)) {
      throw new BadRequestException(
        'Idempotency-Key must be 8-200 characters of letters, digits and _ . : -',
      );
    }
    const plan = planCatalog(this.config)[tier];
    const customerId = (await this.customerFor(accessToken)) ?? undefined;
    // Scoped to the visitor so two visitors sending the same key never share a session.
    const idempotencyKey = `checkout:${customerId ?? 'new'}:${clientKey ?? randomUUID()}`;
    if (clientKey !== undefined) {
      const earlier = await this.repository.findCheckoutByKey(idempotencyKey);
      if (earlier && (!earlier.expiresAt || earlier.expiresAt.getTime() > Date.now())) {
        return { url: earlier.url };
      }
      // An expired session cannot be paid any more: the retry gets a fresh one.
      if (earlier) await this.repository.forgetCheckout(earlier.id);
    }
    const base = this.config.PUBLIC_URL.replace(/\/+$/, '');
    const session = await this.call(() =>
      this.provider.createCheckoutSession({
        priceId: plan.priceId,
        customerId,
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
    });
    return { url };
  }

  async activate(sessionId: string): Promise<IssuedAccess> {
    const session = await this.call(() => this.provider.retrieveCheckoutSession(sessionId));
    if (!session) throw new NotFoundException('No such checkout session');
    const paid =
      session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required';
    if (session.status !== 'complete' || !paid) {
      throw new HttpException('Checkout is not complete and paid', HttpStatus.PAYMENT_REQUIRED);
    }
    if (!session.priceIds.includes(this.plan.priceId)) {
      throw new NotFoundException('This checkout session is not for a ProbEdge plan');
    }
    const subscription = session.subscription;
    if (!session.customerId || !subscription) {
      throw new HttpException('Checkout has no subscription yet', HttpStatus.PAYMENT_REQUIRED);
    }
    const customerId = session.customerId;
    const token = newAccessToken();
    const stored = await this.repository.transaction(async (db) => {
      await this.repository.ensureCustomer(customerId, db);
      // Stamped with Stripe's clock, as webhook events are: this server's clock may run ahead or
      // behind, and a later event must never look older than the state read here.
      await this.store(subscription, session.observedAt ?? new Date(), db);
      await this.repository.markCheckoutCompleted(session.id, new Date(), db);
      await this.repository.createAccessToken(hashToken(token), customerId, this.tokenExpiry(), db);
      return this.repository.findSubscription(subscription.id, db);
    });
    const state = stored ?? subscription;
    return {
      token,
      response: { hasAccess: grantsAccess(state, new Date()), status: state.status },
    };
  }

  async hasAccess(accessToken: string | undefined): Promise<boolean> {
    const customerId = await this.customerFor(accessToken);
    return customerId !== null && (await this.customerHasAccess(customerId));
  }

  /** Only a visitor with access gets the portal (spec resolutions: /account explains otherwise). */
  async createPortal(accessToken: string | undefined): Promise<PortalResponse> {
    const customerId = await this.customerFor(accessToken);
    if (!customerId || !(await this.customerHasAccess(customerId))) {
      throw new UnauthorizedException('No active subscription is linked to this browser');
    }
    const returnUrl = `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/account`;
    return this.call(() => this.provider.createPortalSession(customerId, returnUrl));
  }

  private async customerHasAccess(customerId: string): Promise<boolean> {
    const subscriptions = await this.repository.subscriptionsOf(customerId, this.plan.priceId);
    const now = new Date();
    return subscriptions.some((subscription) => grantsAccess(subscription, now));
  }

  /** The customer the cookie's token was issued to, while it is valid. */
  async customerFor(accessToken: string | undefined): Promise<string | null> {
    if (!isWellFormedToken(accessToken)) return null;
    return this.repository.customerForToken(hashToken(accessToken), new Date());
  }

  /**
   * Stores a subscription state observed at `stateAt` if it is ours and newer than what is stored.
   * Two different states whose times are too close to order are settled by asking the provider
   * for the current one.
   */
  async store(snapshot: SubscriptionSnapshot, stateAt: Date, db: Db): Promise<boolean> {
    if (!snapshot.priceIds.includes(this.plan.priceId) || !snapshot.customerId) return false;
    await this.repository.ensureCustomer(snapshot.customerId, db);
    const state = { snapshot, priceId: this.plan.priceId, stateAt };
    const outcome = await this.repository.applySubscription(state, db);
    if (outcome !== 'tie') return outcome === 'applied';
    const current = await this.call(() => this.provider.retrieveSubscription(snapshot.id));
    if (!current) return false;
    return (
      (await this.repository.applySubscription({ ...state, snapshot: current }, db, true)) ===
      'applied'
    );
  }

  private tokenExpiry(): Date {
    return new Date(Date.now() + this.config.ACCESS_COOKIE_MAX_AGE_DAYS * 86_400_000);
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        throw new BadGatewayException('The payment provider is unavailable; please try again');
      }
      throw error;
    }
  }
}
