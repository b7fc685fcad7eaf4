import useSWRMutation from 'swr/mutation';
import { apiPath, type SignInConfirmed, type SignInConfirmRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

export const confirmSignInKey = [apiPath('memberSignInConfirm')] as const;

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
