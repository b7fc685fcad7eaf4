import useSWRMutation from 'swr/mutation';
import { apiPath, type PortalResponse } from '@probedge/proto';
import { apiPost, HttpError } from '../../../lib/api-client';

export type PortalOutcome = { kind: 'portal'; url: string } | { kind: 'no-access' };

export const portalSessionKey = [apiPath('createPortalSession')] as const;

/** The customer portal's address, or no-access when the visitor has no subscription (401). */
export async function createPortalSession(key: typeof portalSessionKey): Promise<PortalOutcome> {
  try {
    // Spec section 8: a non-OK answer raises the general rule's `status: body`.
    const response = await apiPost<PortalResponse>(key);
    if (!response || typeof response.url !== 'string' || !response.url) {
      throw new Error('The billing portal answered without a url');
    }
    return { kind: 'portal', url: response.url };
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return { kind: 'no-access' };
    throw error;
  }
}

export function useCreatePortalSession() {
  return useSWRMutation(portalSessionKey, createPortalSession);
}
