import useSWRMutation from 'swr/mutation';
import { apiPath, type ActivationRequest, type ActivationResponse } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

export const activationKey = [apiPath('activateSubscription')] as const;

/**
 * Activates the session (it also sets the access cookie). An OK answer can still report a
 * subscription that gives no access (canceled since): the caller must read `hasAccess`.
 */
export async function activateSubscription(
  key: typeof activationKey,
  { arg: sessionId }: { arg: string },
): Promise<ActivationResponse> {
  const body: ActivationRequest = { sessionId };
  // Spec section 8: a non-OK answer raises the general rule's `status: body`.
  const response = await apiPost<ActivationResponse>(key, body);
  if (!response || typeof response.hasAccess !== 'boolean') {
    throw new Error('Activation answered without hasAccess');
  }
  return response;
}

export function useActivateSubscription() {
  return useSWRMutation(activationKey, activateSubscription);
}
