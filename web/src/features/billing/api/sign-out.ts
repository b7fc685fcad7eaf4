import useSWRMutation from 'swr/mutation';
import { apiPost } from '../../../lib/api-client';

export const signOutKey = ['/api/members/sign-out'] as const;

export async function signOut(key: typeof signOutKey): Promise<void> {
  await apiPost(key);
}

export function useSignOut() {
  return useSWRMutation(signOutKey, signOut);
}
