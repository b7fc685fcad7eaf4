import useSWRMutation from 'swr/mutation';
import {
  apiPath,
  type CheckoutRequest,
  type CheckoutResponse,
  type PlanTier,
} from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

/** A fresh key for one checkout attempt (getRandomValues works outside secure contexts too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export interface CheckoutAttempt {
  tier: PlanTier;
  idempotencyKey: string;
}

export const checkoutSessionKey = [apiPath('createCheckoutSession')] as const;

/**
 * The checkout page's address; a response without one is a failure (spec section 5). The same
 * `idempotencyKey` on a retry gets the same checkout session back instead of a second one.
 */
export async function createCheckoutSession(
  key: typeof checkoutSessionKey,
  { arg }: { arg: CheckoutAttempt },
): Promise<string> {
  const body: CheckoutRequest = { tier: arg.tier };
  // Spec section 8: a non-OK answer raises the general rule's `status: body`.
  const response = await apiPost<CheckoutResponse>(key, body, {
    headers: { 'Idempotency-Key': arg.idempotencyKey },
  });
  if (!response || typeof response.url !== 'string' || !response.url) {
    throw new Error('Checkout answered without a url');
  }
  return response.url;
}

export function useCreateCheckoutSession() {
  return useSWRMutation(checkoutSessionKey, createCheckoutSession);
}
