import type { ActivationRequest, ActivationResponse } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

/**
 * Activates the session (it also sets the access cookie). An OK answer can still report a
 * subscription that gives no access (canceled since): the caller must read `hasAccess`.
 */
export async function activateSubscription(sessionId: string): Promise<ActivationResponse> {
  const body: ActivationRequest = { sessionId };
  const response = await apiPost<ActivationResponse>('/api/activate-subscription', body, {
    failureMessage: 'Failed to activate subscription',
  });
  if (!response || typeof response.hasAccess !== 'boolean') {
    throw new Error('Activation answered without hasAccess');
  }
  return response;
}
