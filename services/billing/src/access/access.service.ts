import { Inject, Injectable } from '@nestjs/common';
import { BillingRepository } from '../billing/billing.repository';
import { BILLING_CONFIG } from '../config/billing-config';
import type { BillingConfig } from '../config/env';
import { MembersRepository, type MemberRow } from '../members/members.repository';
import { planCatalog } from '../plans/plans.util';
import { hashToken, isWellFormedToken } from './access-cookie.util';
import { grantsAccess } from './access.util';
import type { Visitor } from './visitor-cookies';

export interface AccessState {
  hasAccess: boolean;
  /** The subscription status that decides it, or 'none' when there is no subscription. */
  status: string;
}

/**
 * Who a browser is to billing, and whether it may use the app: through the purchase cookie (the
 * customer whose checkout it completed) or the member session (every customer of that member).
 */
@Injectable()
export class AccessService {
  private readonly priceId: string;

  constructor(
    @Inject(BILLING_CONFIG) config: BillingConfig,
    private readonly billing: BillingRepository,
    private readonly members: MembersRepository,
  ) {
    this.priceId = planCatalog(config).professional.priceId;
  }

  /** The customer the purchase cookie was issued to, while it is valid. */
  async purchaseCustomer(accessToken: string | undefined): Promise<string | null> {
    if (!isWellFormedToken(accessToken)) return null;
    return this.billing.customerForToken(hashToken(accessToken), new Date());
  }

  /** The signed-in member, while the session is valid and not revoked. */
  async member(memberToken: string | undefined): Promise<MemberRow | null> {
    if (!isWellFormedToken(memberToken)) return null;
    return this.members.memberForSession(hashToken(memberToken), new Date());
  }

  /** Every customer whose subscriptions count for this browser, the purchase cookie's first. */
  async customersOf(visitor: Visitor): Promise<string[]> {
    const [purchase, member] = await Promise.all([
      this.purchaseCustomer(visitor.accessToken),
      this.member(visitor.memberToken),
    ]);
    const fromMember = member ? await this.members.customersOf(member.id) : [];
    return [...new Set([...(purchase ? [purchase] : []), ...fromMember])];
  }

  async hasAccess(visitor: Visitor): Promise<boolean> {
    return (await this.stateOf(await this.customersOf(visitor))).hasAccess;
  }

  /** The customer a portal opens for: the first one with access. */
  async customerWithAccess(visitor: Visitor): Promise<string | null> {
    for (const customerId of await this.customersOf(visitor)) {
      if ((await this.stateOf([customerId])).hasAccess) return customerId;
    }
    return null;
  }

  /** Access through any of the customers; else the status of the newest subscription. */
  async stateOf(customerIds: string[]): Promise<AccessState> {
    if (customerIds.length === 0) return { hasAccess: false, status: 'none' };
    const subscriptions = await this.billing.subscriptionsOfCustomers(customerIds, this.priceId);
    const now = new Date();
    const granting = subscriptions.find((subscription) => grantsAccess(subscription, now));
    if (granting) return { hasAccess: true, status: granting.status };
    return { hasAccess: false, status: subscriptions[0]?.status ?? 'none' };
  }
}
