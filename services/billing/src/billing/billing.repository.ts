import { Injectable } from '@nestjs/common';
import type { CheckoutSession, Prisma, Subscription } from '../generated/prisma/client';
import { TERMINAL_STATUSES, type SubscriptionSnapshot } from '../provider/billing-provider';
import { PrismaService } from '../prisma/prisma.service';

/** The client or the transaction a write belongs to. */
export type Db = Prisma.TransactionClient;

export type ApplyOutcome = 'applied' | 'stale' | 'tie' | 'terminal';

/**
 * Stripe stamps events and answers in whole seconds, from different machines: a different state
 * stamped this close to (or at) the stored one cannot be ordered by time and is re-read instead.
 */
export const STATE_TIME_DOUBT_MS = 2000;

export interface StoredSubscriptionState {
  snapshot: SubscriptionSnapshot;
  /** The price of ours among the subscription's items. */
  priceId: string;
  stateAt: Date;
}

@Injectable()
export class BillingRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Runs the writes together: a failure leaves nothing behind (webhook events included). */
  transaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.prisma.$transaction((tx) => work(tx));
  }

  async ensureCustomer(id: string, db: Db = this.prisma): Promise<void> {
    // Concurrent activations and webhooks for one customer must not trip over each other.
    await db.$executeRaw`INSERT INTO customers (id, created_at) VALUES (${id}, now()) ON CONFLICT DO NOTHING`;
  }

  async createAccessToken(
    tokenHash: string,
    customerId: string,
    expiresAt: Date,
    db: Db = this.prisma,
  ): Promise<void> {
    await db.accessToken.create({ data: { tokenHash, customerId, expiresAt } });
  }

  async customerForToken(tokenHash: string, now: Date): Promise<string | null> {
    const token = await this.prisma.accessToken.findFirst({
      where: { tokenHash, expiresAt: { gt: now } },
      select: { customerId: true },
    });
    return token?.customerId ?? null;
  }

  subscriptionsOf(customerId: string, priceId: string): Promise<Subscription[]> {
    return this.subscriptionsOfCustomers([customerId], priceId);
  }

  /** Newest state first. */
  subscriptionsOfCustomers(customerIds: string[], priceId: string): Promise<Subscription[]> {
    return this.prisma.subscription.findMany({
      where: { customerId: { in: customerIds }, priceId },
      orderBy: { stateAt: 'desc' },
    });
  }

  findSubscription(id: string, db: Db = this.prisma): Promise<Subscription | null> {
    return db.subscription.findUnique({ where: { id } });
  }

  /**
   * Stores a state unless the stored one is newer or terminal, in one statement so concurrent
   * deliveries cannot interleave. A terminal state (the subscription ended) wins over any time.
   * 'tie': not stored, because it differs from a stored state stamped at most STATE_TIME_DOUBT_MS later.
   */
  async applySubscription(
    state: StoredSubscriptionState,
    db: Db = this.prisma,
    force = false,
  ): Promise<ApplyOutcome> {
    const { snapshot, priceId, stateAt } = state;
    const terminal = [...TERMINAL_STATUSES];
    const rows = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO subscriptions
        (id, customer_id, price_id, status, current_period_end, cancel_at_period_end, state_at, updated_at)
      VALUES
        (${snapshot.id}, ${snapshot.customerId}, ${priceId}, ${snapshot.status},
         ${snapshot.currentPeriodEnd}, ${snapshot.cancelAtPeriodEnd}, ${stateAt}, now())
      ON CONFLICT (id) DO UPDATE SET
        customer_id = EXCLUDED.customer_id,
        price_id = EXCLUDED.price_id,
        status = EXCLUDED.status,
        current_period_end = EXCLUDED.current_period_end,
        cancel_at_period_end = EXCLUDED.cancel_at_period_end,
        state_at = GREATEST(subscriptions.state_at, EXCLUDED.state_at),
        updated_at = now()
      WHERE subscriptions.status <> ALL(${terminal})
        AND (${force} OR subscriptions.state_at < EXCLUDED.state_at OR EXCLUDED.status = ANY(${terminal}))
      RETURNING id`;
    if (rows.length > 0) return 'applied';
    const stored = await this.findSubscription(snapshot.id, db);
    if (!stored || (TERMINAL_STATUSES as readonly string[]).includes(stored.status)) {
      return 'terminal';
    }
    const same =
      stored.status === snapshot.status &&
      stored.cancelAtPeriodEnd === snapshot.cancelAtPeriodEnd &&
      stored.currentPeriodEnd?.getTime() === snapshot.currentPeriodEnd?.getTime();
    const close = stored.stateAt.getTime() - stateAt.getTime() <= STATE_TIME_DOUBT_MS;
    return close && !same ? 'tie' : 'stale';
  }

  findCheckout(id: string): Promise<CheckoutSession | null> {
    return this.prisma.checkoutSession.findUnique({ where: { id } });
  }

  /** true for the one call that activates the session; false when it was activated before. */
  async markActivated(id: string, at: Date, db: Db): Promise<boolean> {
    const { count } = await db.checkoutSession.updateMany({
      where: { id, activatedAt: null },
      data: { activatedAt: at },
    });
    return count === 1;
  }

  findCheckoutByKey(idempotencyKey: string): Promise<CheckoutSession | null> {
    return this.prisma.checkoutSession.findUnique({ where: { idempotencyKey } });
  }

  /** Returns the url stored for the key: a concurrent retry that won the race keeps its session. */
  async recordCheckout(session: {
    id: string;
    idempotencyKey: string;
    tier: string;
    url: string;
    customerId: string | null;
    expiresAt: Date | null;
    browserHash: string;
  }): Promise<string> {
    // No conflict target: a twin row by id (Stripe replayed) or by key (sandbox) both mean "already there".
    await this.prisma.$executeRaw`
      INSERT INTO checkout_sessions
        (id, idempotency_key, tier, url, customer_id, expires_at, browser_hash, created_at)
      VALUES (${session.id}, ${session.idempotencyKey}, ${session.tier}, ${session.url},
              ${session.customerId}, ${session.expiresAt}, ${session.browserHash}, now())
      ON CONFLICT DO NOTHING`;
    const row = await this.prisma.checkoutSession.findUnique({
      where: { idempotencyKey: session.idempotencyKey },
      select: { url: true },
    });
    return row?.url ?? session.url;
  }

  async forgetCheckout(id: string): Promise<void> {
    await this.prisma.checkoutSession.deleteMany({ where: { id } });
  }

  async markCheckoutCompleted(id: string, at: Date, db: Db = this.prisma): Promise<void> {
    await db.checkoutSession.updateMany({
      where: { id, completedAt: null },
      data: { completedAt: at },
    });
  }

  async isEventProcessed(id: string): Promise<boolean> {
    return (await this.prisma.webhookEvent.count({ where: { id } })) > 0;
  }

  /** false when the event was already recorded: the primary key makes a redelivery a no-op. */
  async recordEvent(
    event: { id: string; type: string; created: Date },
    db: Db = this.prisma,
  ): Promise<boolean> {
    const rows = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO webhook_events (id, type, created_at, processed_at)
      VALUES (${event.id}, ${event.type}, ${event.created}, now())
      ON CONFLICT (id) DO NOTHING
      RETURNING id`;
    return rows.length > 0;
  }
}
