import useSWRMutation from 'swr/mutation';
import type { SignInConfirmed } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

export const confirmSignInKey = ['/api/members/sign-in/confirm'] as const;

/** The person's choice on the confirm page, sent with the link's token. */
export interface SignInChoice {
  token: string;
  /** The link's address, named again: needed when another browser asked for the link. */
  confirmEmail?: string;
  /** The member signed in here now: needed to switch this browser to the link's member. */
  switchFrom?: string;
}

/** Uses the mailed link's token once; the answer sets the member session cookie. */
export async function confirmSignIn(
  key: typeof confirmSignInKey,
  { arg }: { arg: SignInChoice },
): Promise<SignInConfirmed> {
  const response = await apiPost<SignInConfirmed>(key, arg);
  if (!response || typeof response.email !== 'string') {
    throw new Error('Sign-in answered without the member');
  }
  return response;
}

export function useConfirmSignIn() {
  return useSWRMutation(confirmSignInKey, confirmSignIn);
}
