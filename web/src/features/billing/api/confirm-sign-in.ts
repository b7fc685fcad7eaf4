import type { SignInConfirmed, SignInConfirmRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

/** Uses the mailed link's token once; the answer sets the member session cookie. */
export async function confirmSignIn(token: string): Promise<SignInConfirmed> {
  const body: SignInConfirmRequest = { token };
  const response = await apiPost<SignInConfirmed>('/api/members/sign-in/confirm', body);
  if (!response || typeof response.email !== 'string') {
    throw new Error('Sign-in answered without the member');
  }
  return response;
}
