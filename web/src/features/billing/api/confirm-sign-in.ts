import useSWRMutation from 'swr/mutation';
import type { SignInConfirmed, SignInConfirmRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

export const confirmSignInKey = ['/api/members/sign-in/confirm'] as const;

/** Uses the mailed link's token once; the answer sets the member session cookie. */
export async function confirmSignIn(
  key: typeof confirmSignInKey,
  { arg }: { arg: SignInConfirmRequest },
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
