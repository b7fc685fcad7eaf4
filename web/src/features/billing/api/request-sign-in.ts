import type { SignInAccepted, SignInRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

/** Asks for a sign-in link; the answer is the same whether or not the address is a member. */
export async function requestSignIn(email: string, returnTo?: string): Promise<string> {
  const body: SignInRequest = { email, ...(returnTo && { returnTo }) };
  const response = await apiPost<SignInAccepted>('/api/members/sign-in', body);
  return response?.message ?? '';
}
