import useSWRMutation from 'swr/mutation';
import { apiPath, type SignInAccepted, type SignInRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

/** A link asked for: the address, and when (a new one can be asked for a while after). */
export interface SignInLinkSent {
  email: string;
  sentAt: number;
  message: string;
}

export const signInKey = [apiPath('memberSignIn')] as const;

/** Asks for a sign-in link; the answer is the same whether or not the address is a member. */
export async function requestSignIn(
  key: typeof signInKey,
  { arg }: { arg: SignInRequest },
): Promise<SignInLinkSent> {
  const body: SignInRequest = { email: arg.email, ...(arg.returnTo && { returnTo: arg.returnTo }) };
  const response = await apiPost<SignInAccepted>(key, body);
  return { email: arg.email, sentAt: Date.now(), message: response?.message ?? '' };
}

export function useRequestSignIn() {
  return useSWRMutation(signInKey, requestSignIn);
}
