import type { PlanTier } from '@probedge/proto';
import { SANDBOX_PRICE_ID, type BillingConfig } from '../config/env';

export interface Plan {
  tier: PlanTier;
  priceId: string;
}

/** The catalog in code: one tier, priced by configuration (or the sandbox price without Stripe). */
export function planCatalog(config: BillingConfig): Record<PlanTier, Plan> {
  const priceId = config.STRIPE_SECRET_KEY ? config.STRIPE_PRICE_ID! : SANDBOX_PRICE_ID;
  return { professional: { tier: 'professional', priceId } };
}
