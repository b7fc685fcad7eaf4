import type { CheckoutRequest, CheckoutResponse, PlanTier } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

/** The checkout page's address; a response without one is a failure (spec section 5). */
export async function createCheckoutSession(tier: PlanTier): Promise<string> {
  const body: CheckoutRequest = { tier };
  const response = await apiPost<CheckoutResponse>('/api/create-checkout-session', body, {
    failureMessage: 'Failed to create checkout session',
  });
  if (!response || typeof response.url !== 'string' || !response.url) {
    throw new Error('Checkout answered without a url');
  }
  return response.url;
}
