import type { ActivationRequest, ActivationResponse } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

/** An OK answer is the success (spec section 7); it also sets the access cookie. */
export async function activateSubscription(sessionId: string): Promise<void> {
  const body: ActivationRequest = { sessionId };
  await apiPost<ActivationResponse>('/api/activate-subscription', body, {
    failureMessage: 'Failed to activate subscription',
  });
}
